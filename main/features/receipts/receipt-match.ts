import { dec, sum, type Decimal, type PaymentRecord } from '../../store/index.js';
import type { Receipt } from '../../base/wire/index.js';

/** Why a receipt the main POS gave does not belong to its payment: the field at fault and the words. */
export interface ReceiptMismatch {
  field: string;
  message: string;
}

/** Money with at least 2 places and never rounded (a line of 0.125 kg keeps its third place). */
const exact = (d: Decimal): string => d.toFixed(Math.max(2, d.decimalPlaces()));

/**
 * The POS's receipt must be the payment's: every line an item the payment paid (by id or name), the lines (and
 * finalPrice when given) summing to exactly its amount, tip apart. Money is exact decimal, so no
 * tolerance: a receipt off by 0.01 is another sale. Null when it matches.
 */
export function receiptMismatch(payment: PaymentRecord, receipt: Pick<Receipt, 'items' | 'finalPrice'>): ReceiptMismatch | null {
  // A POS may number its receipt lines its own way (the example client does): its item's name counts too.
  const paidIds = new Set(payment.items.map((i) => i.itemId));
  const paidNames = new Set(payment.items.map((i) => i.name));
  const foreign = receipt.items.findIndex((line) => !paidIds.has(line.id) && !paidNames.has(line.name));
  if (foreign >= 0) {
    const line = receipt.items[foreign]!;
    return {
      field: `items[${foreign}].id`,
      message: `Receipt line ${foreign} (${JSON.stringify(line.id)}, ${JSON.stringify(line.name)}) names an item payment ${payment.id} did not pay; it paid: ${payment.items.map((i) => `${JSON.stringify(i.itemId)} (${JSON.stringify(i.name)})`).join(', ')}.`,
    };
  }
  const amount = dec(payment.amount);
  const lines = sum(receipt.items.map((line) => dec(line.price).times(line.quantity)));
  if (!lines.equals(amount)) {
    return {
      field: 'items',
      message: `The receipt's lines add up to ${exact(lines)} ${payment.currency} but payment ${payment.id} paid ${exact(amount)} ${payment.currency} (tip apart): a difference of ${exact(lines.minus(amount))}.`,
    };
  }
  if (receipt.finalPrice !== undefined && !dec(receipt.finalPrice).equals(amount)) {
    return {
      field: 'finalPrice',
      message: `The receipt's finalPrice ${exact(dec(receipt.finalPrice))} ${payment.currency} differs from the ${exact(amount)} ${payment.currency} payment ${payment.id} paid (tip apart).`,
    };
  }
  return null;
}
