import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { openStore } from '../../main/store/index.js';

/** The store file the host opens in its data folder. */
export const storeFile = (dataDir: string): string => join(dataDir, 'tableside.sqlite');

/**
 * settings.json for a data dir the bench fills with a database: a dir holding one counts as
 * configured, and there a missing settings file (or one naming no environment) keeps the host
 * from connecting. `environment: 'demo'` is the fresh install's default; the flags override the rest.
 */
export function writeSettings(dataDir: string, fields: Record<string, unknown> = {}): void {
  writeFileSync(join(dataDir, 'settings.json'), JSON.stringify({ environment: 'demo', ...fields }), { mode: 0o600 });
}

/** A bill's lines; `firstQuantity` is line i0's quantity (changed to make a table's answer stale). */
export function billItems(itemsPerBill: number, firstQuantity = '1') {
  return Array.from({ length: itemsPerBill }, (_, i) => ({
    id: `i${i}`,
    name: `Item ${i}`,
    price: `${50 + i}.50`,
    quantity: i === 0 ? firstQuantity : `${1 + (i % 3)}`,
  }));
}

/** The body of PUT /v1/bills/b<t>: bill b<t> on table t<t>, i0 with `firstQuantity`. */
export function billBody(t: number, itemsPerBill: number, firstQuantity: string) {
  return { tableId: `t${t}`, name: `Bill ${t}`, currency: 'CZK', items: billItems(itemsPerBill, firstQuantity) };
}

/** Writes `tables` tables with one open bill b<t> of `itemsPerBill` items each, straight into a store file. */
export function seedStore(dataDir: string, tables: number, itemsPerBill: number): void {
  writeSettings(dataDir);
  const store = openStore({ file: storeFile(dataDir) });
  try {
    // One commit for all of it: seeding is setup, not what a benchmark measures.
    store.engine.group(() => {
      for (let t = 0; t < tables; t++) {
        store.bills.upsertTable({ id: `t${t}`, name: `Table ${t}`, area: `Area ${t % 10}` });
        store.bills.putBill({ id: `b${t}`, tableId: `t${t}`, name: `Bill ${t}`, currency: 'CZK', items: billItems(itemsPerBill) });
      }
    });
  } finally {
    store.engine.close();
  }
}
