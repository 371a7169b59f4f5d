import Database from 'better-sqlite3';
import { join } from 'node:path';
import { openStore } from '../../main/store/index.js';
import type { Payment } from '../../main/base/wire/index.js';
import { billItems, storeFile } from './seed-store.js';

const DAY_MS = 24 * 60 * 60 * 1000;
/** The tables of the template payment; replaced in every copied value. */
const TPL = { table: 'tpl-table-0000', bill: 'tpl-bill-00000', payment: 'tpl-payment-00' };
const TIME_COLUMNS = new Set(['created', 'updated', 'at', 'processedAt', 'closedAt', 'paidAt']);
const TABLES_WITH_ROWS = ['bills', 'bill_items', 'payments', 'payment_items', 'events'] as const;

type Row = Record<string, unknown>;

export interface YearSeed {
  payments: number;
  /** When the year ends (the seed's `now`, ms). */
  now: number;
  /** When payment `n` (0 ≤ n < payments) was started, paid and closed: every time column of its rows (ms). */
  paidAt: (n: number) => number;
  /** Every seeded payment's amount and tip (the template's), and its currency. */
  amount: string;
  tip: string;
  currency: string;
  rowsPerPayment: Record<string, number>;
}

/** How many seeded payments were paid in [from, to) (ms): counted from the seed's own times. */
export function paymentsPaidIn(seed: YearSeed, range: { from: number; to: number }): number {
  let n = 0;
  for (let i = 0; i < seed.payments; i++) {
    const at = seed.paidAt(i);
    if (at >= range.from && at < range.to) n++;
  }
  return n;
}

/**
 * The rows one closed guest payment leaves, made by the store itself: a bill with three lines
 * paid whole (start, processed, closed PAID) and then closed by the POS, in a scratch store.
 */
function templateRows(dir: string): Record<(typeof TABLES_WITH_ROWS)[number], Row[]> {
  const file = join(dir, 'template.sqlite');
  const store = openStore({ file });
  try {
    store.bills.upsertTable({ id: TPL.table, name: 'Template' });
    const items = [
      { id: 'beer', name: 'Pilsner', price: '62.50', quantity: '2' },
      { id: 'soup', name: 'Garlic soup', price: '79', quantity: '1' },
      { id: 'water', name: 'Water', price: '40', quantity: '1' },
    ];
    store.bills.putBill({ id: TPL.bill, tableId: TPL.table, name: 'Window', currency: 'CZK', items });
    const payment: Payment = {
      id: TPL.payment, idBill: TPL.bill, idCustomer: null, currency: 'CZK', state: 'STARTED',
      items: items.map((i) => ({ ...i, tags: [] })),
      parts: [{ total: '0', provider: { id: 'card', name: 'Card', type: 'CARD' } }],
      tipBrutto: '10', tipNetto: '10', additionalData: null, discount: null,
    };
    store.payments.startPayment(payment);
    store.payments.processPayment(TPL.payment);
    store.payments.closePayment(TPL.payment, 'PAID');
    if (store.bills.getBill(TPL.bill)?.state !== 'CLOSED') store.bills.closeBill(TPL.bill);
  } finally {
    store.engine.close();
  }
  const db = new Database(file, { readonly: true });
  try {
    const rows = Object.fromEntries(TABLES_WITH_ROWS.map((t) => [t, db.prepare(`SELECT * FROM ${t}`).all() as Row[]]));
    // The table is set up once, not per payment.
    rows.events = rows.events!.filter((e) => e.kind !== 'table.upserted');
    return rows as Record<(typeof TABLES_WITH_ROWS)[number], Row[]>;
  } finally {
    db.close();
  }
}

/** A template row for payment `n`: ids replaced in every text value, time columns set to `at`. */
function copyRow(row: Row, n: number, table: string, at: string): Row {
  const out: Row = {};
  for (const [column, value] of Object.entries(row)) {
    if (column === 'seq') continue; // the event log numbers itself
    if (TIME_COLUMNS.has(column) && typeof value === 'string') out[column] = at;
    else if (typeof value === 'string') out[column] = value.replaceAll(TPL.payment, `yp-${n}`).replaceAll(TPL.bill, `yb-${n}`).replaceAll(TPL.table, table);
    else out[column] = value;
  }
  return out;
}

/**
 * A year of service in the store at `dataDir`: `tables` tables each with one open bill of
 * `items` lines (through the store), then `payments` closed payments with their bills and events,
 * copies of the rows the store itself wrote for one, spread evenly over the 365 days before `now`,
 * inserted with plain SQL in one transaction (seeding is setup, not what is measured).
 */
export function seedYear(dataDir: string, o: { tables: number; items: number; payments: number; now: number }): YearSeed {
  const template = templateRows(dataDir);
  const store = openStore({ file: storeFile(dataDir) });
  try {
    store.engine.group(() => {
      for (let t = 0; t < o.tables; t++) {
        store.bills.upsertTable({ id: `t${t}`, name: `Table ${t}`, area: `Area ${t % 10}` });
        store.bills.putBill({ id: `b${t}`, tableId: `t${t}`, name: `Bill ${t}`, currency: 'CZK', items: billItems(o.items) });
      }
    });
  } finally {
    store.engine.close();
  }
  const db = new Database(storeFile(dataDir));
  const start = o.now - 365 * DAY_MS;
  const step = (365 * DAY_MS) / o.payments;
  const paidAt = (n: number) => Math.floor(start + n * step);
  try {
    db.pragma('synchronous = OFF');
    const inserts = Object.fromEntries(
      TABLES_WITH_ROWS.map((t) => {
        const columns = Object.keys(template[t][0] ?? {}).filter((c) => c !== 'seq');
        return [t, db.prepare(`INSERT INTO ${t} (${columns.join(', ')}) VALUES (${columns.map((c) => `@${c}`).join(', ')})`)];
      }),
    );
    db.transaction(() => {
      for (let n = 0; n < o.payments; n++) {
        const at = new Date(paidAt(n)).toISOString();
        for (const t of TABLES_WITH_ROWS) for (const row of template[t]) inserts[t]!.run(copyRow(row, n, `t${n % o.tables}`, at));
      }
      db.prepare("UPDATE counters SET value = ? WHERE name = 'receiptSerial'").run(o.payments);
    })();
    db.pragma('wal_checkpoint(TRUNCATE)');
  } finally {
    db.close();
  }
  const rowsPerPayment = Object.fromEntries(TABLES_WITH_ROWS.map((t) => [t, template[t].length]));
  const payment = template.payments[0]!;
  return {
    payments: o.payments,
    now: o.now,
    paidAt,
    amount: String(payment.amount),
    tip: String(payment.tip),
    currency: String(payment.currency),
    rowsPerPayment,
  };
}
