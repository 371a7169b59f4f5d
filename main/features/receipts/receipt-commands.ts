import type { CompanionApi, PaymentReceiptView } from '../../../preload/contract.js';
import type { ShellPorts } from '../../base/host-types.js';
import type { Logger } from '../../base/log.js';
import type { BillsStore, PaymentsStore, ReceiptsStore } from '../../store/index.js';
import { attempt, fail, ok } from '../../base/command-result.js';
import { receiptView } from './receipt-view.js';

export interface ReceiptCommandDeps {
  store: BillsStore & PaymentsStore & ReceiptsStore;
  log: Logger;
  shell: ShellPorts;
}

/** The cashier's receipt commands: view any payment's receipt, print it like the day report. */
export function receiptCommands(deps: ReceiptCommandDeps): Pick<CompanionApi, 'getPaymentReceipt' | 'printReceipt'> {
  const { store, log } = deps;
  return {
    getPaymentReceipt: (input) =>
      attempt<PaymentReceiptView>(log, 'getPaymentReceipt', () => {
        const view = receiptView(store, input.paymentId);
        // No names to give: the payment is unknown here or never reached paymentProcessed.
        return view ? ok(view) : fail('RECEIPT_NOT_FOUND');
      }),
    printReceipt: (input) => {
      if (!receiptView(store, input.paymentId)) return Promise.resolve(fail('RECEIPT_NOT_FOUND'));
      return deps.shell.printReceipt?.(input) ?? Promise.resolve(fail('UNSUPPORTED', { reason: 'receipt' }));
    },
  };
}
