import type { Clock } from '../../clock.js';
import type { Logger } from '../../log.js';
import type { MethodOutcome } from '../../methods/types.js';
import type { Transport, TransportOptions } from '../types.js';

/** Durable record of answered deliveries (the store implements it; replays survive a restart). */
export interface DeliveryStore {
  getDelivery(id: string): { outcome: unknown } | null;
  recordDelivery(id: string, outcome: MethodOutcome): void;
  /** Forgets deliveries recorded more than `olderThanMs` ago; returns how many. */
  pruneDeliveries(olderThanMs: number): number;
}

/** What a v4 REST call ended with. `status: null` = the service was not reached (network). */
export type ServiceResult<T = unknown> =
  | { ok: true; status: number; body: T }
  | { ok: false; status: number | null; code: string | null; message: string };

export type ReplyBody = { id: string; result: unknown } | { id: string; error: { code: string; message: string } };

/** POS -> service calls of API v4 (PROTOCOL.md §3). createV4ServiceClient is the real one. */
export interface V4ServiceClient {
  configure(webhookUrl: string): Promise<ServiceResult>;
  whoAmI(): Promise<ServiceResult>;
  reply(body: ReplyBody): Promise<ServiceResult>;
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
  /** Configure retry backoff: first delay and ceiling, defaults 1 s and 60 s (with jitter). */
  backoff?: { baseMs: number; maxMs: number };
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
