// Receipts: a payment's receipt as main answers getPaymentReceipt.
import type { PaymentReceiptView } from '../../../preload/contract';

export function receiptFixture(paymentId: string, over: Partial<PaymentReceiptView> = {}): PaymentReceiptView {
  return {
    paymentId,
    tableName: '5',
    billName: 'Window',
    source: 'pos',
    receiptDeliveryType: 'POSTPONED',
    serial: 'FP-2026-0042',
    timestamp: '2026-11-21T20:15:00.000Z',
    currency: 'CZK',
    items: [
      { name: 'Pilsner', price: '62.50', quantity: '2', lineTotal: '125.00' },
      { name: 'Cheese', price: '240.00', quantity: '0.125', lineTotal: '30.00' },
    ],
    total: '155.00',
    tip: '15.00',
    paid: '170.00',
    fiscalInfo: { fik: 'b3a5c1d2-ff' },
    delivery: { state: 'sending', attempts: 3, lastError: '503', receivedAt: '2026-11-21T20:16:00.000Z', deliveredAt: null },
    ...over,
  };
}
