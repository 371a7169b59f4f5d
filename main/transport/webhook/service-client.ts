import { silentLogger, type Logger } from '../../log.js';
import { createServiceClient, type ServiceClient, type ServiceResult as RestResult } from '../../service/index.js';
import type { ReplyBody, ServiceResult, V4ServiceClient } from './types.js';

/**
 * The v4 calls the receiver needs, over the one REST client (Bearer + Pos-Id, time-outs, errors
 * as values, the API key never in a message). Status null = the service was not reached.
 */
export function v4ClientOver(client: Pick<ServiceClient, 'configure' | 'whoAmIV4' | 'reply'>): V4ServiceClient {
  const adapt = <T>(r: RestResult<T>): ServiceResult =>
    r.ok ? { ok: true, status: 200, body: r.value } : { ok: false, status: r.status === 0 ? null : r.status, code: r.code, message: r.message };
  return {
    configure: async (webhookUrl: string) => adapt(await client.configure(webhookUrl)),
    whoAmI: async () => adapt(await client.whoAmIV4()),
    reply: async (body: ReplyBody) => adapt(await client.reply(body)),
  };
}

export function createV4ServiceClient(options: { serviceUrl: string; apiKey: string; posId: string; timeoutMs?: number; log?: Logger }): V4ServiceClient {
  return v4ClientOver(
    createServiceClient({
      baseUrl: options.serviceUrl,
      apiKey: options.apiKey,
      posId: options.posId,
      log: options.log ?? silentLogger(),
      ...(options.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {}),
    }),
  );
}
