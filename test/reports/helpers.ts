import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ManualClock } from '../../main/base/clock.js';
import { openTestStore, type TestStore } from '../store/test-store.js';
import type { Payment } from '../../main/base/wire/index.js';
import type { BillsStore, PaymentsStore } from '../../main/store/index.js';

/** A real store on a temp SQLite file whose clock the test sets to each payment's moment. */
export function reportStore(): { store: TestStore; clock: ManualClock; cleanup: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'tableside-report-'));
  const clock = new ManualClock();
  const store = openTestStore({ file: join(dir, 'bills.sqlite'), clock });
  return {
    store,
    clock,
    cleanup: () => {
      store.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

let bills = 0;

/** A table (with area) and an open bill of one line `price` × 1; returns the bill id. */
export function billOf(store: BillsStore, table: { id: string; area: string | null; name?: string }, price: string, currency = 'CZK'): string {
  store.upsertTable({ id: table.id, name: table.name ?? `Table ${table.id}`, area: table.area });
  const id = `bill-${++bills}`;
  store.putBill({ id, tableId: table.id, name: `Bill ${bills}`, currency, items: [{ id: 'line', name: 'Line', price, quantity: '1' }] });
  return id;
}

function wire(id: string, billId: string, price: string, tip: string, provider: string, extra: Partial<Payment>): Payment {
  return {
    id,
    idBill: billId,
    idCustomer: null,
    currency: 'CZK',
    state: 'STARTED',
    items: [{ id: 'line', name: 'Line', price, quantity: '1', tags: [] }],
    parts: [{ total: price, provider: { id: provider.toLowerCase(), name: provider, type: 'CARD' } }],
    tipBrutto: tip,
    tipNetto: tip,
    additionalData: null,
    discount: null,
    ...extra,
  };
}

export interface PayInput {
  id: string;
  table: { id: string; area: string | null; name?: string };
  price: string;
  tip?: string;
  provider?: string;
  currency?: string;
  /** When the guest pays (ms epoch); start, process and close all happen then. */
  at: number;
  outcome?: 'PAID' | 'DECLINED' | 'pending' | 'capture';
}

/** A guest pays a fresh bill at `at` through the store's real payment lifecycle. */
export function pay(t: { store: BillsStore & PaymentsStore; clock: ManualClock }, input: PayInput): void {
  t.clock.set(input.at);
  const billId = billOf(t.store, input.table, input.price, input.currency);
  const manual = input.outcome === 'capture';
  t.store.startPayment(
    wire(input.id, billId, input.price, input.tip ?? '0', input.provider ?? 'Visa', {
      currency: input.currency ?? 'CZK',
      ...(manual ? { captureMode: 'manual' } : {}),
    }),
  );
  if (input.outcome === 'pending') return;
  t.store.processPayment(input.id);
  if (manual) return;
  t.store.closePayment(input.id, input.outcome ?? 'PAID');
}

/** The cashier refunds payment `id` at `at`. */
export function refund(t: { store: PaymentsStore; clock: ManualClock }, id: string, at: number): void {
  t.clock.set(at);
  t.store.refundPayment(id);
}
