import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ManualClock } from '../../main/base/clock.js';
import { openTestStore, type TestStore } from './test-store.js';
import { MIGRATIONS, type Migration } from '../../main/store/engine/migrations/index.js';
import type { Payment } from '../../main/base/wire/index.js';
import type { BillsStore, EventsStore } from '../../main/store/index.js';

/** A real store on a fresh SQLite file in a temp dir; `cleanup` closes it and removes the dir. */
export function tempStore(): { store: TestStore; clock: ManualClock; dir: string; file: string; cleanup: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'tableside-store-'));
  const file = join(dir, 'bills.sqlite');
  const clock = new ManualClock();
  const store = openTestStore({ file, clock });
  return {
    store,
    clock,
    dir,
    file,
    cleanup: () => {
      store.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The last durable event's sequence number (0 when none), through the public event log. */
export function lastSeq(store: Pick<EventsStore, 'eventsAfter'>): number {
  return store.eventsAfter(0, Number.MAX_SAFE_INTEGER).at(-1)?.seq ?? 0;
}

/**
 * An upgrade test's ground: a store file's path in a fresh temp dir, and every migration before
 * `m` (the version the test turns a file back to is `before.at(-1).version`).
 */
export function upgradeFixture(m: Migration): { file: string; before: Migration[]; cleanup: () => void } {
  const tmp = tempDir();
  return { file: join(tmp.dir, 'bills.sqlite'), before: MIGRATIONS.filter((x) => x.version < m.version), cleanup: tmp.cleanup };
}

export function tempDir(): { dir: string; cleanup: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'tableside-store-'));
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Table "t1" with bill "b1": 2 × Beer 62.50, 1 × Goulash 189, 3 × Water 0.5 l at 40 (min 1). */
export function seedBill(store: BillsStore, billId = 'b1', tableId = 't1'): void {
  store.upsertTable({ id: tableId, name: `Table ${tableId}`, area: 'Garden' });
  store.putBill({
    id: billId,
    tableId,
    name: 'Window',
    currency: 'CZK',
    items: [
      { id: 'beer', name: 'Beer', price: '62.50', quantity: '2' },
      { id: 'goulash', name: 'Goulash', price: '189', quantity: '1' },
      { id: 'water', name: 'Water', price: '40', quantity: '3', minQuantity: '1' },
    ],
  });
}

/** A wire Payment as the service sends it with paymentStart. */
export function wirePayment(id: string, items: { id: string; price: string; quantity: string }[], extra: Partial<Payment> = {}): Payment {
  return {
    id,
    idBill: 'b1',
    idCustomer: null,
    currency: 'CZK',
    state: 'STARTED',
    items: items.map((i) => ({ ...i, name: i.id, tags: [] })),
    parts: [{ total: '0', provider: { id: 'card', name: 'Card', type: 'CARD' } }],
    tipBrutto: '0',
    tipNetto: '0',
    additionalData: null,
    discount: null,
    ...extra,
  };
}

/** Migration 016 undone: the waiter and settlement-time columns out, settlementMethod without walkout. */
export const UNDO_MIGRATION_016 = `
  DROP INDEX bills_by_settled_at; DROP INDEX bills_settled;
  ALTER TABLE bills DROP COLUMN settledAt; ALTER TABLE bills DROP COLUMN settlementWaiterId; ALTER TABLE bills DROP COLUMN settlementWaiterName;
  ALTER TABLE bills DROP COLUMN waiterId; ALTER TABLE bills DROP COLUMN waiterName;
  ALTER TABLE tables DROP COLUMN waiterId; ALTER TABLE tables DROP COLUMN waiterName;
  ALTER TABLE payments DROP COLUMN waiterId; ALTER TABLE payments DROP COLUMN waiterName;
  ALTER TABLE bills ADD COLUMN settlementMethodOld TEXT CHECK (settlementMethodOld IN ('cash', 'card-at-counter', 'written-off'));
  UPDATE bills SET settlementMethodOld = settlementMethod;
  ALTER TABLE bills DROP COLUMN settlementMethod; ALTER TABLE bills RENAME COLUMN settlementMethodOld TO settlementMethod;
  CREATE INDEX bills_settled ON bills (updated) WHERE settlementMethod IS NOT NULL;`;

/** SQL that turns a store file this version wrote back into the version 13 file it would have been (the later migrations undone, newest first). */
export const BACK_TO_V13 = `
  DROP TABLE staff_devices;
  ALTER TABLE payments DROP COLUMN ending;
  DROP TABLE idempotency_keys;
  DROP INDEX payment_links_paid;
  ALTER TABLE payment_links DROP COLUMN state; ALTER TABLE payment_links DROP COLUMN checked; ALTER TABLE payment_links DROP COLUMN paidAt;
  ALTER TABLE payment_links DROP COLUMN paymentId; ALTER TABLE payment_links DROP COLUMN paymentAmount;
  ${UNDO_MIGRATION_016}
  DROP TABLE pos_cursor;
  DROP TABLE guest_lines; DROP TABLE order_opened_bills;
  PRAGMA user_version = 13;`;

/**
 * SQL that turns a store file this version wrote back into the version 12 file it would have been
 * (BACK_TO_V13 first, then migration 013 undone: the event log numbered by AUTOINCREMENT again, its rows and seqs kept).
 */
export const BACK_TO_V12 = `${BACK_TO_V13}
  CREATE TABLE events_v12 (seq INTEGER PRIMARY KEY AUTOINCREMENT, at TEXT NOT NULL, kind TEXT NOT NULL, tableId TEXT,
    billId TEXT, paymentId TEXT, data TEXT NOT NULL DEFAULT '{}');
  INSERT INTO events_v12 SELECT seq, at, kind, tableId, billId, paymentId, data FROM events ORDER BY seq;
  DROP TABLE events;
  ALTER TABLE events_v12 RENAME TO events;
  CREATE INDEX events_service_errors ON events (seq) WHERE kind = 'service.error';
  CREATE INDEX events_bill_closes ON events (billId, seq) WHERE kind = 'bill.closed';
  PRAGMA user_version = 12;`;

/**
 * SQL that turns a store file this version wrote back into the version 11 file it would have been
 * (BACK_TO_V12 first, then migration 012 undone: the payments' time columns and their indexes out,
 * the event indexes of migrations 004 and 011 and the payments' index by state back), for the tests
 * of upgrades from older files.
 */
export const BACK_TO_V11 = `${BACK_TO_V12}
  DROP INDEX payments_by_paid_at; DROP INDEX payments_by_refunded_at; DROP INDEX events_service_errors; DROP INDEX events_bill_closes;
  DROP INDEX payments_pending; CREATE INDEX payments_by_state ON payments (state);
  ALTER TABLE payments DROP COLUMN paidAt; ALTER TABLE payments DROP COLUMN refundedAt;
  CREATE INDEX events_by_kind_at ON events (kind, at);
  CREATE INDEX events_paid_by_payment ON events (paymentId) WHERE kind = 'payment.paid';
  CREATE INDEX events_refunded_by_payment ON events (paymentId) WHERE kind = 'payment.refunded';
  PRAGMA user_version = 11;`;
