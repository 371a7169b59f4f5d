import { isDeepStrictEqual } from 'node:util';
import type { Receipt } from '../../base/wire/index.js';
import type { ReceiptDelivery } from '../shared/receipt-records.js';
import { StoreError } from '../../base/store-error.js';
import type { WriteTx } from '../repos/tx.js';

/**
 * The POSTPONED flow's writes: the main POS gives the fiscal receipt of a payment whose
 * paymentProcessed answered a POSTPONED receipt; it waits in the outbox (payment_receipts) until
 * the service accepts it. Each write also emits `payment.receipt`, so the POS's event stream, the
 * renderer and the sender hear of it.
 */

function emitReceipt(tx: WriteTx, paymentId: string, billId: string, delivery: 'pending' | 'delivered' | 'refused', extra: Record<string, unknown> = {}): void {
  const tableId = tx.bills.get(billId)?.tableId ?? null;
  tx.emit({ kind: 'payment.receipt', tableId, billId, paymentId, data: { delivery, ...extra } });
}

/**
 * Stores the POS's receipt. The same receipt again changes nothing (`repeated`); another one is
 * refused (RECEIPT_ALREADY_GIVEN) unless the service refused the first for good, which it replaces.
 */
export function giveReceipt(tx: WriteTx, paymentId: string, receipt: Receipt): { delivery: ReceiptDelivery; repeated: boolean } {
  const p = tx.payments.get(paymentId);
  if (!p) throw new StoreError('PAYMENT_NOT_FOUND', { paymentId }, 'id');
  if (p.receipt?.receiptDeliveryType !== 'POSTPONED') {
    throw new StoreError(
      'NOT_POSTPONED',
      p.receipt === null ? { paymentId, reason: 'unprocessed' } : { paymentId, reason: 'other-type', type: p.receipt.receiptDeliveryType },
      'id',
    );
  }
  const given = tx.receipts.get(paymentId);
  if (given && isDeepStrictEqual(given.receipt, receipt)) return { delivery: given, repeated: true };
  if (given && given.refusedCode === null) {
    throw new StoreError('RECEIPT_ALREADY_GIVEN', { paymentId, serial: given.receipt.receiptInfo.serial }, 'receipt');
  }
  if (p.state !== 'PROCESSED' && p.state !== 'PAID') {
    throw new StoreError('PAYMENT_NOT_PAID', { paymentId, state: p.closedState ?? p.state }, 'id');
  }
  if (given) tx.receipts.replace(tx, paymentId, receipt);
  else tx.receipts.insert(tx, paymentId, receipt);
  emitReceipt(tx, paymentId, p.billId, 'pending', { serial: receipt.receiptInfo.serial });
  return { delivery: tx.receipts.get(paymentId)!, repeated: false };
}

/** The service accepted it: it leaves the outbox. Already delivered or unknown: nothing changes. */
export function receiptDelivered(tx: WriteTx, paymentId: string): boolean {
  const given = tx.receipts.get(paymentId);
  if (!given || given.deliveredAt !== null) return false;
  tx.receipts.setDelivered(tx, paymentId);
  const billId = tx.payments.get(paymentId)?.billId;
  if (billId) emitReceipt(tx, paymentId, billId, 'delivered');
  return true;
}

/** A failed attempt: counted with its code; `refused` (the content, for good) stops the retries. */
export function receiptFailed(tx: WriteTx, paymentId: string, code: string, refused: boolean): void {
  const given = tx.receipts.get(paymentId);
  if (!given || given.deliveredAt !== null) return;
  tx.receipts.setFailed(tx, paymentId, code, refused);
  const billId = tx.payments.get(paymentId)?.billId;
  if (refused && billId) emitReceipt(tx, paymentId, billId, 'refused', { code });
}
