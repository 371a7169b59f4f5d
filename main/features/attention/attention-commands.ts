import type { CommandResult, CompanionApi } from '../../../preload/contract.js';
import type { Clock } from '../../base/clock.js';
import type { Logger } from '../../base/log.js';
import { paymentLookup } from '../payments/recovery/index.js';
import type { ServiceClient } from '../../base/service/index.js';
import type { BillsStore, PaymentsStore, AttentionStore, StoreEngine } from '../../store/index.js';
import { attempt, fail, ok } from '../../base/command-result.js';
import { paymentContext } from '../bills/failure-context.js';
import { paymentView } from '../bills/views.js';
import { acknowledge, releaseLock, retryRecovery, type AttentionResult } from './attention-actions.js';
import { listAttention } from './attention-list.js';
import { DEFAULT_UNSYNCED_AFTER_MS, type AttentionContext } from './sources/source.js';

export interface AttentionCommandDeps {
  store: BillsStore & PaymentsStore & AttentionStore & StoreEngine;
  clock: Clock;
  log: Logger;
  /** The current connection's REST client and transport (retryRecovery asks the service). */
  client(): ServiceClient;
  transport(): string;
  /** The `unsyncedAfterSeconds` setting in ms, read per list (absent: the default). */
  unsyncedAfterMs?: () => number;
}

/** The context of a list now: the time and the limits set. */
export const attentionNow = (deps: Pick<AttentionCommandDeps, 'clock' | 'unsyncedAfterMs'>): AttentionContext => ({
  now: deps.clock.now(),
  unsyncedAfterMs: deps.unsyncedAfterMs?.() ?? DEFAULT_UNSYNCED_AFTER_MS,
});

type AttentionCommands = Pick<CompanionApi, 'listAttention' | 'resolveAttention' | 'releaseLock' | 'retryRecovery'>;

/** A refusal keeps its code and facts; the renderer words it (words.*.ts). */
function asResult<T, V>(result: AttentionResult<T>, view: (value: T) => V): CommandResult<V> {
  return result.ok ? ok(view(result.value)) : fail(result.code, result.params);
}

/** The cashier's Needs attention commands; capture is capturePayment's. */
export function createAttentionCommands(deps: AttentionCommandDeps): AttentionCommands {
  const { store, clock, log } = deps;
  return {
    listAttention: () => attempt(log, 'listAttention', () => ok(listAttention(store.read, attentionNow(deps)))),
    resolveAttention: (input) => attempt(log, 'resolveAttention', () => asResult(acknowledge(store, attentionNow(deps), input), () => null)),
    releaseLock: (input) =>
      attempt(
        log,
        'releaseLock',
        () => asResult(releaseLock(store, clock.now(), input.paymentId), (p) => paymentView(store, p.id)!),
        paymentContext(store, input.paymentId),
      ),
    retryRecovery: (input) =>
      attempt(
        log,
        'retryRecovery',
        async () => {
          const getPayment = paymentLookup(deps.client(), deps.transport());
          const result = await retryRecovery({ store, clock, log, getPayment }, input.paymentId);
          return asResult(result, (v) => ({ outcome: v.outcome, payment: paymentView(store, v.payment.id)! }));
        },
        paymentContext(store, input.paymentId),
      ),
  };
}
