import { afterEach, describe, expect, it } from 'vitest';
import { acknowledge, listAttention } from '../../main/features/attention/index.js';
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
});
