import type { CompanionApi, PaymentView } from '../../../preload/contract.js';
import type { BusyCheck } from './update-types.js';

/**
 * The busy checks the app installs updates around. Orders do not exist yet: when they do, their
 * "in progress" check joins the list the shell passes to the policy.
 */

const IN_PROGRESS: ReadonlySet<PaymentView['state']> = new Set(['STARTED', 'PROCESSED']);

/**
 * Busy while a guest payment is STARTED (items locked) or PROCESSED (receipt written, waiting for the
 * service's final word): a restart then could leave the guest and the POS unsure what was paid.
 * Read from the snapshot when asked: it holds every payment still in progress, however long ago it
 * started (a payment started at 23:58 is still there at 00:10), so nothing here listens to events:
 * a listener of payment views would make the core build one for every commit all evening.
 */
export function paymentsInProgress(api: Pick<CompanionApi, 'getSnapshot'>): BusyCheck {
  return {
    name: 'payment',
    busy: async () => (await api.getSnapshot()).payments.some((p) => IN_PROGRESS.has(p.state)),
  };
}
