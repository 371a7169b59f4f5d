/** The bill store's public face: the facade, its records, errors and the schema helpers. */
export { createBillStore, type BillStore, type StoreWrite } from './bill-store.js';
export type { ReadTx } from './engine/tx.js';
export { StoreError, isStoreError, type StoreErrorCode } from '../base/store-error.js';
export { openDatabase, closeDatabase, schemaVersion, newerSchemaMessage, SCHEMA_VERSION } from './engine/database.js';
export { LOCK_EXPIRED } from './payments/payment-ops.js';
export { remainderOf, canon, money, dec, sum, isZeroText, type Decimal } from './shared/decimal.js';
export type * from './shared/records.js';
export type { PaymentActivity } from './events-and-history/history-repo.js';
export type { BillPaymentSummary } from './payments/payments-repo.js';
export type * from './orders-and-menu/menu-order-records.js';
export { ORDER_STATES, STAFF_STATES } from './orders-and-menu/menu-order-records.js';
export { MAX_MENU_ITEMS } from './orders-and-menu/menu-ops.js';
export { orderTag } from './orders-and-menu/order-ops.js';
export { priceOrder, type PriceSource } from './orders-and-menu/order-rules.js';
export type { AttentionActionName, AttentionResolution, SqlParams } from './attention/attention-repo.js';
export type { ResolutionSubject } from './attention/attention-store.js';
export type * from './receipts/receipt-records.js';
export type { PaymentLinkRecord } from './payment-links/payment-links-repo.js';
