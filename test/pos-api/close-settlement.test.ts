import BetterSqlite3 from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { lastSeq, seedBill } from '../store/helpers.js';
import { startApi } from './helpers.js';

type Api = Awaited<ReturnType<typeof startApi>>;

/** The settlement columns of migration 005, read straight from the SQLite file. */
function settlementRow(file: string, billId: string) {
  const db = new BetterSqlite3(file, { readonly: true });
  try {
    return db.prepare('SELECT state, settlementMethod, settlementNote, settledDue FROM bills WHERE id = ?').get(billId);
  } finally {
    db.close();
  }
}

describe('DELETE /v1/bills/{id} with a settlement', () => {
  let a: Api;
  beforeEach(async () => {
    a = await startApi();
  });
  afterEach(async () => a.stop());

  it('keeps how an amount still due was settled with the bill and in the bill.closed event', async () => {
    seedBill(a.store, 'b1', 't1');
    const seq = lastSeq(a.store);
    const closed = await a.call('DELETE', '/bills/b1', { settlement: { method: 'cash', note: 'paid at the bar' } });
    expect(closed.status).toBe(200);
    const row = settlementRow(a.file, 'b1') as { state: string; settlementMethod: string; settlementNote: string; settledDue: string };
    // 2 × 62.50 + 189 + 3 × 40, nothing paid.
    expect(row).toEqual({ state: 'CLOSED', settlementMethod: 'cash', settlementNote: 'paid at the bar', settledDue: '434.00' });
    const event = a.store.eventsAfter(seq).find((e) => e.kind === 'bill.closed');
    expect(event?.data).toEqual({ previousState: 'OPEN', due: '434.00', settlement: { method: 'cash', note: 'paid at the bar', due: '434.00' } });
  });

  it('closes without a body as before, nothing kept', async () => {
    seedBill(a.store, 'b2', 't1');
    expect((await a.call('DELETE', '/bills/b2')).status).toBe(200);
    expect(settlementRow(a.file, 'b2')).toMatchObject({ state: 'CLOSED', settlementMethod: null, settlementNote: null });
  });

  it('refuses a bad settlement with 400 naming the field, and the bill stays open', async () => {
    seedBill(a.store, 'b3', 't1');
    const bad = await a.call('DELETE', '/bills/b3', { settlement: { method: 'iou' } });
    expect(bad.status).toBe(400);
    expect(bad.json.error.field).toBe('settlement.method');
    const long = await a.call('DELETE', '/bills/b3', { settlement: { method: 'written-off', note: 'x'.repeat(501) } });
    expect(long.status).toBe(400);
    expect(long.json.error.field).toBe('settlement.note');
    expect(a.store.getBill('b3')?.state).toBe('OPEN');
  });
});
