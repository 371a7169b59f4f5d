/** The bill store's public face: its opening, each domain's interface, its records, errors and the schema helpers. */
export { openStore, joinDomains, type Store, type StoreOptions } from './open-store.js';
export type { BillsStore } from './bills-and-tables/bills-store.js';
export type { PutBillResult, KeptGuestLine, TakeInResult } from './bills-and-tables/bill-ops.js';
export type { PaymentsStore } from './payments/payments-store.js';
export type { OrdersStore } from './orders-and-menu/menu-order-store.js';
export type { ReceiptsStore } from './receipts/receipt-store.js';
export type { AttentionStore } from './attention/attention-store.js';
export type { PaymentLinksStore } from './payment-links/payment-links-store.js';
export type { EventsStore, PosCursorState, PosCursorCommit } from './events-and-history/events-store.js';
export { IDEMPOTENCY_KEPT_MS, type IdempotencyStore } from './idempotency/idempotency-store.js';
export type { IdempotentAnswer } from './repos/idempotency-repo.js';
export type { PosCursorRow, UnackedPayment } from './repos/pos-cursor-repo.js';
export type { StoreEngine } from './repos/tx.js';
export type { StaffStore, StaffAction } from './staff/staff-store.js';
export type { StaffDeviceRecord } from './repos/staff-repo.js';
export type { StoreWrite } from './engine/durability.js';
export type { EventListener } from './engine/event-outbox.js';
export type { ReadTx } from './repos/tx.js';
export { StoreError, isStoreError, type StoreErrorCode } from '../base/store-error.js';
export { openDatabase, closeDatabase, schemaVersion, newerSchemaMessage, SCHEMA_VERSION } from './engine/database.js';
export {
  makeBackup,
  listBackups,
  findBackup,
  restoreBackup,
  verifyDatabaseFile,
  backupsDir,
  BackupError,
  BACKUPS_KEPT,
  type BackupInfo,
  type BackupErrorCode,
  type MakeBackupOptions,
} from './engine/backups.js';
export { prepareDatabaseFile, markDatabaseCreated, DATABASE_MARKER, LOCK_WAIT_MS } from './engine/open-guard.js';
export { LOCK_EXPIRED } from './payments/payment-ops.js';
export { remainderOf, canon, money, dec, sum, isZeroText, type Decimal } from './shared/decimal.js';
export type * from './shared/records.js';
export type { PaymentActivity, SettlementActivity } from './repos/history-repo.js';
export type { BillPaymentSummary } from './repos/payments-repo.js';
export type * from './shared/menu-order-records.js';
export { ORDER_STATES, STAFF_STATES } from './shared/menu-order-records.js';
export { MAX_MENU_ITEMS } from './orders-and-menu/menu-ops.js';
export { toWireBill } from './bills-and-tables/wire-bill.js';
export { orderTag } from './orders-and-menu/order-ops.js';
export { canMove, priceOrder, type PriceSource } from './orders-and-menu/order-rules.js';
export type { AttentionActionName, AttentionResolution, SqlParams } from './repos/attention-repo.js';
export type { ResolutionSubject } from './attention/attention-store.js';
export type * from './shared/receipt-records.js';
export type { LearnedLinkState, PaidLinkRow, PaymentLinkRecord, StoredLinkState } from './repos/payment-links-repo.js';
export { FINAL_LINK_STATES } from './repos/payment-links-repo.js';
