import type { Clock } from '../../base/clock.js';
import type { Logger } from '../../base/log.js';
import type { MethodDispatcher, TransportKind } from '../../base/method-types.js';
import { createMenuSync, createOrderStatusSender, type MenuSync, type OrderStatusSender } from '../../features/orders/index.js';
import { createReceiptSender, type ReceiptSender } from '../../features/receipts/index.js';
import { paymentLookup, recoverPayments, StalledPayments } from '../../features/payments/recovery/index.js';
import { createServiceClient, type ServiceClient } from '../../base/service/index.js';
import type { BillsStore, PaymentsStore, OrdersStore, ReceiptsStore, EventsStore, StoreEngine } from '../../store/index.js';
import { createLongPollTransport, createWsTransport, type BackoffOptions, type ConnectionState, type Transport } from './transport/index.js';
import { createWebhookTransport, v4ClientOver, type WebhookTransport } from './transport/webhook/index.js';

export interface ConnectionConfig {
  serviceUrl: string;
  apiKey: string;
  posId: string;
  transport: TransportKind;
  serviceName: string;
  language: string;
  webhook: { host: string; port: number; publicUrl: string };
}

/** Tests shorten the service's delays. */
export interface ConnectionTuning {
  recoverySweepMs?: number;
  restartDelayMs?: number;
  pingIntervalMs?: number;
  pongTimeoutMs?: number;
  backoff?: BackoffOptions;
  /** Jitter source of the backoff. */
  random?: () => number;
}

export interface ConnectionDeps {
  config: ConnectionConfig;
  store: BillsStore & PaymentsStore & OrdersStore & ReceiptsStore & EventsStore & StoreEngine;
  dispatcher: MethodDispatcher;
  clock: Clock;
  log: Logger;
  onState: (state: ConnectionState) => void;
  onRestaurant: (restaurant: { id: string; name: string }) => void;
  tuning?: ConnectionTuning;
}

export interface Connection {
  /** The REST client of this link's service and key. */
  client: ServiceClient;
  transport: Transport;
  /** The receiver's local URL for the webhook transport, else null. */
  webhookUrl: () => string | null;
  menuSync: MenuSync;
  statusSender: OrderStatusSender;
  receiptSender: ReceiptSender;
  /** Starts the stalled-payment watch and the REST senders, then connects the transport. */
  start: () => Promise<void>;
  /** Stops everything started and waits for what is on its way (recovery, who-am-i, sends). */
  stop(): Promise<void>;
}

/** While connected, pending payments are also checked this often: a missed paymentClosed or a
 * late paymentStart whose payment the service already cancelled does not wait for a reconnect. */
export const RECOVERY_SWEEP_MS = 5 * 60 * 1000;

/**
 * The connection with the service: the REST client, the transport of the configured kind, and what
 * runs on every (re)connect: payment recovery first, then who-am-i for the restaurant's name.
 */
export function createConnection(deps: ConnectionDeps): Connection {
  const { config, clock } = deps;
  const log = deps.log.child({ mod: 'link', transport: config.transport });
  const client: ServiceClient = createServiceClient({
    baseUrl: config.serviceUrl,
    apiKey: config.apiKey,
    posId: config.posId,
    language: config.language,
    serviceName: config.serviceName,
    clock,
    log: deps.log,
  });
  const getPayment = paymentLookup(client, config.transport);
  // A payment the service stops calling about is asked after 2 minutes, not at the next sweep.
  const stalled = new StalledPayments({ store: deps.store, getPayment, clock, log: deps.log });
  const transport = transportFor({ ...deps, dispatcher: stalled.observe(deps.dispatcher) }, client);
  const recovery = recoveryRunner(deps, getPayment, log);
  // The restaurant's name for the status bar, asked beside recovery rather than after it.
  let naming: Promise<void> = Promise.resolve();
  const name = () => {
    naming = client.whoAmI().then((who) => {
      if (who.ok) deps.onRestaurant(who.value);
      else log.warn({ code: who.code }, `who-am-i failed: ${who.message}`);
    });
  };
  // Menu pushes and order statuses go over REST, whatever the transport (main/orders).
  const menuSync = createMenuSync({ store: deps.store, client, clock, log: deps.log, backoff: deps.tuning?.backoff, random: deps.tuning?.random });
  const statusSender = createOrderStatusSender({ store: deps.store, client, clock, log: deps.log, backoff: deps.tuning?.backoff, random: deps.tuning?.random });
  // The main POS's fiscal receipts, from the store's outbox, over REST too.
  const receiptSender = createReceiptSender({ store: deps.store, client, clock, log: deps.log, backoff: deps.tuning?.backoff, random: deps.tuning?.random });
  const offState = transport.onState(deps.onState);
  const offConnected = transport.onConnected(() => {
    recovery.run();
    name();
  });
  const sweep = clock.setInterval(() => {
    if (transport.state().status !== 'connected') return;
    const pending = deps.store.pendingPayments().length;
    if (pending === 0) return;
    log.info({ pending }, 'recovery sweep: checking pending payments');
    recovery.run();
  }, deps.tuning?.recoverySweepMs ?? RECOVERY_SWEEP_MS);

  return {
    client,
    transport,
    /** The receiver's local URL for the webhook transport, else null. */
    webhookUrl: (): string | null => (transport.kind === 'webhook' ? (transport as WebhookTransport).url : null),
    menuSync,
    statusSender,
    receiptSender,
    start: () => {
      stalled.start();
      menuSync.start();
      statusSender.start();
      receiptSender.start();
      return transport.start();
    },
    async stop(): Promise<void> {
      clock.clearTimeout(sweep);
      const asked = stalled.stop();
      await Promise.all([menuSync.stop(), statusSender.stop(), receiptSender.stop()]);
      offState();
      offConnected();
      await transport.stop();
      await Promise.all([recovery.done(), naming, asked]);
    },
  };
}

/** The transport of the configured kind, on the connection's clock, REST client and tuning. */
function transportFor(deps: ConnectionDeps, client: ServiceClient): Transport {
  const { config, store, dispatcher, clock } = deps;
  const common = { serviceUrl: config.serviceUrl, apiKey: config.apiKey, posId: config.posId, dispatcher, clock, log: deps.log };
  const { recoverySweepMs: _sweep, ...tuning } = deps.tuning ?? {};
  if (config.transport === 'webhook') {
    const { pingIntervalMs: _ping, pongTimeoutMs: _pong, ...webhookTuning } = tuning;
    return createWebhookTransport({
      ...common,
      ...webhookTuning,
      host: config.webhook.host,
      port: config.webhook.port,
      publicUrl: config.webhook.publicUrl,
      store,
      serviceClient: v4ClientOver(client),
    });
  }
  if (config.transport === 'longpoll') {
    const { pingIntervalMs: _ping, pongTimeoutMs: _pong, ...pollTuning } = tuning;
    return createLongPollTransport({ ...common, ...pollTuning });
  }
  return createWsTransport({ ...common, ...tuning });
}

/** Payment recovery, one run at a time: on every (re)connect and on the sweep. */
function recoveryRunner(deps: ConnectionDeps, getPayment: ReturnType<typeof paymentLookup>, log: Logger): { run(): void; done(): Promise<unknown> } {
  let recovering: Promise<unknown> = Promise.resolve();
  return {
    run() {
      recovering = recovering
        .then(async () => {
          const summary = await recoverPayments({ store: deps.store, clock: deps.clock, log: deps.log, getPayment });
          if (summary.checked > 0) log.info({ summary }, 'payment recovery done');
        })
        .catch((e: unknown) => log.error({ err: e }, 'recovery failed; it runs again on the next connect or sweep'));
    },
    done: () => recovering,
  };
}
