import { createAttentionStore, type AttentionStore } from './attention/attention-store.js';
import { createBillsStore, type BillsStore } from './bills-and-tables/bills-store.js';
import { openEngine, type EngineOptions } from './engine/open-engine.js';
import { createEventsStore, type EventsStore } from './events-and-history/events-store.js';
import { createIdempotencyStore, type IdempotencyStore } from './idempotency/idempotency-store.js';
import { systemClock } from '../base/clock.js';
import { createOrdersStore, type OrdersStore } from './orders-and-menu/menu-order-store.js';
import { createPaymentLinksStore, type PaymentLinksStore } from './payment-links/payment-links-store.js';
import { createPaymentsStore, type PaymentsStore } from './payments/payments-store.js';
import type { ReceiptMode } from './shared/receipt-records.js';
import { createReceiptsStore, type ReceiptsStore } from './receipts/receipt-store.js';
import { createRepos } from './repos/repos.js';
import { createStaffStore, type StaffStore } from './staff/staff-store.js';
import type { StoreEngine } from './repos/tx.js';

/** The store, by domain: a consumer takes the interfaces it uses, never the whole. */
export interface Store {
  bills: BillsStore;
  payments: PaymentsStore;
  orders: OrdersStore;
  receipts: ReceiptsStore;
  attention: AttentionStore;
  paymentLinks: PaymentLinksStore;
  events: EventsStore;
  /** The POS API's Idempotency-Key answers. */
  idempotency: IdempotencyStore;
  /** Waiters' phones paired from the till. */
  staff: StaffStore;
  engine: StoreEngine;
}

export interface StoreOptions extends EngineOptions {
  /**
   * `autoCloseBills`: asked at each paymentClosed PAID; true closes a bill once every item
   * is paid (the setting of the same name). Absent: bills stay PAID until the cashier closes them.
   */
  autoCloseBills?: (() => boolean) | undefined;
  /** `receiptMode` (receipts): asked at each paymentProcessed; absent: QERKO_GENERATED. */
  receiptMode?: (() => ReceiptMode) | undefined;
}

/**
 * Opens the bill store: one SQLite file, one connection (engine/). Every write is one transaction
 * that also appends its events; it returns only after the commit, and listeners hear of the new
 * events after the commit too (never of a rolled-back change): `onCommit` at once, `onEvent` once
 * they are durable (engine/event-outbox.ts).
 */
export function openStore(options: StoreOptions): Store {
  const { engine, transactions: t } = openEngine(options, createRepos);
  return {
    bills: createBillsStore(t),
    payments: createPaymentsStore(t, options.autoCloseBills ?? (() => false), options.receiptMode ?? (() => 'QERKO_GENERATED')),
    orders: createOrdersStore(t),
    receipts: createReceiptsStore(t),
    attention: createAttentionStore(t),
    paymentLinks: createPaymentLinksStore(t),
    events: createEventsStore(t),
    idempotency: createIdempotencyStore(t, options.clock ?? systemClock),
    staff: createStaffStore(t),
    engine,
  };
}

type Joined<T extends readonly object[]> = T extends readonly [infer H, ...infer R extends readonly object[]] ? H & Joined<R> : unknown;

/**
 * The domains a consumer written against several of them takes, as one object (for example
 * `joinDomains(store.bills, store.payments)` for a `BillsStore & PaymentsStore`). Their members never
 * clash: each name belongs to one domain, and none uses `this`.
 */
export function joinDomains<T extends readonly object[]>(...faces: T): Joined<T> {
  return Object.assign({}, ...faces) as Joined<T>;
}
