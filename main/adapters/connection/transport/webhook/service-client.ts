import type { Clock } from '../../../../base/clock.js';
import { silentLogger, type Logger } from '../../../../base/log.js';
import { createServiceClient, type ServiceClient } from '../../../../base/service/index.js';
import type { V4ServiceClient } from './types.js';

/**
 * The v4 calls the receiver needs, over the one REST client (Bearer + Pos-Id, time-outs, errors
 * as values, the API key never in a message).
 */
export function v4ClientOver(client: Pick<ServiceClient, 'configure' | 'whoAmIV4' | 'reply'>): V4ServiceClient {
  return {
    configure: (webhookUrl) => client.configure(webhookUrl),
    whoAmI: () => client.whoAmIV4(),
    reply: (body) => client.reply(body),
  };
}

export function createV4ServiceClient(options: {
  serviceUrl: string;
  apiKey: string;
  posId: string;
  timeoutMs?: number;
  clock?: Clock;
  log?: Logger;
}): V4ServiceClient {
  return v4ClientOver(
    createServiceClient({
      baseUrl: options.serviceUrl,
      apiKey: options.apiKey,
      posId: options.posId,
      log: options.log ?? silentLogger(),
      ...(options.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {}),
      ...(options.clock ? { clock: options.clock } : {}),
    }),
  );
}
