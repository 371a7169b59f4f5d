import type { Logger } from '../../base/log.js';
import type { StoreEngine, StoreWrite } from '../../store/index.js';
import { METHOD_ERROR } from '../../base/wire/index.js';
import { fail } from '../bills/method-outcome.js';
import type { MethodOutcome } from '../../base/method-types.js';

/**
 * The most calls one commit takes: a scan that arrives meanwhile waits for one short commit, not a
 * whole rush; fewer per commit costs more CPU, more makes each guest wait longer (decision 012).
 */
export const MAX_CALLS_PER_COMMIT = 16;

/**
 * Group commit for the payment methods. Calls that arrive in the same turn of the event loop
 * (a rush: many guests paying at once) run in one transaction with one commit, each in its own
 * savepoint, so a refused call rolls back alone. Every answer is released only after that commit
 * is durable: the store commits without an fsync on the event loop and resolves `durable` once an
 * fsync of its WAL, run on the threadpool, covers it (a scan answered meanwhile does not wait for
 * the disk). If the commit fails, none of the calls took effect and each answers INTERNAL_ERROR; if
 * its fsync fails (a failing disk), the calls are committed but not known durable, and each answers
 * INTERNAL_ERROR too (the service asks again; the POS's answers are idempotent). Each call
 * names the store write it makes, and the store decides from them how the batch commits (see
 * main/store/engine/durability.ts): the batcher does not.
 *
 * The flush runs on the next turn (setImmediate), not through the injected Clock: it is not a
 * delay but "after the calls already queued in this turn", a few microseconds; on a ManualClock
 * every payment would wait for a test to move time.
 */
export function createCommitBatcher(store: Pick<StoreEngine, 'groupCommit'>, log: Logger) {
  type Queued = { run: () => MethodOutcome; write: StoreWrite; resolve: (outcome: MethodOutcome) => void };
  const queue: Queued[] = [];
  let scheduled = false;

  function flush(): void {
    // At most MAX_CALLS_PER_COMMIT per turn: the rest commit on the next turn, after the event loop
    // has read its sockets, so a scan that arrived meanwhile waits for one short commit, not 32.
    const batch = queue.splice(0, MAX_CALLS_PER_COMMIT);
    scheduled = queue.length > 0;
    if (scheduled) setImmediate(flush);
    const outcomes: MethodOutcome[] = [];
    let durable: Promise<void>;
    try {
      ({ durable } = store.groupCommit(
        () => {
          for (const call of batch) outcomes.push(call.run());
        },
        { writes: batch.map((call) => call.write) },
      ));
    } catch (e) {
      log.error({ err: e, calls: batch.length }, 'group commit failed: none of its calls took effect');
      failAll(batch);
      return;
    }
    if (batch.length > 1) log.debug({ calls: batch.length }, 'group commit');
    durable.then(
      () => batch.forEach((call, i) => call.resolve(outcomes[i]!)),
      (e: unknown) => {
        log.error({ err: e, calls: batch.length }, 'group commit could not be made durable (fsync failed)');
        failAll(batch);
      },
    );
  }

  function failAll(batch: Queued[]): void {
    for (const call of batch) call.resolve(fail(METHOD_ERROR.INTERNAL_ERROR, 'The POS could not save this call; it was logged. Try again.'));
  }

  return {
    /** Queues `op` for the next group commit; `write` names the store write it makes. */
    run(op: () => MethodOutcome, write: StoreWrite): Promise<MethodOutcome> {
      return new Promise((resolve) => {
        queue.push({ run: op, write, resolve });
        if (!scheduled) {
          scheduled = true;
          setImmediate(flush);
        }
      });
    },
  };
}
