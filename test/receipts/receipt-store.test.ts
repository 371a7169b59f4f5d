import { afterEach, describe, expect, it } from 'vitest';
import { getPostponedReceipt } from '../../main/features/payments/payment-methods.js';
import { silentLogger } from '../../main/base/log.js';
import { receiptView } from '../../main/features/receipts/index.js';
import { isStoreError } from '../../main/store/index.js';
import { fiscalReceipt, paidPayment, receiptStore } from './helpers.js';

const log = silentLogger();
const code = (fn: () => unknown): string => {
  try {
    fn();
  } catch (e) {
    if (isStoreError(e)) return e.code;
    throw e;
  }
  return 'no error';
};

describe('receipts in the store (migration 009)', () => {
  let t: ReturnType<typeof receiptStore>;
  afterEach(() => t.cleanup());

  it('POSTPONED mode: paymentProcessed answers a POSTPONED receipt and says so in its event', () => {
    t = receiptStore('POSTPONED');
    const receipt = paidPayment(t.store);
    expect(receipt).toMatchObject({ receiptDeliveryType: 'POSTPONED', finalPrice: '125', items: [{ id: 'beer', quantity: '2' }] });
    const processed = t.store.eventsAfter(0).find((e) => e.kind === 'payment.processed');
    // captureMode too: the capture notice needs no read of an auto-capture payment (every payment of a rush).
    expect(processed?.data).toMatchObject({ receiptDeliveryType: 'POSTPONED', captureMode: 'auto' });
  });

  it("QERKO_GENERATED mode keeps today's receipt, and a POS receipt for it is refused with NOT_POSTPONED", () => {
    t = receiptStore('QERKO_GENERATED');
    expect(paidPayment(t.store).receiptDeliveryType).toBe('QERKO_GENERATED');
    expect(code(() => t.store.giveReceipt('p1', fiscalReceipt()))).toBe('NOT_POSTPONED');
    expect(code(() => t.store.giveReceipt('nope', fiscalReceipt()))).toBe('PAYMENT_NOT_FOUND');
    expect(t.store.pendingReceiptDeliveries()).toEqual([]);
  });

  it('keeps the given receipt in the outbox, idempotent for the same one, refusing another, across a reopen', () => {
    t = receiptStore();
    paidPayment(t.store);
    t.clock.set(Date.parse('2026-11-22T20:16:00Z'));
    expect(t.store.giveReceipt('p1', fiscalReceipt()).repeated).toBe(false);
    expect(t.store.giveReceipt('p1', fiscalReceipt()).repeated).toBe(true);
    expect(code(() => t.store.giveReceipt('p1', fiscalReceipt('FP-OTHER')))).toBe('RECEIPT_ALREADY_GIVEN');
    expect(
      t.store
        .eventsAfter(0)
        .filter((e) => e.kind === 'payment.receipt')
        .map((e) => e.data),
    ).toEqual([{ delivery: 'pending', serial: 'FP-2026-0042' }]);

    const store = t.reopen();
    expect(store.pendingReceiptDeliveries()).toEqual([
      {
        paymentId: 'p1',
        receipt: fiscalReceipt(),
        receivedAt: '2026-11-22T20:16:00.000Z',
        deliveredAt: null,
        attempts: 0,
        lastAttemptAt: null,
        lastError: null,
        refusedCode: null,
      },
    ]);
    store.receiptFailed('p1', '503', false);
    expect(store.pendingReceiptDeliveries()[0]).toMatchObject({ attempts: 1, lastError: '503', refusedCode: null });
    expect(store.receiptDelivered('p1')).toBe(true);
    expect(store.receiptDelivered('p1')).toBe(false);
    expect(store.pendingReceiptDeliveries()).toEqual([]);
    expect(store.givenReceipt('p1')).toMatchObject({ attempts: 2, lastError: null, deliveredAt: '2026-11-22T20:16:00.000Z' });
  });

  it('a receipt the service refused for good may be replaced by a new one, which is sent afresh', () => {
    t = receiptStore();
    paidPayment(t.store);
    t.store.giveReceipt('p1', fiscalReceipt());
    t.store.receiptFailed('p1', '404', true);
    expect(t.store.pendingReceiptDeliveries()[0]).toMatchObject({ refusedCode: '404' });
    t.store.giveReceipt('p1', fiscalReceipt('FP-FIXED'));
    expect(t.store.pendingReceiptDeliveries()).toMatchObject([{ receipt: { receiptInfo: { serial: 'FP-FIXED' } }, attempts: 0, refusedCode: null }]);
  });

  it('refuses a payment that is not processed yet (NOT_POSTPONED) or ended unpaid (PAYMENT_NOT_PAID)', () => {
    t = receiptStore();
    paidPayment(t.store, 'p1', { paid: false });
    t.store.closePayment('p1', 'CANCELLED');
    expect(code(() => t.store.giveReceipt('p1', fiscalReceipt()))).toBe('PAYMENT_NOT_PAID');
    t.store.startPayment({ ...paymentLike('p2') });
    expect(code(() => t.store.giveReceipt('p2', fiscalReceipt()))).toBe('NOT_POSTPONED');
  });

  it('getPostponedReceipt: RECEIPT_NOT_READY until the POS gave it, then exactly that receipt', () => {
    t = receiptStore();
    paidPayment(t.store);
    expect(getPostponedReceipt(t.store, log, ['p1'])).toMatchObject({ error: { code: 'RECEIPT_NOT_READY' } });
    t.store.giveReceipt('p1', fiscalReceipt());
    expect(getPostponedReceipt(t.store, log, ['p1'])).toEqual({ result: fiscalReceipt() });
    expect(getPostponedReceipt(t.store, log, ['nope'])).toMatchObject({ error: { code: 'PAYMENT_NOT_FOUND' } });
  });

  it("the receipt view: the companion's receipt, then the POS's with its delivery; money exact", () => {
    t = receiptStore();
    paidPayment(t.store);
    expect(receiptView(t.store, 'p1')).toMatchObject({
      source: 'companion',
      receiptDeliveryType: 'POSTPONED',
      total: '125.00',
      delivery: { state: 'waiting-for-pos' },
    });
    t.store.giveReceipt(
      'p1',
      fiscalReceipt('FP-1', { items: [{ id: 'cheese', name: 'Cheese', price: '240.00', quantity: '0.125', tags: [] }], finalPrice: undefined }),
    );
    expect(receiptView(t.store, 'p1')).toMatchObject({
      source: 'pos',
      serial: 'FP-1',
      tableName: 'Table t1',
      items: [{ name: 'Cheese', price: '240.00', quantity: '0.125', lineTotal: '30.00' }],
      total: '30.00',
      delivery: { state: 'sending', attempts: 0 },
    });
    expect(receiptView(t.store, 'nope')).toBeNull();
  });
});

function paymentLike(id: string) {
  return {
    id,
    idBill: 'b1',
    idCustomer: null,
    currency: 'CZK',
    state: 'STARTED',
    items: [{ id: 'water', name: 'water', price: '40', quantity: '1', tags: [] }],
    parts: [{ total: '40', provider: { id: 'card', name: 'Card', type: 'CARD' } }],
    tipBrutto: '0',
    tipNetto: '0',
    additionalData: null,
    discount: null,
  };
}
