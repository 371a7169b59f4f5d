import type { CommandApi } from '../../../preload/commands.js';
import type { QrCodeView } from '../../../preload/views.js';
import type { ShellPorts } from '../../base/host-types.js';
import type { Logger } from '../../base/log.js';
import type { ServiceClient } from '../../base/service/index.js';
import type { BillsStore, PaymentsStore, StoreEngine } from '../../store/index.js';
import { attempt, fail, ok } from '../../base/command-result.js';
import { billContext, closeContext, tableContext } from './failure-context.js';
import { activeBillViews, billView, paymentView, tableView } from './views.js';

export interface BillCommandDeps {
  store: BillsStore & PaymentsStore & StoreEngine;
  log: Logger;
  defaultCurrency: string;
  shell: ShellPorts;
  /** The current connection's REST client (settings may swap it). */
  client(): ServiceClient;
}

type BillCommands = Pick<
  CommandApi,
  | 'billsOfTable'
  | 'getPayment'
  | 'openBill'
  | 'addItem'
  | 'setItemQuantity'
  | 'removeItem'
  | 'closeBill'
  | 'setTablePosition'
  | 'listQrCodes'
  | 'createQrCodes'
  | 'deleteQrCode'
  | 'printQrSheet'
  | 'testPrint'
  | 'listPrinters'
>;

const NO_PRINTER = fail<never>('UNSUPPORTED');

/** Bills and tables through the same store operations as the local POS API; QR codes from the service. */
export function billCommands(deps: BillCommandDeps): BillCommands {
  const { store, log, defaultCurrency } = deps;
  const billResult = (id: string) => {
    const view = billView(store, id);
    return view ? ok(view) : fail('BILL_NOT_FOUND');
  };
  return {
    billsOfTable: (input) =>
      attempt(log, 'billsOfTable', () => {
        const bills = activeBillViews(store, input.tableId);
        return bills ? ok(bills) : fail('TABLE_NOT_FOUND');
      }),
    getPayment: (input) =>
      attempt(log, 'getPayment', () => {
        const view = paymentView(store, input.paymentId);
        return view ? ok(view) : fail('PAYMENT_NOT_FOUND');
      }),
    openBill: (input) =>
      attempt(
        log,
        'openBill',
        () => billResult(store.openBill({ tableId: input.tableId, name: input.name ?? null, currency: input.currency ?? defaultCurrency }).id),
        tableContext(store, input.tableId),
      ),
    addItem: (input) =>
      attempt(
        log,
        'addItem',
        () =>
          billResult(
            store.addItem(input.billId, { name: input.name, price: input.price, quantity: input.quantity, ...(input.menuId ? { menuId: input.menuId } : {}) })
              .id,
          ),
        { params: () => ({ ...billContext(store, input.billId).params!(), item: input.name }) },
      ),
    setItemQuantity: (input) =>
      attempt(
        log,
        'setItemQuantity',
        () => billResult(store.setItemQuantity(input.billId, input.itemId, input.quantity).id),
        billContext(store, input.billId, input.itemId),
      ),
    removeItem: (input) =>
      attempt(log, 'removeItem', () => billResult(store.removeItem(input.billId, input.itemId).id), billContext(store, input.billId, input.itemId)),
    closeBill: (input) => attempt(log, 'closeBill', () => billResult(store.closeBill(input.billId, input.settlement).id), closeContext(store, input.billId)),
    // The floor plan.
    setTablePosition: (input) =>
      attempt(log, 'setTablePosition', () => {
        store.setTablePlan(input.tableId, input.position);
        return ok(tableView(store, input.tableId)!);
      }),
    ...qrCommands(deps),
  };
}

/** QR codes from the service; printing through the shell, when there is one. */
function qrCommands(deps: BillCommandDeps): Pick<CommandApi, 'listQrCodes' | 'createQrCodes' | 'deleteQrCode' | 'printQrSheet' | 'testPrint' | 'listPrinters'> {
  const { log } = deps;
  return {
    listQrCodes: () => attempt(log, 'listQrCodes', () => qrViews(deps)),
    createQrCodes: (input) =>
      attempt(log, 'createQrCodes', async () => {
        for (const id of input.tableIds) {
          const answer = await deps.client().createQrCode(id);
          if (!answer.ok) return fail(answer.code, tableContext(deps.store, id).params!());
        }
        return qrViews(deps);
      }),
    deleteQrCode: (input) =>
      attempt(
        log,
        'deleteQrCode',
        async () => {
          const answer = await deps.client().deleteQrCode(input.tableId);
          return answer.ok ? ok(null) : fail(answer.code);
        },
        tableContext(deps.store, input.tableId),
      ),
    printQrSheet: (input) => deps.shell.printQrSheet?.(input) ?? Promise.resolve(NO_PRINTER),
    testPrint: () => deps.shell.testPrint?.() ?? Promise.resolve(NO_PRINTER),
    listPrinters: () => deps.shell.listPrinters?.() ?? Promise.resolve(ok([])),
  };
}

async function qrViews(deps: BillCommandDeps) {
  const answer = await deps.client().listQrCodes();
  if (!answer.ok) return fail<QrCodeView[]>(answer.code);
  const byTable = new Map(answer.value.map((q) => [q.idTable, q]));
  return ok(
    deps.store
      .listTables()
      .map((t): QrCodeView => ({ tableId: t.id, tableName: t.name, code: byTable.get(t.id)?.code ?? null, url: byTable.get(t.id)?.url ?? null })),
  );
}
