/** Payment links: see README.md. */
export { createPaymentLinks, linkParams, linkView, LIST_LIMIT, type PaymentLinks, type PaymentLinksDeps } from './payment-links.js';
export { checkLinkInput, MAX_DESCRIPTION, type CheckedLinkInput, type LinkInputRefusal } from './link-input.js';
export { paymentLinkCommands } from './link-commands.js';
