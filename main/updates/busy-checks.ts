import type { PaymentView, Snapshot } from '../../preload/contract.js';
import type { BusyCheck } from './update-policy.js';

/**
 * The busy checks the app installs updates around. Orders do not exist yet: when they do, their
 * "in progress" check joins the list the shell passes to the policy.
 */

const IN_PROGRESS: ReadonlySet<PaymentView['state']> = new Set(['STARTED', 'PROCESSED']);

/**
 * Busy while a guest payment is STARTED (items locked) or PROCESSED (receipt written, waiting for the
 * service's final word): a restart then could leave the guest and the POS unsure what was paid.
 * Reads the snapshot the cashier's window sees (today's payments): recovery settles older ones on
 * every connect, before the night's quiet window.
 */
export function paymentsInProgress(getSnapshot: () => Promise<Pick<Snapshot, 'payments'>>): BusyCheck {
  return {
    name: 'payment',
    busy: async () => (await getSnapshot()).payments.some((p) => IN_PROGRESS.has(p.state)),
  };
}
