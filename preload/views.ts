import type { ErrorCode } from './error-codes.js';

/**
 * The views and events main sends the renderer (type-only): re-exported by contract.ts, read by
 * the command tables (commands-*.ts) for their results. Money is decimal text.
 */

export type Decimal = string;
export type IsoTime = string;
export type Unsubscribe = () => void;

export type TransportKind = 'ws' | 'longpoll' | 'webhook';
export type ConnectionStatus = 'connecting' | 'connected' | 'reconnecting' | 'offline' | 'rejected' | 'conflict' | 'stopped';

export interface ConnectionView {
  status: ConnectionStatus;
  transport: TransportKind;
  since: number;
  lastMessageAt: number | null;
  rttMs: number | null;
  attempt: number;
  nextTryAt: number | null;
  stale?: boolean;
  /** English sentence from the core; the renderer shows its own translation of `status`. */
  sentence: string;
  /** From who-am-i, once known. */
  restaurantName: string | null;
  /** Set when the till does not connect until the cashier acts (status 'stopped'); the renderer words it. */
  problem?: ConnectionProblem;
  /** Why the link is down (status reconnecting/offline/rejected): the renderer says whose side the problem is on. */
  cause?: ConnectionCause;
}

/**
 * `unreachable` (offline: no route to the service, this side's network),
 * `dropped` (the link fell, reconnecting), `restarting` (the service said 503/4503: its side),
 * `credentials` (key or Pos-Id refused), `webhook-url` (the service refused the receiver's URL).
 */
export type ConnectionCause = 'unreachable' | 'dropped' | 'restarting' | 'credentials' | 'webhook-url';

/**
 * KEY_MISSING: the stored API key is missing or unreadable; SERVICE_URL_MISSING; DEMO_UNAVAILABLE: the host runs no demo;
 * SETTINGS_DAMAGED: a configured till's settings.json could not be read and had no good copy (a manager saves Settings).
 */
export type ConnectionProblem = 'KEY_MISSING' | 'SERVICE_URL_MISSING' | 'DEMO_UNAVAILABLE' | 'SETTINGS_DAMAGED';

export type TableState = 'free' | 'open' | 'in-payment' | 'partly-paid' | 'paid';

export interface TableView {
  id: string;
  name: string;
  area: string | null;
  state: TableState;
  /** Sum still due over the table's open bills; "0" when free. */
  due: Decimal;
  currency: string | null;
  openBillIds: string[];
  // Order, floor plan, last payment, what needs the cashier's attention.
  /** The order the POS first gave the table in (1, 2, ...): areas and cards keep it. */
  order: number;
  /** Place on the floor plan as fractions of its width and height (0..1), or null when not placed. */
  position: { x: number; y: number } | null;
  /** The table's latest paid payment (any bill, also closed ones), or null. */
  lastPaid: { amount: Decimal; currency: string; at: string } | null;
  /** Oldest start of a payment still holding items of this table (ISO), or null. */
  lockedSince: string | null;
  /** A manual-capture payment on this table is authorised and waits for capture. */
  awaitingCapture: boolean;
}

export interface BillItemView {
  id: string;
  name: string;
  price: Decimal;
  quantity: Decimal;
  minQuantity: Decimal;
  paidQuantity: Decimal;
  lockedQuantity: Decimal;
  lineTotal: Decimal;
  tags: string[];
}

export type BillState = 'OPEN' | 'PAID' | 'CLOSED';

export interface BillView {
  id: string;
  tableId: string;
  name: string | null;
  currency: string;
  state: BillState;
  items: BillItemView[];
  totals: { total: Decimal; paid: Decimal; due: Decimal; tips: Decimal };
  paymentIds: string[];
  created: IsoTime;
  updated: IsoTime;
}

export type PaymentState = 'STARTED' | 'PROCESSED' | 'PAID' | 'CANCELLED';

export interface PaymentView {
  id: string;
  billId: string;
  tableId: string | null;
  tableName: string | null;
  billName: string | null;
  currency: string;
  /** Items paid (without tip). */
  amount: Decimal;
  tip: Decimal;
  provider: string | null;
  state: PaymentState;
  /** The service's final state when it was not PAID (e.g. "CANCELLED", "DECLINED"). */
  closedState: string | null;
  /** How it ended when not paid: declined, cancelled (before payment), timed_out, abandoned or refunded. */
  ending: 'declined' | 'cancelled' | 'timed_out' | 'abandoned' | 'refunded' | null;
  captureMode: 'auto' | 'manual';
  captured: boolean;
  created: IsoTime;
  closedAt: IsoTime | null;
  /** End of the 3-hour cancellation window; null when it cannot be cancelled. */
  cancellableUntil: IsoTime | null;
  items: { id: string; name: string; price: Decimal; quantity: Decimal }[];
}

/**
 * paid; refunded (the cashier cancelled a paid payment; "cancelled" is the same, from notices kept
 * by older versions); declined (the card was refused); failed (ended unpaid for another reason,
 * `message` holds the service's state: LOCK_EXPIRED, NOT_FOUND, ...); capture (a manual-capture
 * payment is authorised and waits for the cashier's Capture); service-error.
 */
export type NoticeKind = 'paid' | 'cancelled' | 'declined' | 'service-error' | 'refunded' | 'failed' | 'capture' | 'staff-call';

export interface Notice {
  /** Stable per cause (e.g. "paid:<paymentId>"): a repeated event never makes a second notice. */
  id: string;
  kind: NoticeKind;
  at: IsoTime;
  paymentId: string | null;
  tableName: string | null;
  amount: Decimal | null;
  tip: Decimal | null;
  currency: string | null;
  /** Service error text for kind "service-error"; the payment's closed state for "declined"/"failed". */
  message: string | null;
  acknowledged: boolean;
  // Where a click on the notice leads, and how much of the bill is paid.
  /** The table the notice is about; absent in notices kept by older versions. */
  tableId?: string | null;
  /** The bill's total and what is still due after this payment (kind "paid"): "paid X of Y, Z left". */
  billTotal?: Decimal | null;
  billDue?: Decimal | null;
  /** A "paid" notice whose payment the cashier later refunded. */
  refunded?: boolean;
}

export type Environment = 'demo' | 'sandbox' | 'production';
/** How large the table cards are drawn: compact (60 tables on one screen) or comfortable. */
export type TableDensity = 'compact' | 'comfortable';
export type Language = 'en' | 'cs';

/** Who makes the fiscal receipt of a payment. */
export type ReceiptMode = 'QERKO_GENERATED' | 'POSTPONED';
/** Which update feed the till follows: stable (latest.yml) or beta (beta.yml, pre-release versions too). */
export type UpdateChannel = 'stable' | 'beta';

export interface SettingsView {
  environment: Environment;
  serviceUrl: string;
  /** The key itself never leaves main; this is e.g. "••••-••••-••••-••••-ab12". */
  apiKeyMasked: string | null;
  posId: string;
  transport: TransportKind;
  webhookPort: number;
  webhookPublicUrl: string;
  printer: string | null;
  language: Language;
  sound: boolean;
  startAtLogin: boolean;
  startHidden: boolean;
  posApiPort: number;
  /**
   * The POS API token's last 4 characters, to tell tokens apart. The token itself is never in a
   * view nor an event: revealPosApiToken answers it to a live unlock of a set manager PIN.
   */
  posApiTokenHint: string;
  /** Day report: when a restaurant day ends, "HH:MM" in the PC's local time (default "04:00"). */
  dayEndsAt: string;
  /** A bill whose every item is paid closes itself and its table goes back to free (default on). */
  autoCloseBills: boolean;
  /** Seconds between reminder sounds while a problem notice stays unacknowledged; 0 = no reminder. */
  reminderSeconds: number;
  /** QERKO_GENERATED: the service renders the receipt; POSTPONED: the main POS gives the fiscal receipt (PUT /v1/payments/{id}/receipt). */
  receiptMode: ReceiptMode;
  /** Updates: the stable feed (default) or the beta one; behind the manager PIN like the other integration settings. */
  updateChannel: UpdateChannel;
  /** A manager PIN guards the integration settings; false until it is set on first use. */
  managerPinSet: boolean;
  /** The Tables view's card size (default compact). */
  tableDensity: TableDensity;
}

/** An unlock of the integration settings, until `until` (epoch ms) or lockSettings. */
export interface SettingsUnlock {
  unlock: string;
  until: number;
}

export interface MenuEntry {
  id: string;
  name: string;
  price: Decimal;
  category: string;
  // Entries now come from the store's menu (PUT /v1/menu, demo seed).
  /** false = sold out: guests cannot order it (the service is told). Absent = available. */
  available?: boolean;
  /** The menu (category group) it belongs to. */
  menuId?: string;
  description?: string | null;
  tags?: string[];
}

export interface QrCodeView {
  tableId: string;
  tableName: string;
  code: string | null;
  url: string | null;
}

export interface Snapshot {
  demo: boolean;
  connection: ConnectionView;
  restaurantName: string | null;
  tables: TableView[];
  bills: BillView[];
  /** Today's payments, newest first, then any still in progress that started earlier (across midnight). */
  payments: PaymentView[];
  notices: Notice[];
  menu: MenuEntry[];
  settings: SettingsView;
  /** Guest orders not yet closed (NEW first), and today's closed ones. */
  orders: OrderView[];
  /** The "pause orders" switch: orderPrepare answers ORDERS_PAUSED while on. */
  ordersPaused: boolean;
  /** Sequence number of the last event included in this snapshot. */
  seq: number;
  /** Logs and diagnostics: where the log files are, for the Settings line. */
  logsDir: string;
  /** Needs attention: everything not settled, oldest first. */
  attention: AttentionEntry[];
  /** Free space of the data folder's volume. */
  disk: DiskView;
  /** Whether another program's lock on the bill database refuses the till's writes. */
  database: DatabaseView;
  /** Waiters' phones: on or off, where they reach the till, the paired devices. */
  staff: StaffPhonesView;
}

/** Waiters' phones as the till's Settings shows them (never a device's secret). */
export interface StaffPhonesView {
  enabled: boolean;
  /** Where phones reach the till (http://<lan address>:<port>); null while off or not listening. */
  address: string | null;
  /** Why phones cannot reach the till though it is on: PORT_IN_USE (params port), NO_LAN_ADDRESS. */
  problem: 'PORT_IN_USE' | 'NO_LAN_ADDRESS' | null;
  /** The paired devices not revoked, oldest first. */
  devices: StaffPhoneView[];
}

/**
 * A paired phone in the till's list: the same shape as staff-frames.ts's StaffDeviceView (that
 * file imports this one, so it is written out here; main checks the two stay equal).
 */
export interface StaffPhoneView {
  id: string;
  name: string;
  role: 'waiter' | 'manager';
  pairedAt: IsoTime;
  lastSeenAt: IsoTime | null;
  connected: boolean;
}

/** A pairing started at the till: the QR code shows `url` until `expiresAt` (ISO), once. */
export interface StaffPairingView {
  url: string;
  code: string;
  expiresAt: IsoTime;
  name: string;
  role: 'waiter' | 'manager';
}

/**
 * Free space of the data folder's volume, measured at start and every few minutes: `lowSpace`
 * below the threshold (500 MB unless IT set another), cleared by itself when space returns.
 * `freeBytes` is -1 before the first measurement.
 */
export interface DiskView {
  lowSpace: boolean;
  freeBytes: number;
}

/**
 * The bill database's write lock: `locked` once another program (a backup tool, an antivirus, a
 * second Tableside) has refused the till's writes for 30 s; cleared by itself as soon as a write
 * goes through. `since`: when the refusals began (ms since the epoch), null while not locked.
 */
export interface DatabaseView {
  locked: boolean;
  since: number | null;
}

/** Every push from main; `seq` orders them. Applying an event twice is harmless. */
export type CompanionEvent =
  | { type: 'connection'; seq: number; connection: ConnectionView }
  | { type: 'table'; seq: number; table: TableView }
  | { type: 'table-removed'; seq: number; tableId: string }
  | { type: 'bill'; seq: number; bill: BillView }
  | { type: 'payment'; seq: number; payment: PaymentView }
  | { type: 'notice'; seq: number; notice: Notice }
  | { type: 'settings'; seq: number; settings: SettingsView }
  | { type: 'order'; seq: number; order: OrderView }
  | { type: 'menu'; seq: number; menu: MenuEntry[]; ordersPaused: boolean }
  // attention: the whole list again whenever it changes (the badge counts it)
  | { type: 'attention'; seq: number; entries: AttentionEntry[] }
  // disk: low space began or ended, or the free space moved while low
  | { type: 'disk'; seq: number; disk: DiskView }
  // database: another program's lock began or ended refusing the till's writes
  | { type: 'database'; seq: number; database: DatabaseView }
  // payment-link: the service reported a link's new state (paid, expired, gone), found in the background
  | { type: 'payment-link'; seq: number; link: PaymentLinkView }
  // the main POS acknowledged events (POST /v1/events/ack): "POS notified" may have changed
  | { type: 'pos-cursor'; seq: number; cursor: number | null }
  // staff: waiters' phones turned on or off, a phone paired, revoked, connected or gone
  | { type: 'staff'; seq: number; staff: StaffPhonesView };

/**
 * Commands answer a value or an error. The error is a code and its parameters, never a sentence:
 * the renderer words `code` with `params` in the cashier's language (every code of
 * preload/error-codes.ts has its words).
 */
export type CommandResult<T> = { ok: true; value: T } | { ok: false; error: CommandFailure };

// ui-words: the parameters of a refusal (table/item names, amounts; never shown as raw ids).
export type ErrorParams = Record<string, string | number>;
export interface CommandFailure {
  code: ErrorCode;
  params?: ErrorParams;
  /** The command that failed, so an unknown code still names the action. */
  action?: string;
}

// How a bill closed with an amount still due was settled.
export type SettlementMethod = 'cash' | 'card-at-counter' | 'written-off' | 'walkout';
export interface BillSettlement {
  method: SettlementMethod;
  note?: string;
}
export type PrintMode = 'dialog' | 'silent' | 'pdf';
//  ----------------------------------------------------------------------
/**
 * placed: the order waits in the inbox; refused: the till's own orderPrepare said no (`refusal`:
 * ITEM_UNAVAILABLE with the item names, ORDERS_PAUSED, TABLE_NOT_FOUND; NOT_ON_MENU when the
 * service has not got the menu yet); cancelled: it started but then failed.
 */
export interface GuestOrderResult {
  orderId: string;
  outcome: 'placed' | 'refused' | 'cancelled';
  billId: string | null;
  total: Decimal | null;
  refusal: { code: string; items: string[] } | null;
}

//  ----------------------------------------------------------------------
/**
 * What the service says of a link: `active` (a guest can pay it), `paid` (a guest paid it: see
 * `payment`), `expired`, `gone` (it no longer knows it: deleted elsewhere), `unknown` (it could
 * not be asked, see the list's `checkFailed`, or it answered a state the till does not know).
 * Paid, expired and gone are final: the service is not asked again.
 */
export type PaymentLinkState = 'active' | 'paid' | 'expired' | 'gone' | 'unknown';

/** The payment a paid link produced, as the service reported it. */
export interface PaymentLinkPayment {
  /** The service's payment id (shown small, for finding it at the service). */
  id: string | null;
  amount: Decimal | null;
  /** When the guest paid (or, when the service did not say, when the till learned it). */
  time: IsoTime;
}

export interface PaymentLinkView {
  /** The service's link id (for commands only; never shown). */
  id: string;
  /** Two decimal places; null: the guest chooses the amount (a link made elsewhere). */
  amount: Decimal | null;
  currency: string;
  description: string;
  /** The page a guest opens to pay: what the QR code holds. */
  url: string;
  created: IsoTime;
  state: PaymentLinkState;
  /** Set once the link is paid. */
  payment: PaymentLinkPayment | null;
}

export interface PaymentLinkList {
  links: PaymentLinkView[];
  /** Why some links could not be checked with the service (their state is `unknown`), or null. */
  checkFailed: { code: string; params?: ErrorParams } | null;
}

//  ------------------------------------------------------------------------
export type OrderStatus = 'NEW' | 'ACCEPTED' | 'PREPARING' | 'READY' | 'COMPLETE' | 'REJECTED' | 'CANCELLED';
export type OrderDecision = 'ACCEPTED' | 'PREPARING' | 'READY' | 'COMPLETE' | 'REJECTED';
export type DeliveryType = 'toBill' | 'toTable' | 'byCustomer';

export interface OrderLineView {
  /** Menu item id. */
  id: string;
  name: string;
  price: Decimal;
  quantity: Decimal;
  lineTotal: Decimal;
  note: string | null;
}

export interface OrderView {
  /** The service's Order.id. */
  id: string;
  deliveryType: DeliveryType;
  tableId: string | null;
  tableName: string | null;
  /** toBill / toTable: the bill its lines went on. */
  billId: string | null;
  /** byCustomer: when the guest comes for it. */
  pickupAt: IsoTime | null;
  items: OrderLineView[];
  note: string | null;
  customerName: string | null;
  currency: string;
  total: Decimal;
  status: OrderStatus;
  rejectReason: string | null;
  /** The service's orderClose word (COMPLETED / CANCELLED), null while open. */
  closedState: string | null;
  /** byCustomer: paid in advance (orderMarkAsPaid arrived). */
  paid: boolean;
  created: IsoTime;
  updated: IsoTime;
  /** A NEW order shows as overdue from here: 8 of the service's 10 minutes before it cancels. */
  overdueAt: IsoTime | null;
  /** Decisions not yet accepted by the service (retried in the background). */
  unsentStatuses: number;
  /** When the service cancels it unanswered (NEW and open), else null: the card counts down to it. */
  cancelsAt: IsoTime | null;
  /** The decisions the staff may take next, in the order the buttons show; empty once it is done. */
  nextSteps: OrderDecision[];
}

// --- Payment history and the day report ("History and totals") ---

/**
 * A payment's state as of the end of a listed range: `paid` (paid in it), `refunded` (paid and
 * refunded in it), `refund` (refunded in it, paid before it: counts only as a refund),
 * `capture_needed` (authorised, awaiting the cashier's capture), `declined` (the card or the guest
 * refused), `cancelled` (called off after the card was processed, before payment), `timed_out` (a
 * lock we released), `abandoned` (the service ended it without telling us), `pending`.
 */
export type HistoryState = 'paid' | 'refunded' | 'refund' | 'capture_needed' | 'declined' | 'cancelled' | 'timed_out' | 'abandoned' | 'pending';

/** One payment of a range, as the history, the CSV export and the POS API list it. */
export interface PaymentHistoryEntry {
  paymentId: string;
  /** When it reached `state` (paid, refunded, closed) or was created (pending). */
  time: IsoTime;
  tableId: string | null;
  table: string | null;
  area: string | null;
  billId: string;
  bill: string | null;
  state: HistoryState;
  /** Items paid, tip apart: at least 2 decimal places, never rounded. */
  amount: Decimal;
  tip: Decimal;
  currency: string;
  provider: string | null;
  /** The waiter the payment started under (the bill's, else its table's), or null: no waiter. */
  waiterId: string | null;
  /** Their name as the POS gave it, else null (show the id). */
  waiter: string | null;
  /**
   * The main POS has taken it in: its payment.paid event is at or below the cursor the POS
   * committed (POST /v1/events/ack). Null when it was never paid, or no POS ever acknowledged.
   */
  posNotified: boolean | null;
}

/** A bill closed with an amount due, settled at the close (cash, card at the counter, written off, walkout). */
export interface SettlementEntry {
  billId: string;
  /** When it was closed. */
  time: IsoTime;
  tableId: string | null;
  table: string | null;
  area: string | null;
  bill: string | null;
  tender: SettlementMethod;
  /** What was due at the close: at least 2 decimal places, never rounded. */
  amount: Decimal;
  currency: string;
  note: string | null;
  /** The bill's waiter at the close, or null. */
  waiterId: string | null;
  waiter: string | null;
}

export interface ReportSplit {
  count: number;
  amount: Decimal;
  tips: Decimal;
}

/** `card`: the service's card payments; the others are settlements at a bill's close. */
export type Tender = 'card' | SettlementMethod;

/** The close-of-day (Z) report of one restaurant day; money in `currency`, decimal strings. */
export interface DayReport {
  date: string;
  /** The day's bounds (local `dayEndsAt` to the next one). */
  from: IsoTime;
  to: IsoTime;
  currency: string;
  /** Payments paid that day. */
  count: number;
  /** What they paid for items, tips apart. */
  amount: Decimal;
  tips: Decimal;
  /** Amount + tip of the payments refunded that day. */
  refunded: Decimal;
  /** amount + tips − refunded. */
  net: Decimal;
  /** tips ÷ amount (4 places), null when nothing was paid. */
  tipShare: Decimal | null;
  byProvider: (ReportSplit & { provider: string | null })[];
  byArea: (ReportSplit & { area: string | null })[];
  /** What bills settled at their close that day took (every settlement tender), tips none. */
  settled: Decimal;
  /** amount + settled: what the day's bills took in every tender, tips apart. */
  billed: Decimal;
  /** Each tender that took anything: card (the payments above), then the settlement tenders. */
  byTender: (ReportSplit & { tender: Tender })[];
  /** Each waiter's payments and settlements (null: no waiter), in descending amount; sums to byTender. */
  byWaiter: (ReportSplit & { waiterId: string | null; waiter: string | null })[];
  /** The day's settlements, oldest first. */
  settlements: SettlementEntry[];
  /** Payment links paid that day, in `currency`: their own line, apart from the totals above. */
  paidLinks: PaidLinksTotal;
  /** Of the payments paid that day: how many the main POS has taken in, how many not yet (both 0 while no POS acknowledges). */
  posNotified: { notified: number; notYet: number };
}

/** Payment links paid within a day: how many and what they brought. */
export interface PaidLinksTotal {
  count: number;
  amount: Decimal;
}

export interface CsvExport {
  fileName: string;
  /** The same CSV as GET /v1/payments?from=&to=&format=csv. */
  csv: string;
  delivery: 'saved' | 'cancelled' | 'download';
  /** Where Electron saved it. */
  path: string | null;
}

// attention --------------------------------------------------------------------------
/** What Needs attention lists. A new kind: one source in main/attention/sources/, one line here, its words. */
export type AttentionKind =
  | 'capture'
  | 'unsettled-payment'
  | 'lock-held'
  | 'settled-bill'
  | 'refund-refused'
  | 'service-error'
  | 'receipt-pending'
  // a paid POSTPONED payment whose fiscal receipt the main POS has not given after a grace
  | 'receipt-awaited'
  // a paid payment the main POS has not acknowledged in time (POST /v1/events/ack)
  | 'pos-unsynced';
/** What resolves an entry: capturePayment, retryRecovery, releaseLock, or resolveAttention (acknowledge with a note). */
export type AttentionAction = 'capture' | 'retry-recovery' | 'release-lock' | 'acknowledge';
/** What retryRecovery found: paid, unlocked (the service ended it unpaid), expired (lock too old), open (still running). */
export type RecoveryOutcome = 'paid' | 'unlocked' | 'expired' | 'open';

export interface AttentionEntry {
  /** `<kind>:<subject>`, stable while the entry lasts. */
  id: string;
  kind: AttentionKind;
  /** Since when it needs attention (ISO 8601 UTC). */
  since: string;
  tableId: string | null;
  tableName: string | null;
  billId: string | null;
  billName: string | null;
  paymentId: string | null;
  /** Never rounded, at least 2 places: the payment's amount, or what was due when the bill closed. */
  amount: Decimal | null;
  tip: Decimal | null;
  currency: string | null;
  /** Facts for the wording, by kind: `code`, `message`, `method`, `note`, `state`. */
  detail: Record<string, string>;
  /** What resolves it, the main one first. */
  actions: AttentionAction[];
}

// --- Receipts ("Receipts from the main POS") ---

/**
 * Where a payment's receipt is: `service` (the service renders it), `waiting-for-pos` (POSTPONED:
 * the main POS has not given it yet), `sending` (given, the service has not accepted it yet: retried),
 * `delivered` (the service accepted it), `refused` (the service refused it for good).
 */
export type ReceiptDeliveryState = 'service' | 'waiting-for-pos' | 'sending' | 'delivered' | 'refused';

/** One payment's receipt, as the receipt dialog, the printed sheet and GET /v1/payments/{id}/receipt show it. */
export interface PaymentReceiptView {
  paymentId: string;
  tableName: string | null;
  billName: string | null;
  /** Who made the receipt shown: the companion (at paymentProcessed) or the main POS (POSTPONED). */
  source: 'companion' | 'pos';
  receiptDeliveryType: string;
  serial: string;
  timestamp: IsoTime;
  currency: string;
  items: { name: string; price: Decimal; quantity: Decimal; lineTotal: Decimal }[];
  /** What the items cost (the receipt's finalPrice, else the lines' sum). */
  total: Decimal;
  tip: Decimal;
  /** total + tip: what the guest paid. */
  paid: Decimal;
  /** The POS's fiscal data, shown as given (JSON). */
  fiscalInfo: unknown;
  delivery: {
    state: ReceiptDeliveryState;
    attempts: number;
    lastError: string | null;
    receivedAt: IsoTime | null;
    deliveredAt: IsoTime | null;
  };
}

/** A verified backup of the bill database (Settings → Backups). */
export interface BackupView {
  /** Its file name in the data folder's backups/ folder: what restoreBackup takes. */
  name: string;
  /** When it was made, ISO 8601. */
  at: string;
  bytes: number;
}

export interface BackupsView {
  /** Newest first. */
  backups: BackupView[];
  /** How many the app keeps (one a day, and one before each upgrade of the database). */
  kept: number;
}

/** A restore was accepted: the backup checked whole; the app stops to put it in place. */
export interface RestoreStarted {
  restored: string;
  /** 'automatic': the app starts again by itself; 'manual': it stops and must be started again. */
  restart: 'automatic' | 'manual';
}
