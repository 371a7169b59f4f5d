import type { Clock } from '../clock.js';
import type { Logger } from '../log.js';
import type { MethodDispatcher, TransportKind } from '../methods/types.js';
import { createServiceClient, type ServiceClient } from '../service/index.js';
import type { BillStore } from '../store/index.js';
import { createLongPollTransport, createWsTransport, type SessionState, type Transport } from '../transport/index.js';
import { createWebhookTransport, v4ClientOver, type WebhookTransport } from '../transport/webhook/index.js';
import { recoverPayments } from '../recovery/index.js';

export interface ConnectionConfig {
  serviceUrl: string;
  apiKey: string;
  posId: string;
  transport: TransportKind;
  serviceName: string;
  language: string;
  webhook: { host: string; port: number; publicUrl: string };
}

export interface ConnectionDeps {
  config: ConnectionConfig;
  store: BillStore;
  dispatcher: MethodDispatcher;
  clock: Clock;
  log: Logger;
  onState: (state: SessionState) => void;
  onRestaurant: (restaurant: { id: string; name: string }) => void;
  /** Tests shorten the service's delays. */
  tuning?: { recoverySweepMs?: number; restartDelayMs?: number; pingIntervalMs?: number; pongTimeoutMs?: number; backoff?: { minMs: number; maxMs: number } };
}

/** While connected, pending payments are also checked this often: a missed paymentClosed or a
 * late paymentStart whose payment the service already cancelled does not wait for a reconnect. */
export const RECOVERY_SWEEP_MS = 5 * 60 * 1000;

/**
 * One session with the service: the REST client, the transport of the configured kind, and what
 * runs on every (re)connect: payment recovery first, then who-am-i for the restaurant's name.
 */
export function createConnection(deps: ConnectionDeps) {
  const { config, store, dispatcher, clock } = deps;
  const log = deps.log.child({ mod: 'connection', transport: config.transport });
  const client: ServiceClient = createServiceClient({
    baseUrl: config.serviceUrl,
    apiKey: config.apiKey,
    posId: config.posId,
    language: config.language,
    serviceName: config.serviceName,
    log: deps.log,
  });
  const common = { serviceUrl: config.serviceUrl, apiKey: config.apiKey, posId: config.posId, dispatcher, clock, log: deps.log };
  const { recoverySweepMs: _sweep, ...transportTuning } = deps.tuning ?? {};
  let transport: Transport;
  if (config.transport === 'webhook') {
    transport = createWebhookTransport({
      ...common,
      host: config.webhook.host,
      port: config.webhook.port,
      publicUrl: config.webhook.publicUrl,
      store,
      ...(deps.tuning?.backoff ? { backoff: { baseMs: deps.tuning.backoff.minMs, maxMs: deps.tuning.backoff.maxMs } } : {}),
      serviceClient: v4ClientOver(client),
    });
  } else if (config.transport === 'longpoll') {
    transport = createLongPollTransport({ ...common, ...transportTuning });
  } else {
    transport = createWsTransport({ ...common, ...transportTuning });
  }

  let recovering: Promise<unknown> = Promise.resolve();
  const recover = () => {
    recovering = recovering
      .then(async () => {
        const summary = await recoverPayments({
          store,
          clock,
          log: deps.log,
          getPayment: async (id) => {
            const answer = await client.getPayment(id);
            if (answer.ok) return answer.value;
            if (answer.status === 404) return null;
            throw new Error(answer.message);
          },
        });
        if (summary.checked > 0) log.info({ summary }, 'payment recovery done');
      })
      .catch((e: unknown) => log.error({ err: e }, 'recovery failed; it runs again on the next connect or sweep'));
  };
  // The restaurant's name for the status bar, asked beside recovery rather than after it.
  let naming: Promise<void> = Promise.resolve();
  const name = () => {
    naming = client.whoAmI().then((who) => {
      if (who.ok) deps.onRestaurant(who.value);
      else log.warn({ code: who.code }, `who-am-i failed: ${who.message}`);
    });
  };
  const offState = transport.onState(deps.onState);
  const offConnected = transport.onConnected(() => {
    recover();
    name();
  });
  const sweep = setInterval(() => {
    if (transport.state().status === 'connected' && store.pendingPayments().length > 0) recover();
  }, deps.tuning?.recoverySweepMs ?? RECOVERY_SWEEP_MS);
  sweep.unref();

  return {
    client,
    transport,
    /** The receiver's local URL for the webhook transport, else null. */
    webhookUrl: (): string | null => (transport.kind === 'webhook' ? (transport as WebhookTransport).url : null),
    start: () => transport.start(),
    async stop(): Promise<void> {
      clearInterval(sweep);
      offState();
      offConnected();
      await transport.stop();
      await Promise.all([recovering, naming]);
    },
  };
}
export type Connection = ReturnType<typeof createConnection>;
