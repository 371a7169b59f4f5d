import type { Feature } from '../../base/feature.js';
import { startOfLocalDay, type Clock } from '../../base/clock.js';
import type { PosApiStore } from '../bills/pos-api-contract.js';
import { paymentViews, pendingPaymentViews } from '../bills/views.js';
import { paymentCommands, type PaymentCommandDeps } from './payment-commands.js';
import { paymentRoutes } from './pos-api.js';

/** Payments: cancel and capture, the notices they raise, today's payments on screen, the POS API's payment routes. */
export const paymentsFeature = {
  name: 'payments',
  commands: paymentCommands,
  snapshot: ({ store, notices, clock }: Pick<PaymentCommandDeps, 'store' | 'notices'> & { clock: Clock }) => {
    const today = startOfLocalDay(clock.now());
    return {
      // Today's payments, newest first, then any still in progress that started earlier (a guest paying
      // across midnight), newest first too: the screen and the update policy's busy check see every
      // payment not yet settled.
      payments: [...paymentViews(store, { since: today }).reverse(), ...pendingPaymentViews(store, { before: today }).reverse()],
      notices: notices.open(),
    };
  },
  routes: paymentRoutes,
} satisfies Feature<PaymentCommandDeps & { clock: Clock }, PosApiStore>;
