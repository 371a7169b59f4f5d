import {
  joinDomains,
  openStore,
  type AttentionStore,
  type BillsStore,
  type EventsStore,
  type IdempotencyStore,
  type OrdersStore,
  type PaymentLinksStore,
  type PaymentsStore,
  type ReceiptsStore,
  type StaffStore,
  type StoreEngine,
  type StoreOptions,
} from '../../main/store/index.js';

/**
 * A store with every domain joined into one object, as the tests drive it: a test seeds bills,
 * pays, orders and reads the log through the one handle. Code under test still gets only the
 * domains its own type names.
 */
export type TestStore = BillsStore &
  PaymentsStore &
  OrdersStore &
  ReceiptsStore &
  AttentionStore &
  PaymentLinksStore &
  EventsStore &
  IdempotencyStore &
  StaffStore &
  StoreEngine;

export function openTestStore(options: StoreOptions): TestStore {
  const s = openStore(options);
  return joinDomains(s.bills, s.payments, s.orders, s.receipts, s.attention, s.paymentLinks, s.events, s.idempotency, s.staff, s.engine);
}
