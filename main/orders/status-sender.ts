import type { Clock, TimerHandle } from '../clock.js';
import type { Logger } from '../log.js';
import type { ServiceClient } from '../service/index.js';
import type { BillStore } from '../store/index.js';
import { createBackoff, DEFAULT_BACKOFF, type BackoffOptions } from '../transport/backoff.js';
import { isRetryable } from './retry.js';

export interface StatusSenderOptions {
  store: BillStore;
  client: Pick<ServiceClient, 'updateOrderStatus'>;
  clock: Clock;
  log: Logger;
  backoff?: BackoffOptions;
  random?: () => number;
}

/**
 * Tells the service each staff decision (`update-<svc>-order-status`), in the order they were
 * made, from the store's durable outbox: a status leaves the outbox only once the service accepted
 * it, so a restart or a lost connection only delays it. A failure that can pass (no answer, 5xx,
 * 503) is retried with backoff on the Clock; a refusal of the content (400, 404, 409) is logged and
 * dropped, since the same body would be refused forever. COMPLETE is queued once per order (the
 * order's states never return to it), so it is sent once.
 */
export function createOrderStatusSender(options: StatusSenderOptions) {
  const { store, clock } = options;
  const log = options.log.child({ mod: 'order-status' });
  const backoff = createBackoff(options.backoff ?? DEFAULT_BACKOFF, options.random);
  let timer: TimerHandle | null = null;
  let running: Promise<void> | null = null;
  let stopped = false;

  /** Sends the queued statuses in order; stops at the first one that must wait. */
  async function drain(): Promise<void> {
    for (;;) {
      const next = store.pendingStatusPushes()[0];
      if (!next || stopped) return;
      const reason = next.reason ?? undefined;
      const answer = await options.client.updateOrderStatus(next.orderId, next.status, reason === undefined ? {} : { reason });
      if (answer.ok || !isRetryable(answer)) {
        if (!answer.ok) log.error({ orderId: next.orderId, status: next.status, code: answer.code, httpStatus: answer.status }, `the service refused the order status: ${answer.message}`);
        else log.info({ orderId: next.orderId, status: next.status }, 'order status sent');
        store.statusPushed(next.seq);
        backoff.reset();
        continue;
      }
      const { attempt, delayMs } = backoff.next();
      log.warn({ orderId: next.orderId, status: next.status, code: answer.code, attempt, retryInMs: delayMs }, 'order status not sent; retrying');
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
        // A decision made while the last send was on its way.
        if (timer === null && store.pendingStatusPushes().length > 0) kick();
      },
      (e: unknown) => {
        running = null;
        log.error({ err: e }, 'order status sender failed; the next decision tries again');
      },
    );
  }

  const offCommit = store.onCommit((events) => {
    if (events.some((e) => e.kind === 'order.status')) kick();
  });

  return {
    /** Sends what an earlier run left in the outbox. */
    start: kick,
    /** Resolves when the sending in progress (if any) has ended. */
    async idle(): Promise<void> {
      // A run may start the next one as it ends (a decision made meanwhile): wait for that too.
      while (running !== null) await running;
    },
    /** Statuses still to be sent. */
    pending: (): number => store.pendingStatusPushes().length,
    async stop(): Promise<void> {
      stopped = true;
      offCommit();
      clock.clearTimeout(timer);
      timer = null;
      await running;
    },
  };
}

export type OrderStatusSender = ReturnType<typeof createOrderStatusSender>;
