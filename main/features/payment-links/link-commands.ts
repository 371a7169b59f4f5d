// The cashier's payment link commands, as CompanionApi parts: each runs through
// `attempt`, so a refusal names the command and a defect is logged, never thrown at the renderer.
import type { CompanionApi } from '../../../preload/contract.js';
import type { ShellPorts } from '../../base/host-types.js';
import type { Logger } from '../../base/log.js';
import { attempt, fail } from '../../base/command-result.js';
import type { PaymentLinks } from './payment-links.js';

type LinkCommands = Pick<CompanionApi, 'createPaymentLink' | 'listPaymentLinks' | 'getPaymentLink' | 'deletePaymentLink' | 'printPaymentLink'>;

/** The links are the composition root's one instance, shared with the background check and the POS API. */
export function paymentLinkCommands(deps: { paymentLinks: PaymentLinks; log: Logger; shell: ShellPorts }): LinkCommands {
  return {
    createPaymentLink: (input) => attempt(deps.log, 'createPaymentLink', () => deps.paymentLinks.createPaymentLink(input)),
    listPaymentLinks: () => attempt(deps.log, 'listPaymentLinks', () => deps.paymentLinks.listPaymentLinks()),
    getPaymentLink: (input) => attempt(deps.log, 'getPaymentLink', () => deps.paymentLinks.getPaymentLink(input)),
    deletePaymentLink: (input) => attempt(deps.log, 'deletePaymentLink', () => deps.paymentLinks.deletePaymentLink(input)),
    printPaymentLink: (input) =>
      deps.shell.printPaymentLink ? attempt(deps.log, 'printPaymentLink', () => deps.shell.printPaymentLink!(input)) : Promise.resolve(fail('UNSUPPORTED')),
  };
}
