import type { Clock } from '../../base/clock.js';
import type { Logger } from '../../base/log.js';
import type { ServiceClient } from '../../base/service/index.js';
import type { OrdersStore, EventsStore, StatusPush } from '../../store/index.js';
import type { BackoffOptions } from '../../base/backoff.js';
import { createOutboxDrain, type SendOutcome } from './outbox-drain.js';
import { isRetryable } from './retry.js';

export interface StatusSenderOptions {
  store: OrdersStore & EventsStore;
  client: Pick<ServiceClient, 'updateOrderStatus'>;
  clock: Clock;
  log: Logger;
  backoff?: BackoffOptions;
  random?: () => number;
}

export interface OrderStatusSender {
  /** Sends what an earlier run left in the outbox. */
  start: () => void;
  /** Resolves when the sending in progress (if any) has ended. */
  idle(): Promise<void>;
  /** Statuses still to be sent. */
  pending: () => number;
  /** Stops sending and waits for the send on its way; the outbox keeps the rest. */
  stop(): Promise<void>;
}

/**
 * Tells the service each staff decision (`update-<svc>-order-status`), in the order they were
 * made, from the store's durable outbox (the drain: outbox-drain.ts): a status leaves the outbox only
 * once the service accepted it, so a restart or a lost connection only delays it. A failure that can
 * pass (no answer, 5xx, 503) is retried with backoff on the Clock; a refusal of the content (400, 404,
 * 409) is logged and dropped, since the same body would be refused forever. COMPLETE is queued once
 * per order (the order's states never return to it), so it is sent once.
 */
export function createOrderStatusSender(options: StatusSenderOptions): OrderStatusSender {
  const { store } = options;
  const log = options.log.child({ mod: 'order-status' });

  async function send(next: StatusPush): Promise<SendOutcome> {
    const reason = next.reason ?? undefined;
    const answer = await options.client.updateOrderStatus(next.orderId, next.status, reason === undefined ? {} : { reason });
    if (!answer.ok && isRetryable(answer)) return { done: false, log: { orderId: next.orderId, status: next.status, code: answer.code } };
    if (!answer.ok)
      log.error(
        { orderId: next.orderId, status: next.status, code: answer.code, httpStatus: answer.status },
        `the service refused the order status: ${answer.message}`,
      );
    else log.info({ orderId: next.orderId, status: next.status }, 'order status sent');
    store.statusPushed(next.seq);
    return { done: true };
  }

  return createOutboxDrain({
    store,
    clock: options.clock,
    log,
    backoff: options.backoff,
    random: options.random,
    waiting: () => store.pendingStatusPushes(),
    send,
    queued: (events) => events.some((e) => e.kind === 'order.status'),
    words: { retrying: 'order status not sent; retrying', failed: 'order status sender failed; the next decision tries again' },
  });
}
