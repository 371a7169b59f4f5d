/** The bill store's public face: the facade, its records, errors and the schema helpers. */
export { createBillStore, type BillStore, type StoreWrite } from './bill-store.js';
export type { ReadTx } from './tx.js';
export { StoreError, isStoreError, type StoreErrorCode } from '../base/store-error.js';
export { openDatabase, closeDatabase, schemaVersion, newerSchemaMessage, SCHEMA_VERSION } from './database.js';
export { LOCK_EXPIRED } from './payment-ops.js';
export { remainderOf, canon, money, dec, sum, isZeroText, type Decimal } from './decimal.js';
export type * from './records.js';
export type { PaymentActivity } from './history-repo.js';
export type { BillPaymentSummary } from './payments-repo.js';
export type * from './menu-order-records.js';
export { ORDER_STATES, STAFF_STATES } from './menu-order-records.js';
export { MAX_MENU_ITEMS } from './menu-ops.js';
export { orderTag } from './order-ops.js';
export { canMove, priceOrder, type PriceSource } from './order-rules.js';
export type { AttentionActionName, AttentionResolution, SqlParams } from './attention-repo.js';
export type { ResolutionSubject } from './attention-store.js';
export type * from './receipt-records.js';
export type { PaymentLinkRecord } from './payment-links-repo.js';
