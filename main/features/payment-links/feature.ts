import type { Feature } from '../../base/feature.js';
import { paymentLinkCommands } from './link-commands.js';

/** Payment links: a QR code for a sum that belongs to no table. */
export const paymentLinksFeature = {
  name: 'payment-links',
  commands: paymentLinkCommands,
} satisfies Feature<Parameters<typeof paymentLinkCommands>[0]>;
