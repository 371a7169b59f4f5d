import type { Clock, TimerHandle } from '../../base/clock.js';
import type { Logger } from '../../base/log.js';
import type { EventsStore, StoreEvent } from '../../store/index.js';
import { createBackoff, DEFAULT_BACKOFF, type BackoffOptions } from '../../base/backoff.js';

/** What became of one send: gone from the outbox (accepted or refused for good), or to be tried again. */
export type SendOutcome = { done: true } | { done: false; log: Record<string, unknown> };

export interface OutboxDrainOptions<T> {
  store: Pick<EventsStore, 'onCommit'>;
  clock: Clock;
  log: Logger;
  backoff?: BackoffOptions | undefined;
  random?: (() => number) | undefined;
  /** The items still to send, oldest first (read anew before each send). */
  waiting(): T[];
  /** Sends one item and records the answer in the store; `done: false` waits with backoff. */
  send(item: T): Promise<SendOutcome>;
  /** Whether a commit queued something to send. */
  queued(events: readonly StoreEvent[]): boolean;
  /** The log's words for a wait and for a sender that threw. */
  words: { retrying: string; failed: string };
}

/**
 * The drain of a durable outbox in the store, shared by the order-status and receipt senders: sends
 * the waiting items in order, one at a time; stops at the first that must wait and tries again after
 * a backoff on the Clock (1 s doubling to 60 s, jittered); wakes when a commit queues a new item.
 * An item leaves the outbox only when `send` says so, so a restart only delays it.
 */
export function createOutboxDrain<T>(options: OutboxDrainOptions<T>) {
  const { clock, log } = options;
  const backoff = createBackoff(options.backoff ?? DEFAULT_BACKOFF, options.random);
  let timer: TimerHandle | null = null;
  let running: Promise<void> | null = null;
  let stopped = false;

  /** Sends the waiting items in order; stops at the first one that must wait. */
  async function drain(): Promise<void> {
    for (;;) {
      const next = options.waiting()[0];
      if (next === undefined || stopped) return;
      const outcome = await options.send(next);
      if (outcome.done) {
        backoff.reset();
        continue;
      }
      const { attempt, delayMs } = backoff.next();
      log.warn({ ...outcome.log, attempt, retryInMs: delayMs }, options.words.retrying);
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
        // An item queued while the last send was on its way.
        if (!stopped && timer === null && options.waiting().length > 0) kick();
      },
      (e: unknown) => {
        running = null;
        log.error({ err: e }, options.words.failed);
      },
    );
  }

  const offCommit = options.store.onCommit((events) => {
    if (options.queued(events)) kick();
  });

  return {
    /** Sends what an earlier run left in the outbox. */
    start: kick,
    /** Resolves when the sending in progress (if any) has ended. */
    async idle(): Promise<void> {
      // A run may start the next one as it ends (an item queued meanwhile): wait for that too.
      while (running !== null) await running;
    },
    /** Items still to be sent. */
    pending: (): number => options.waiting().length,
    async stop(): Promise<void> {
      stopped = true;
      offCommit();
      clock.clearTimeout(timer);
      timer = null;
      await running;
    },
  };
}
