/** Payment links: see README.md. */
export { createPaymentLinks, learnedFrom, linkParams, linkView, LIST_LIMIT, type PaymentLinks, type PaymentLinksDeps } from './payment-links.js';
export { checkLinkInput, MAX_DESCRIPTION, type CheckedLinkInput, type LinkInputRefusal } from './link-input.js';
export { paymentLinkCommands } from './link-commands.js';
export { createLinkWatcher, LINK_CHECK_MS, type LinkWatcher } from './link-watcher.js';
export { paymentLinkRoutes } from './pos-api.js';
