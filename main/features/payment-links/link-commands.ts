// The cashier's payment link commands, as CompanionApi parts: each runs through
// `attempt`, so a refusal names the command and a defect is logged, never thrown at the renderer.
import type { CompanionApi } from '../../../preload/contract.js';
import type { ShellPorts } from '../../base/host-types.js';
import type { Logger } from '../../base/log.js';
import type { ServiceClient } from '../../base/service/index.js';
import type { PaymentLinksStore } from '../../store/index.js';
import { attempt, fail } from '../../base/command-result.js';
import { createPaymentLinks } from './payment-links.js';

type LinkCommands = Pick<CompanionApi, 'createPaymentLink' | 'listPaymentLinks' | 'getPaymentLink' | 'deletePaymentLink' | 'printPaymentLink'>;

export function paymentLinkCommands(deps: {
  store: PaymentLinksStore;
  log: Logger;
  client(): ServiceClient;
  defaultCurrency: string;
  shell: ShellPorts;
}): LinkCommands {
  const links = createPaymentLinks({ store: deps.store, log: deps.log, client: () => deps.client(), defaultCurrency: () => deps.defaultCurrency });
  return {
    createPaymentLink: (input) => attempt(deps.log, 'createPaymentLink', () => links.createPaymentLink(input)),
    listPaymentLinks: () => attempt(deps.log, 'listPaymentLinks', () => links.listPaymentLinks()),
    getPaymentLink: (input) => attempt(deps.log, 'getPaymentLink', () => links.getPaymentLink(input)),
    deletePaymentLink: (input) => attempt(deps.log, 'deletePaymentLink', () => links.deletePaymentLink(input)),
    printPaymentLink: (input) =>
      deps.shell.printPaymentLink ? attempt(deps.log, 'printPaymentLink', () => deps.shell.printPaymentLink!(input)) : Promise.resolve(fail('UNSUPPORTED')),
  };
}
