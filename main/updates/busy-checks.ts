import type { CompanionApi, PaymentView } from '../../preload/contract.js';
import type { BusyCheck } from './update-types.js';

/**
 * The busy checks the app installs updates around. Orders do not exist yet: when they do, their
 * "in progress" check joins the list the shell passes to the policy.
 */

const IN_PROGRESS: ReadonlySet<PaymentView['state']> = new Set(['STARTED', 'PROCESSED']);

/**
 * Busy while a guest payment is STARTED (items locked) or PROCESSED (receipt written, waiting for the
 * service's final word): a restart then could leave the guest and the POS unsure what was paid.
 * Two sources, because the snapshot holds only today's payments: the snapshot (what was in progress
 * when the app started) and every payment event since (a payment started at 23:58 is still seen at
 * 00:10, in a quiet window across midnight). Call `dispose` to stop listening.
 */
export function paymentsInProgress(api: Pick<CompanionApi, 'getSnapshot' | 'onEvent'>): BusyCheck & { dispose(): void } {
  const open = new Set<string>();
  const dispose = api.onEvent((event) => {
    if (event.type !== 'payment') return;
    if (IN_PROGRESS.has(event.payment.state)) open.add(event.payment.id);
    else open.delete(event.payment.id);
  }, ['payment']);
  return {
    name: 'payment',
    busy: async () => {
      // Read before the snapshot's await: a payment heard in progress now counts, even if it ends
      // while the snapshot is read (the safe side).
      const heard = open.size > 0;
      const snapshot = await api.getSnapshot();
      // The snapshot is newer than the events heard before it: it settles the payments it holds
      // (a finished payment never starts again).
      for (const p of snapshot.payments) if (!IN_PROGRESS.has(p.state)) open.delete(p.id);
      return heard || snapshot.payments.some((p) => IN_PROGRESS.has(p.state));
    },
    dispose,
  };
}
