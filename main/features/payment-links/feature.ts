import type { Feature } from '../../base/feature.js';
import type { PosApiStore } from '../bills/pos-api-contract.js';
import { paymentLinkCommands } from './link-commands.js';
import { paymentLinkRoutes } from './pos-api.js';

/** Payment links: a QR code for a sum that belongs to no table, for the cashier and through the POS API. */
export const paymentLinksFeature = {
  name: 'payment-links',
  commands: paymentLinkCommands,
  routes: paymentLinkRoutes,
} satisfies Feature<Parameters<typeof paymentLinkCommands>[0], PosApiStore>;
