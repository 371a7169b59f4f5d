import type { Database } from 'better-sqlite3';
import { createAttentionReader, createAttentionWriter } from './attention-repo.js';
import { createBillsReader, createBillsWriter } from './bills-repo.js';
import { createLastPaidMemory, createTablesReader, createTablesWriter } from './tables-repo.js';
import type { Repos } from './tx.js';
import { createEventsReader, createEventsWriter } from './events-repo.js';
import { createHistoryReader } from './history-repo.js';
import { createIdempotencyReader, createIdempotencyWriter } from './idempotency-repo.js';
import { createMenuReader, createMenuWriter } from './menu-repo.js';
import { createOrdersReader, createOrdersWriter } from './orders-repo.js';
import { createPaymentLinksReader, createPaymentLinksWriter } from './payment-links-repo.js';
import { createPaymentsReader, createPaymentsWriter } from './payments-repo.js';
import { createPosCursorReader, createPosCursorWriter } from './pos-cursor-repo.js';
import { createReceiptsReader, createReceiptsWriter } from './receipts-repo.js';
import { createStaffReader, createStaffWriter } from './staff-repo.js';

/** Each repository's reader and writer half, prepared once on the connection. */
export function createRepos(db: Database): Repos {
  const lastPaid = createLastPaidMemory();
  const read = {
    tables: createTablesReader(db, lastPaid),
    bills: createBillsReader(db),
    payments: createPaymentsReader(db),
    history: createHistoryReader(db),
    menu: createMenuReader(db),
    orders: createOrdersReader(db),
    attention: createAttentionReader(db),
    receipts: createReceiptsReader(db),
    paymentLinks: createPaymentLinksReader(db),
    idempotency: createIdempotencyReader(db),
    posCursor: createPosCursorReader(db),
    staff: createStaffReader(db),
  };
  const events = createEventsReader(db);
  const both = {
    tables: Object.assign({}, read.tables, createTablesWriter(db)),
    bills: Object.assign({}, read.bills, createBillsWriter(db)),
    payments: Object.assign({}, read.payments, createPaymentsWriter(db)),
    events: Object.assign({}, events, createEventsWriter(db)),
    menu: Object.assign({}, read.menu, createMenuWriter(db)),
    orders: Object.assign({}, read.orders, createOrdersWriter(db)),
    attention: Object.assign({}, read.attention, createAttentionWriter(db)),
    receipts: Object.assign({}, read.receipts, createReceiptsWriter(db)),
    // Payment links.
    paymentLinks: Object.assign({}, read.paymentLinks, createPaymentLinksWriter(db)),
    idempotency: Object.assign({}, read.idempotency, createIdempotencyWriter(db)),
    posCursor: Object.assign({}, read.posCursor, createPosCursorWriter(db)),
    staff: Object.assign({}, read.staff, createStaffWriter(db)),
  };
  // The tables reader's memory of each table's last paid payment hears every commit.
  return { read, events, both, heard: (e) => lastPaid.heard(e) };
}
