import type { Clock } from '../../base/clock.js';
import type { Logger } from '../../base/log.js';
import { createOutboxDrain, type SendOutcome } from '../orders/outbox-drain.js';
import { isRetryable } from '../orders/retry.js';
import type { ServiceClient, ServiceFailure } from '../../base/service/index.js';
import type { ReceiptsStore, EventsStore, ReceiptDelivery } from '../../store/index.js';
import type { BackoffOptions } from '../../base/backoff.js';

export interface ReceiptSenderOptions {
  store: ReceiptsStore & EventsStore;
  client: Pick<ServiceClient, 'provideReceipt'>;
  clock: Clock;
  log: Logger;
  backoff?: BackoffOptions;
  random?: () => number;
}

export interface ReceiptSender {
  /** Sends what an earlier run left in the outbox. */
  start: () => void;
  /** Resolves when the sending in progress (if any) has ended. */
  idle(): Promise<void>;
  /** Receipts still to be sent (those the service refused for good are not counted). */
  pending: () => number;
  /** Stops sending and waits for the send on its way; the outbox keeps the rest. */
  stop(): Promise<void>;
}

/** What the store keeps of a failure: the HTTP status, or the code when no answer came. */
const failureCode = (f: ServiceFailure): string => (f.status === 0 ? f.code : String(f.status));

/**
 * Sends the main POS's fiscal receipts to the service (`provide-payment-receipt`) from the store's
 * durable outbox (payment_receipts, migration 009; the drain: orders/outbox-drain.ts), oldest first.
 * A receipt leaves the outbox only once the service accepted it, so a restart or a service that is
 * down only delays it. A failure that can pass (no answer, 5xx, 401/403/408/429) is counted and
 * retried with backoff on the Clock (1 s doubling to 60 s, jittered); a refusal of the content (400,
 * 404) is kept as refused and not retried (the same body would be refused forever): it stays in
 * Needs attention.
 */
export function createReceiptSender(options: ReceiptSenderOptions): ReceiptSender {
  const { store } = options;
  const log = options.log.child({ mod: 'receipt-sender' });

  async function send(next: ReceiptDelivery): Promise<SendOutcome> {
    const { paymentId } = next;
    const answer = await options.client.provideReceipt(paymentId, next.receipt);
    if (answer.ok) {
      store.receiptDelivered(paymentId);
      log.info({ paymentId, serial: next.receipt.receiptInfo.serial, attempts: next.attempts + 1 }, 'receipt accepted by the service');
      return { done: true };
    }
    const retry = isRetryable(answer);
    store.receiptFailed(paymentId, failureCode(answer), !retry);
    if (retry) return { done: false, log: { paymentId, code: answer.code, httpStatus: answer.status } };
    log.error({ paymentId, code: answer.code, httpStatus: answer.status }, `the service refused the receipt: ${answer.message}`);
    return { done: true };
  }

  return createOutboxDrain({
    store,
    clock: options.clock,
    log,
    backoff: options.backoff,
    random: options.random,
    waiting: () => store.pendingReceiptDeliveries().filter((d) => d.refusedCode === null),
    send,
    queued: (events) => events.some((e) => e.kind === 'payment.receipt' && e.data.delivery === 'pending'),
    words: { retrying: 'receipt not sent; retrying', failed: 'receipt sender failed; the next receipt or restart tries again' },
  });
}
