import type { Logger } from '../log.js';
import type { BillStore } from '../store/index.js';
import { METHOD_ERROR } from '../wire/index.js';
import { fail } from './outcome.js';
import type { MethodOutcome } from './types.js';

/**
 * Group commit for the payment methods. Calls that arrive in the same turn of the event loop
 * (a rush: many guests paying at once) run in one transaction with one durable commit, each in
 * its own savepoint, so a refused call rolls back alone. Every answer is released only after that
 * commit; if the commit fails, none of the calls took effect and each answers INTERNAL_ERROR.
 * A batch of paymentStart calls only is committed like a lone paymentStart, without its own fsync.
 * A lone call waits one event-loop turn (microseconds) longer than it would on its own.
 */
export function createCommitBatcher(store: Pick<BillStore, 'group'>, log: Logger) {
  let queue: { run: () => MethodOutcome; relaxed: boolean; resolve: (outcome: MethodOutcome) => void }[] = [];
  let scheduled = false;

  function flush(): void {
    scheduled = false;
    const batch = queue;
    queue = [];
    const outcomes: MethodOutcome[] = [];
    try {
      store.group(
        () => {
          for (const call of batch) outcomes.push(call.run());
        },
        { relaxed: batch.every((call) => call.relaxed) },
      );
    } catch (e) {
      log.error({ err: e, calls: batch.length }, 'group commit failed: none of its calls took effect');
      for (const call of batch) call.resolve(fail(METHOD_ERROR.INTERNAL_ERROR, 'The POS could not save this call; it was logged. Try again.'));
      return;
    }
    if (batch.length > 1) log.debug({ calls: batch.length }, 'group commit');
    batch.forEach((call, i) => call.resolve(outcomes[i]!));
  }

  return {
    /** `relaxed`: the call may commit at synchronous=NORMAL (paymentStart); a batch is relaxed only when all its calls are. */
    run(op: () => MethodOutcome, relaxed = false): Promise<MethodOutcome> {
      return new Promise((resolve) => {
        queue.push({ run: op, relaxed, resolve });
        if (!scheduled) {
          scheduled = true;
          setImmediate(flush);
        }
      });
    },
  };
}
