import type { PaymentReceiptView, ReceiptDeliveryState } from '../../../preload/contract.js';
import type { Decimal } from 'decimal.js';
import { dec, sum, type BillsStore, type PaymentsStore, type ReceiptsStore, type ReceiptDelivery } from '../../store/index.js';
import type { Receipt } from '../../base/wire/index.js';

type ReceiptReads = Pick<BillsStore, 'getBill' | 'getTable'> & Pick<PaymentsStore, 'getPayment'> & Pick<ReceiptsStore, 'givenReceipt'>;

/** Money with at least 2 places and never rounded (a line of 0.125 kg keeps its third place). */
function exact(value: Decimal | string): string {
  const d = typeof value === 'string' ? dec(value) : value;
  return d.toFixed(Math.max(2, d.decimalPlaces()));
}

function deliveryState(receipt: Receipt, given: ReceiptDelivery | null): ReceiptDeliveryState {
  if (given) return given.deliveredAt !== null ? 'delivered' : given.refusedCode !== null ? 'refused' : 'sending';
  return receipt.receiptDeliveryType === 'POSTPONED' ? 'waiting-for-pos' : 'service';
}

/**
 * A payment's receipt as the cashier and the POS see it: the main POS's fiscal receipt when it gave
 * one, else the receipt the companion answered at paymentProcessed. Null when the payment is unknown
 * or never reached paymentProcessed (no receipt exists).
 */
export function receiptView(store: ReceiptReads, paymentId: string): PaymentReceiptView | null {
  const payment = store.getPayment(paymentId);
  if (!payment) return null;
  const given = store.givenReceipt(paymentId);
  const receipt = given?.receipt ?? payment.receipt;
  if (!receipt) return null;
  const bill = store.getBill(payment.billId);
  const table = bill ? store.getTable(bill.tableId) : null;
  const lines = receipt.items.map((i) => ({ i, total: dec(i.price).times(i.quantity) }));
  const total = receipt.finalPrice ? dec(receipt.finalPrice) : sum(lines.map((l) => l.total));
  const items = lines.map(({ i, total }) => ({ name: i.name, price: exact(i.price), quantity: dec(i.quantity).toFixed(), lineTotal: exact(total) }));
  return {
    paymentId,
    tableName: table?.name ?? null,
    billName: receipt.receiptInfo.billName ?? bill?.name ?? null,
    source: given ? 'pos' : 'companion',
    receiptDeliveryType: payment.receipt?.receiptDeliveryType ?? receipt.receiptDeliveryType,
    serial: receipt.receiptInfo.serial,
    timestamp: receipt.receiptInfo.timestamp,
    currency: payment.currency,
    items,
    total: exact(total),
    tip: exact(payment.tip),
    paid: exact(total.plus(payment.tip)),
    fiscalInfo: receipt.fiscalInfo ?? null,
    delivery: {
      state: deliveryState(payment.receipt ?? receipt, given),
      attempts: given?.attempts ?? 0,
      lastError: given?.lastError ?? null,
      receivedAt: given?.receivedAt ?? null,
      deliveredAt: given?.deliveredAt ?? null,
    },
  };
}
