import { afterEach, describe, expect, it } from 'vitest';
import { acknowledge, listAttention } from '../../main/features/attention/index.js';
import { RECEIPT_GRACE_MS } from '../../main/features/attention/sources/receipt-awaited.js';
import { fiscalReceipt, paidPayment, receiptStore } from './helpers.js';

/** The Needs attention source of the POSTPONED flow: receipts the service has not accepted yet. */
describe('Needs attention: receipts not yet with the service', () => {
  let t: ReturnType<typeof receiptStore>;
  afterEach(() => t.cleanup());
  const list = () => listAttention(t.store.read, t.clock.now()).filter((e) => e.kind === 'receipt-pending');

  it('lists a given receipt while it is being sent (attempts, last error), drops it once delivered', () => {
    t = receiptStore();
    paidPayment(t.store);
    expect(list()).toEqual([]); // POSTPONED and not given yet: the POS's job, not the cashier's
    t.clock.advance(60_000);
    t.store.giveReceipt('p1', fiscalReceipt());
    t.store.receiptFailed('p1', 'NETWORK_ERROR', false);
    expect(list()).toEqual([
      expect.objectContaining({
        id: 'receipt-pending:p1',
        since: new Date(t.clock.now()).toISOString(),
        tableName: 'Table t1',
        paymentId: 'p1',
        amount: '125.00',
        detail: { state: 'sending', attempts: '1', code: 'NETWORK_ERROR' },
        actions: ['acknowledge'],
      }),
    ]);
    t.store.receiptDelivered('p1');
    expect(list()).toEqual([]);
  });

  it('a receipt the service refused stays as refused until acknowledged; acknowledging is recorded', () => {
    t = receiptStore();
    paidPayment(t.store);
    t.store.giveReceipt('p1', fiscalReceipt());
    t.store.receiptFailed('p1', '404', true);
    expect(list()).toMatchObject([{ detail: { state: 'refused', code: '404' } }]);
    expect(acknowledge(t.store, t.clock.now(), { entryId: 'receipt-pending:p1', note: 'POS sent it again by hand' })).toMatchObject({ ok: true });
    expect(list()).toEqual([]);
    expect(
      t.store
        .eventsAfter(0)
        .filter((e) => e.kind === 'attention.resolved')
        .map((e) => e.data),
    ).toEqual([expect.objectContaining({ entryId: 'receipt-pending:p1', kind: 'receipt-pending', action: 'acknowledge', note: 'POS sent it again by hand' })]);
  });

  it('lists a paid POSTPONED payment whose receipt the POS has not given after the grace; it leaves once given', () => {
    t = receiptStore();
    const awaited = () => listAttention(t.store.read, t.clock.now()).filter((e) => e.kind === 'receipt-awaited');
    paidPayment(t.store);
    const paidAt = new Date(t.clock.now()).toISOString();
    t.clock.advance(RECEIPT_GRACE_MS - 1);
    expect(awaited()).toEqual([]);
    t.clock.advance(1);
    expect(awaited()).toEqual([
      expect.objectContaining({ id: 'receipt-awaited:p1', since: paidAt, tableName: 'Table t1', paymentId: 'p1', amount: '125.00', actions: ['acknowledge'] }),
    ]);
    t.store.giveReceipt('p1', fiscalReceipt());
    expect(awaited()).toEqual([]);
    expect(list()).toMatchObject([{ id: 'receipt-pending:p1', detail: { state: 'sending' } }]);
  });

  it('never lists a receipt the service makes itself, nor a POSTPONED payment not paid yet; an acknowledged one stays off', () => {
    t = receiptStore('QERKO_GENERATED');
    const awaited = () => listAttention(t.store.read, t.clock.now()).filter((e) => e.kind === 'receipt-awaited');
    paidPayment(t.store);
    t.clock.advance(RECEIPT_GRACE_MS * 10);
    expect(awaited()).toEqual([]);
    t.cleanup();

    t = receiptStore();
    paidPayment(t.store, 'p1', { paid: false });
    t.clock.advance(RECEIPT_GRACE_MS * 10);
    expect(awaited()).toEqual([]);
    t.cleanup();

    t = receiptStore();
    paidPayment(t.store);
    t.clock.advance(RECEIPT_GRACE_MS);
    expect(awaited().map((e) => e.id)).toEqual(['receipt-awaited:p1']);
    expect(acknowledge(t.store, t.clock.now(), { entryId: 'receipt-awaited:p1', note: 'receipt written by hand' })).toMatchObject({ ok: true });
    expect(awaited()).toEqual([]);
  });
});
