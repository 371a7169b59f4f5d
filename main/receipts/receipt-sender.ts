import type { Clock, TimerHandle } from '../clock.js';
import type { Logger } from '../log.js';
import { isRetryable } from '../orders/retry.js';
import type { ServiceClient, ServiceFailure } from '../service/index.js';
import type { BillStore } from '../store/index.js';
import { createBackoff, DEFAULT_BACKOFF, type BackoffOptions } from '../transport/backoff.js';

export interface ReceiptSenderOptions {
  store: BillStore;
  client: Pick<ServiceClient, 'provideReceipt'>;
  clock: Clock;
  log: Logger;
  backoff?: BackoffOptions;
  random?: () => number;
}

/** What the store keeps of a failure: the HTTP status, or the code when no answer came. */
const failureCode = (f: ServiceFailure): string => (f.status === 0 ? f.code : String(f.status));

/**
 * Sends the main POS's fiscal receipts to the service (`provide-payment-receipt`) from the store's
 * durable outbox (payment_receipts, migration 009), oldest first. A receipt leaves the outbox only
 * once the service accepted it, so a restart or a service that is down only delays it. A failure that
 * can pass (no answer, 5xx, 401/403/408/429) is counted and retried with backoff on the Clock (1 s
 * doubling to 60 s, jittered); a refusal of the content (400, 404) is kept as refused and not retried
 * (the same body would be refused forever): it stays in Needs attention.
 */
export function createReceiptSender(options: ReceiptSenderOptions) {
  const { store, clock } = options;
  const log = options.log.child({ mod: 'receipt-sender' });
  const backoff = createBackoff(options.backoff ?? DEFAULT_BACKOFF, options.random);
  let timer: TimerHandle | null = null;
  let running: Promise<void> | null = null;
  let stopped = false;

  const waiting = () => store.pendingReceiptDeliveries().filter((d) => d.refusedCode === null);

  /** Sends the waiting receipts in order; stops at the first one that must wait. */
  async function drain(): Promise<void> {
    for (;;) {
      const next = waiting()[0];
      if (!next || stopped) return;
      const { paymentId } = next;
      const answer = await options.client.provideReceipt(paymentId, next.receipt);
      if (answer.ok) {
        store.receiptDelivered(paymentId);
        log.info({ paymentId, serial: next.receipt.receiptInfo.serial, attempts: next.attempts + 1 }, 'receipt accepted by the service');
        backoff.reset();
        continue;
      }
      if (!isRetryable(answer)) {
        store.receiptFailed(paymentId, failureCode(answer), true);
        log.error({ paymentId, code: answer.code, httpStatus: answer.status }, `the service refused the receipt: ${answer.message}`);
        continue;
      }
      store.receiptFailed(paymentId, failureCode(answer), false);
      const { attempt, delayMs } = backoff.next();
      log.warn({ paymentId, code: answer.code, httpStatus: answer.status, attempt, retryInMs: delayMs }, 'receipt not sent; retrying');
      timer = clock.setTimeout(() => {
        timer = null;
        kick();
      }, delayMs);
      return;
    }
  }

  function kick(): void {
    if (stopped || running !== null || timer !== null) return;
    running = drain().then(
      () => {
        running = null;
        // A receipt given while the last send was on its way.
        if (!stopped && timer === null && waiting().length > 0) kick();
      },
      (e: unknown) => {
        running = null;
        log.error({ err: e }, 'receipt sender failed; the next receipt or restart tries again');
      },
    );
  }

  const offCommit = store.onCommit((events) => {
    if (events.some((e) => e.kind === 'payment.receipt' && e.data.delivery === 'pending')) kick();
  });

  return {
    /** Sends what an earlier run left in the outbox. */
    start: kick,
    /** Resolves when the sending in progress (if any) has ended. */
    async idle(): Promise<void> {
      while (running !== null) await running;
    },
    /** Receipts still to be sent (refused ones apart). */
    pending: (): number => waiting().length,
    async stop(): Promise<void> {
      stopped = true;
      offCommit();
      clock.clearTimeout(timer);
      timer = null;
      await running;
    },
  };
}

export type ReceiptSender = ReturnType<typeof createReceiptSender>;
