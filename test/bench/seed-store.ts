import { join } from 'node:path';
import { createBillStore } from '../../main/store/index.js';

/** Writes `tables` tables with one open bill of `itemsPerBill` items each, straight into a store file. */
export function seedStore(dataDir: string, tables: number, itemsPerBill: number): void {
  const store = createBillStore({ file: join(dataDir, 'tableside.sqlite') });
  try {
    // One commit for all of it: seeding is setup, not what a benchmark measures.
    store.group(() => {
      for (let t = 0; t < tables; t++) {
        store.upsertTable({ id: `t${t}`, name: `Table ${t}`, area: `Area ${t % 10}` });
        const items = Array.from({ length: itemsPerBill }, (_, i) => ({ id: `i${i}`, name: `Item ${i}`, price: `${50 + i}.50`, quantity: `${1 + (i % 3)}` }));
        store.putBill({ id: `b${t}`, tableId: `t${t}`, name: `Bill ${t}`, currency: 'CZK', items });
      }
    });
  } finally {
    store.close();
  }
}
