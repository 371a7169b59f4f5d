import type { Clock } from '../../../../base/clock.js';
import type { ServiceResult } from '../../../../base/service/index.js';
import type { BackoffOptions } from '../../../../base/backoff.js';
import type { Logger } from '../../../../base/log.js';
import type { MethodOutcome } from '../../../../base/method-types.js';
import type { Transport, TransportOptions } from '../types.js';

/** Durable record of answered deliveries (the store implements it; replays survive a restart). */
export interface DeliveryStore {
  getDelivery(id: string): { outcome: unknown } | null;
  recordDelivery(id: string, outcome: MethodOutcome): void;
  /** Forgets deliveries recorded more than `olderThanMs` ago; returns how many. */
  pruneDeliveries(olderThanMs: number): number;
}

export type ReplyBody = { id: string; result: unknown } | { id: string; error: { code: string; message: string } };

/**
 * POS -> service calls of API v4 (docs/PROTOCOL.md §3), answering the REST client's `ServiceResult`
 * (status 0 = the service was not reached). createV4ServiceClient is the real one.
 */
export interface V4ServiceClient {
  configure(webhookUrl: string): Promise<ServiceResult<unknown>>;
  whoAmI(): Promise<ServiceResult<{ id: string; name: string }>>;
  reply(body: ReplyBody): Promise<ServiceResult<unknown>>;
}

export interface WebhookTransportOptions extends TransportOptions {
  /** Interface to listen on; default 127.0.0.1 (a tunnel or reverse proxy sits in front). */
  host?: string;
  /** 0 = any free port (tests). */
  port: number;
  /** Local path; default `/webhook/<merchantId>`. */
  path?: string;
  merchantId?: string;
  /**
   * Public HTTPS base URL the service posts to; `publicUrl + path` is configured at the service.
   * '' = no tunnel (a local sandbox): the local receiver URL is registered as it is.
   */
  publicUrl: string;
  clock?: Clock;
  log: Logger;
  store: DeliveryStore;
  serviceClient: V4ServiceClient;
  /** Whole budget per delivery (200 or /reply), default 15 s. */
  budgetMs?: number;
  /** Past this a handler's answer goes through 202 + /reply; default 5 s. */
  syncBudgetMs?: number;
  /** No valid delivery for this long = stale; default 3 minutes (3 pings of the default interval). */
  pingStaleMs?: number;
  /** How often staleness is checked; default 5 s. */
  staleCheckMs?: number;
  /** Recorded deliveries are kept this long (the service retries within seconds); default 7 days. */
  keepDeliveriesMs?: number;
  /** Body limit, default 1 MiB. */
  maxBodyBytes?: number;
  /** Configure retry backoff (the shared one): defaults 1 s doubling to 60 s, with jitter. */
  backoff?: BackoffOptions;
  /** Jitter source of the backoff (tests pin it). */
  random?: () => number;
  /** Wait after configure answered 503 (default 120 s). */
  restartDelayMs?: number;
}

export interface WebhookTransport extends Transport {
  readonly kind: 'webhook';
  /** Local receiver URL, e.g. http://127.0.0.1:4321/webhook/default; '' before start(). */
  readonly url: string;
  /** The URL registered at the service (publicUrl + path; the local URL when publicUrl is ''). */
  readonly webhookUrl: string;
  /** From who-am-i after configure; null until known. */
  restaurant(): { id: string; name: string } | null;
}
