import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ManualClock } from '../../main/base/clock.js';
import { type ReceiptMode, type BillsStore, type PaymentsStore } from '../../main/store/index.js';
import { openTestStore, type TestStore } from '../store/test-store.js';
import type { Receipt } from '../../main/base/wire/index.js';
import { seedBill, wirePayment } from '../store/helpers.js';

/** A real store on a temp SQLite file with its receipt mode; `reopen` closes it and opens the same file again. */
export function receiptStore(mode: ReceiptMode = 'POSTPONED', clock = new ManualClock()) {
  const dir = mkdtempSync(join(tmpdir(), 'tableside-receipts-'));
  const file = join(dir, 'bills.sqlite');
  const open = () => openTestStore({ file, clock, receiptMode: () => mode });
  const t = { store: open(), clock, dir, file };
  return {
    ...t,
    get store(): TestStore {
      return t.store;
    },
    reopen(): TestStore {
      t.store.close();
      t.store = open();
      return t.store;
    },
    cleanup(): void {
      t.store.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Bill b1 on table t1, and payment `id` of 2 beers started, processed and (unless `paid` is false) paid. */
export function paidPayment(store: BillsStore & PaymentsStore, id = 'p1', options: { paid?: boolean } = {}): Receipt {
  if (!store.getBill('b1')) seedBill(store);
  store.startPayment(wirePayment(id, [{ id: 'beer', price: '62.50', quantity: '2' }]));
  const { receipt } = store.processPayment(id);
  if (options.paid !== false) store.closePayment(id, 'PAID');
  return receipt;
}

/** The fiscal receipt a main POS would give (serial from its own printer). */
export function fiscalReceipt(serial = 'FP-2026-0042', extra: Partial<Receipt> = {}): Receipt {
  return {
    receiptInfo: { billName: 'Window', timestamp: '2026-11-22T21:15:00+01:00', serial },
    items: [{ id: 'beer', name: 'Beer', price: '62.50', quantity: '2', tags: [] }],
    taxInfo: [{ rate: '21', base: '103.31', tax: '21.69' }],
    fiscalInfo: { fik: 'b3a5c1d2-0f1e-4a2b-9c8d-7e6f5a4b3c2d-ff', bkp: '01234567-89ABCDEF-01234567-89ABCDEF-01234567' },
    receiptDeliveryType: 'POSTPONED',
    finalPrice: '125.00',
    ...extra,
  };
}

/** The fiscal receipt of a payment of 1 water (40.00), as the contract scenario's p-post paid. */
export const waterReceipt = (serial = 'FP-2026-0042'): Receipt =>
  fiscalReceipt(serial, { items: [{ id: 'water', name: 'Water', price: '40', quantity: '1', tags: [] }], finalPrice: '40.00' });
