import type { Logger } from '../../base/log.js';
import type { PaymentsStore, ReceiptsStore } from '../../store/index.js';
import { METHOD_ERROR, type MethodArgs } from '../../base/wire/index.js';
import { fail, ok } from '../bills/method-outcome.js';
import type { MethodOutcome } from '../../base/method-types.js';

/**
 * The payment flow: paymentStart → paymentProcessed → paymentClosed. Each store call is one
 * committed transaction before it returns, so the answer leaves only after the commit.
 */

export function paymentStart(store: PaymentsStore & ReceiptsStore, log: Logger, [payment]: MethodArgs<'paymentStart'>): MethodOutcome {
  const { repeated, payment: p } = store.startPayment(payment);
  log.info(
    { paymentId: p.id, billId: p.billId, amount: p.amount, tip: p.tip, repeated },
    repeated ? 'payment start repeated' : 'payment started: items locked',
  );
  return ok(null);
}

export function paymentProcessed(store: PaymentsStore & ReceiptsStore, log: Logger, [paymentId]: MethodArgs<'paymentProcessed'>): MethodOutcome {
  const { receipt, repeated } = store.processPayment(paymentId);
  log.info({ paymentId, serial: receipt.receiptInfo.serial, repeated }, 'payment processed: receipt answered');
  return ok(receipt);
}

export function paymentClosed(store: PaymentsStore & ReceiptsStore, log: Logger, [paymentId, state]: MethodArgs<'paymentClosed'>): MethodOutcome {
  const { changed, payment } = store.closePayment(paymentId, state);
  if (!payment) log.warn({ paymentId, state }, 'paymentClosed for an unknown payment: nothing to change');
  else if (!changed) log.info({ paymentId, billId: payment.billId, state }, 'paymentClosed repeated: nothing changed');
  else
    log.info({ paymentId, billId: payment.billId, state, amount: payment.amount }, state === 'PAID' ? 'payment paid' : 'payment ended unpaid: items unlocked');
  return ok(null);
}

/**
 * The fiscal receipt of a POSTPONED payment is the one the main POS gave (PUT
 * /v1/payments/{id}/receipt); until it did, RECEIPT_NOT_READY (the service asks again, or waits for
 * provide-payment-receipt). A payment with the companion's own receipt answers that one.
 */
export function getPostponedReceipt(store: PaymentsStore & ReceiptsStore, log: Logger, [paymentId]: MethodArgs<'getPostponedReceipt'>): MethodOutcome {
  const p = store.getPayment(paymentId);
  if (!p) return fail(METHOD_ERROR.PAYMENT_NOT_FOUND, `Payment ${paymentId} is unknown here.`);
  const given = store.givenReceipt(paymentId);
  if (given) return ok(given.receipt);
  let receipt = p.receipt;
  if (receipt === null) {
    if (p.state !== 'PAID') return fail(METHOD_ERROR.PAYMENT_NOT_FOUND, `Payment ${paymentId} has no receipt (${p.closedState ?? p.state}).`);
    // Paid without a processed step (recovered from the service): write the receipt now, once.
    receipt = store.processPayment(paymentId).receipt;
    log.info({ paymentId, serial: receipt.receiptInfo.serial, type: receipt.receiptDeliveryType }, 'postponed receipt written');
  }
  if (receipt.receiptDeliveryType === 'POSTPONED') {
    log.info({ paymentId }, 'getPostponedReceipt: the main POS has not given the receipt yet');
    return fail(METHOD_ERROR.RECEIPT_NOT_READY, `Payment ${paymentId} waits for its receipt from the main POS.`);
  }
  return ok(receipt);
}
