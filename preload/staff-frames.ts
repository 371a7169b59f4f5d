/**
 * The wire between a waiter's phone and the till: type-only, shared by the staff server
 * (main/adapters/staff-server) and the phone's page (renderer/src/staff). Everything here crosses
 * the restaurant's network, so it carries only what a waiter may see: no keys, no settings, no
 * tokens other than the device's own (once, in the pairing answer).
 *
 * The LAN listener serves, and nothing else:
 *   GET  /                      the staff page (renderer/staff.html), its /assets/*, /staff.webmanifest, /staff-icon-*.png
 *   POST /staff/pair            body StaffPairRequest → StaffPairAnswer (one use, short-lived code; rate-limited)
 *   GET  /staff/live            WebSocket upgrade: the device's session, frames below
 *
 * The pairing QR code on the till opens `http://<lan-address>:<port>/#pair=<code>`: the code is in
 * the fragment, so it never reaches a log, a Referer or the server's request line.
 *
 * Session handshake (the device's secret never crosses the network after pairing):
 *   server → {type:'challenge', nonce}
 *   client → {type:'hello', deviceId, proof: hex(HMAC-SHA256(key = the device's secret, nonce)), language}
 *   server → {type:'welcome', device, snapshot}   or closes with STAFF_CLOSE.unauthorised
 * Then the client sends StaffRequest frames and gets StaffReply frames and {type:'event'} frames.
 */
import type { Language } from './views.js';

export type StaffRole = 'waiter' | 'manager';

/** Close codes of the /staff/live socket (4000-4999: the application's own). */
export const STAFF_CLOSE = {
  /** The proof was wrong, the device unknown, or the hello never came. */
  unauthorised: 4401,
  /** The cashier revoked this phone: the page forgets its key and shows the pairing page. */
  revoked: 4403,
  /** Staff phones were turned off at the till. */
  disabled: 4410,
} as const;

export interface StaffPairRequest {
  code: string;
  /** What the phone says it is (navigator's platform), for the till's device list; optional. */
  deviceLabel?: string;
}

export interface StaffPairAnswer {
  deviceId: string;
  /** The device's secret (hex, 32 bytes): kept in the phone's localStorage, used only as an HMAC key. */
  secret: string;
  name: string;
  role: StaffRole;
}

/** The pairing refusals (HTTP status in brackets). */
export type StaffPairError =
  | 'CODE_UNKNOWN' // 404: wrong, used or expired code
  | 'RATE_LIMITED' // 429: too many attempts; Retry-After says when
  | 'BAD_REQUEST'; // 400: the body is not a StaffPairRequest

export interface StaffDeviceView {
  id: string;
  name: string;
  role: StaffRole;
  /** ISO times. */
  pairedAt: string;
  lastSeenAt: string | null;
  connected: boolean;
}

/** A table as a waiter's floor shows it. Money is decimal text in the bill's currency. */
export interface StaffTable {
  id: string;
  name: string;
  area: string | null;
  /** open: a bill with money due; partly-paid; paying: a guest is paying now; paid; free: no bill. */
  state: 'free' | 'open' | 'paying' | 'partly-paid' | 'paid' | 'problem';
  total: string | null;
  due: string | null;
  currency: string | null;
  /** A guest asked for help / the manager at this table and nobody has answered it yet. */
  call: StaffCallKind | null;
}

export interface StaffBillLine {
  id: string;
  name: string;
  quantity: string;
  price: string;
  /** How much of the line is paid, and how much a guest is paying right now. */
  paidQuantity: string;
  payingQuantity: string;
}

export interface StaffBill {
  tableId: string;
  tableName: string;
  billId: string | null;
  currency: string | null;
  lines: StaffBillLine[];
  total: string;
  paid: string;
  due: string;
  tips: string;
  /** Payments on this bill, newest first (ids are the service's, shown shortened). */
  /** `captureNeeded`: authorised with manual capture and waiting for it (what a manager's Capture acts on). */
  payments: { id: string; state: string; amount: string; tip: string; at: string; captureNeeded: boolean }[];
}

export type StaffNoticeKind = 'paid' | 'partly-paid' | 'declined' | 'failed' | 'capture' | 'order-new' | 'order-failed' | 'pos-not-taken' | 'tip' | 'call';

export interface StaffNotice {
  id: string;
  kind: StaffNoticeKind;
  /** Problems (declined, failed, capture, order-failed, pos-not-taken, call) are shown above the rest. */
  problem: boolean;
  tableId: string | null;
  tableName: string | null;
  amount: string | null;
  /** For partly-paid: what is left on the bill. */
  left: string | null;
  currency: string | null;
  at: string;
}

export type StaffCallKind = 'help' | 'manager';

export interface StaffSnapshot {
  restaurantName: string;
  /** The till's language (the phone may choose its own). */
  language: Language;
  tables: StaffTable[];
  /** The notices for the tables this device follows, open ones only. */
  notices: StaffNotice[];
  following: { tableIds: string[]; areas: string[] };
  /** The manager's unlock on this phone, if any: until when (ISO). */
  managerUntil: string | null;
}

export type StaffServerFrame =
  | { type: 'challenge'; nonce: string }
  | { type: 'welcome'; device: StaffDeviceView; snapshot: StaffSnapshot }
  | { type: 'event'; event: StaffEvent }
  | StaffReply;

export type StaffClientFrame = { type: 'hello'; deviceId: string; proof: string; language?: Language } | StaffRequest;

export type StaffEvent =
  | { type: 'table'; table: StaffTable }
  | { type: 'table-removed'; tableId: string }
  | { type: 'notice'; notice: StaffNotice }
  | { type: 'notice-gone'; noticeId: string };

/** Every command a phone can send, its input and its answer. The core checks the role, not the page. */
export interface StaffCommands {
  follow: { input: { tableIds: string[]; areas: string[] }; output: StaffSnapshot['following'] };
  openTable: { input: { tableId: string }; output: StaffBill };
  ack: { input: { noticeId: string }; output: null };
  call: { input: { tableId: string; kind: StaffCallKind }; output: null };
  /** A manager-role device unlocks capture and close for a few minutes with the manager PIN. */
  managerUnlock: { input: { pin: string }; output: { until: string } };
  capture: { input: { paymentId: string }; output: null };
  closeBill: { input: { tableId: string }; output: null };
  /** Never allowed from a phone: answered ROLE_FORBIDDEN by the core (a refund needs the till). */
  refund: { input: { paymentId: string }; output: never };
}

export type StaffCommandName = keyof StaffCommands;

export type StaffRequest = { [K in StaffCommandName]: { type: 'request'; id: number; cmd: K; input: StaffCommands[K]['input'] } }[StaffCommandName];

export type StaffErrorCode = 'ROLE_FORBIDDEN' | 'PIN_REQUIRED' | 'PIN_WRONG' | 'NOT_FOUND' | 'BAD_REQUEST' | 'MONEY_DUE' | 'RATE_LIMITED' | 'INTERNAL';

export type StaffReply = { type: 'reply'; id: number; result: unknown } | { type: 'reply'; id: number; error: { code: StaffErrorCode; message: string } };
