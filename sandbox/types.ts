import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FaultRequest } from './core/faults.js';
import type { GuestReceiptRequest, GuestReceiptResult } from './guest/guest-receipt.js';
import type { GuestPayLinkRequest, GuestPayLinkResult } from './guest/link-pay.js';
import type { GuestPayRequest, GuestPayResult } from './core/guest-schemas.js';
import type { GuestOrderRequest, GuestOrderResult } from './guest/order-schemas.js';
import type { ServiceOrder } from './core/order-records.js';

export type {
  FaultRequest,
  GuestPayRequest,
  GuestPayResult,
  GuestOrderRequest,
  GuestOrderResult,
  ServiceOrder,
  GuestReceiptRequest,
  GuestReceiptResult,
  GuestPayLinkRequest,
  GuestPayLinkResult,
};

export interface SandboxOptions {
  /** default 0 (any free port) */
  port?: number;
  /** default '127.0.0.1' */
  host?: string;
  /** key of the restaurant created at start; generated if absent (xxxx-xxxx-xxxx-xxxx-xxxx) */
  apiKey?: string;
  /** default 'Bistro Sandbox' */
  restaurantName?: string;
  /** <svc> in the order-status paths, default 'qerko' */
  serviceName?: string;
  /** long-poll hold, default 25000 */
  pollHoldMs?: number;
  /** method-call answer budget, default 15000 */
  callTimeoutMs?: number;
  /** default 5000 */
  wsAuthTimeoutMs?: number;
  /** v4 webhook ping interval, default 60000; 0 = no pings */
  webhookPingMs?: number;
  /** base clock; default Date.now (POST /sandbox/clock adds an offset on top) */
  now?: () => number;
  /** default: nothing */
  log?: (line: string) => void;
  /**
   * Required by the control routes (/sandbox/…) in the `x-sandbox-token` header. Default: none on
   * loopback; a random one when `host` is not loopback, so the LAN never gets them unauthenticated.
   */
  controlToken?: string;
  /**
   * The origin the QR codes' urls use when another server serves the guest pages (`guestPages`),
   * e.g. the demo's LAN listener; default: `url`.
   */
  guestUrl?: string;
}

export interface SandboxRestaurant {
  id: string;
  name: string;
  apiKey: string;
}

export interface Sandbox {
  /** http://127.0.0.1:<port> */
  readonly url: string;
  readonly restaurant: SandboxRestaurant;
  /** What the control routes require in `x-sandbox-token`, or null when they need none (loopback). */
  readonly controlToken: string | null;
  /** Only the guest's pages (GET /t/<code>, POST /t/<code>/pay): for a listener that must serve nothing else. */
  readonly guestPages: (req: IncomingMessage, res: ServerResponse) => void;
  createRestaurant(name: string, apiKey?: string): SandboxRestaurant;
  /** Same as POST /sandbox/guest/scan: the bills the POS answers for the table. */
  guestScan(input: { idTable: string; restaurantId?: string }): Promise<unknown>;
  /** Same as POST /sandbox/guest/pay. Rejects with SandboxRequestError for what HTTP answers 4xx/5xx. */
  guestPay(input: GuestPayRequest): Promise<GuestPayResult>;
  /** Same as POST /sandbox/guest/order: answers once the order waits for the staff (or was refused). */
  guestOrder(input: GuestOrderRequest): Promise<GuestOrderResult>;
  /** Same as GET /sandbox/orders: the restaurant's orders (statuses received, counted; the guest's side), copies. */
  orders(restaurantId?: string): ServiceOrder[];
  /** Same as POST /sandbox/guest/receipt: a POSTPONED payment's fiscal receipt (provided, or asked with getPostponedReceipt). */
  guestReceipt(input: GuestReceiptRequest): Promise<GuestReceiptResult>;
  /** Same as POST /sandbox/guest/pay-link: a guest pays a static payment link (it becomes PAID). */
  guestPayLink(input: GuestPayLinkRequest): GuestPayLinkResult;
  /** Calls one POS method through the restaurant's live connection, whatever its transport (tests of the order methods). */
  callPos(method: string, args: unknown[], restaurantId?: string): Promise<{ result: unknown } | { error: { code: string; message: string } }>;
  advanceClock(ms: number): void;
  /** Same as POST /sandbox/faults. Throws SandboxRequestError on bad input. */
  injectFault(fault: FaultRequest): void;
  /** Same as GET /sandbox/state. */
  state(): unknown;
  /** Closes every socket, ends pending polls, resolves when the port is free. */
  close(): Promise<void>;
}
