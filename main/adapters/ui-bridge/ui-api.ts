import type {
  CommandResult,
  CompanionApi,
  CompanionEvent,
  QrCodeView,
  ConnectionView,
  DiskView,
  SettingsInput,
  SettingsUnlock,
  SettingsView,
  Snapshot,
} from '../../../preload/contract.js';
import { createAttentionCommands, listAttention, recordCapture, recordRefundFailure } from '../../features/attention/index.js';
import type { Clock } from '../../base/clock.js';
import type { ShellPorts } from '../../base/host-types.js';
import type { Logger } from '../../base/log.js';
import type { ServiceClient } from '../../base/service/index.js';
import type { BillsStore, PaymentsStore, OrdersStore, ReceiptsStore, AttentionStore, PaymentLinksStore, StoreEngine } from '../../store/index.js';
import { attempt, fail, ok, type FailureContext } from '../../base/command-result.js';
import { billContext, closeContext, paymentContext, tableContext } from '../../features/bills/failure-context.js';
import type { NoticeBook } from './notice-book.js';
import { orderCommands } from '../../features/orders/order-commands.js';
import { receiptCommands } from '../../features/receipts/receipt-commands.js';
import { paymentLinkCommands } from '../../features/payment-links/index.js';
import { inboxViews, menuEntries } from '../../features/orders/views.js';
import { createReportCommands } from '../../features/reports/report-commands.js';
import { billView, billViews, paymentView, paymentViews, pendingPaymentViews, tableView, tableViews } from '../../features/bills/views.js';

export interface UiApiDeps {
  store: BillsStore & PaymentsStore & OrdersStore & ReceiptsStore & AttentionStore & PaymentLinksStore & StoreEngine;
  notices: NoticeBook;
  clock: Clock;
  log: Logger;
  demo: boolean;
  defaultCurrency: string;
  shell: ShellPorts;
  connection(): ConnectionView;
  /** Free space of the data folder's volume (main/app/disk-watch.ts). */
  disk(): DiskView;
  settings(): SettingsView;
  /** The current connection's REST client (settings may swap it). */
  client(): ServiceClient;
  subscribe(listener: (event: CompanionEvent) => void, types?: readonly CompanionEvent['type'][]): () => void;
  seq(): number;
  pushNotice(event: Extract<CompanionEvent, { type: 'notice' }>['notice']): void;
  saveSettings(input: SettingsInput): Promise<CommandResult<SettingsView>>;
  checkApiKey(input: { serviceUrl: string; apiKey: string; posId: string }): Promise<CommandResult<{ restaurantName: string }>>;
  regenerateToken(unlock?: string): Promise<CommandResult<SettingsView>>;
  // The manager PIN.
  managerPin: {
    setManagerPin(input: { pin: string; unlock?: string }): CommandResult<SettingsUnlock>;
    unlockSettings(input: { pin: string }): CommandResult<SettingsUnlock>;
    lockSettings(input: { unlock: string }): CommandResult<null>;
  };
  reconnect(): void;
  guestPay: CompanionApi['guestPay'] | null;
  /** The demo guest orders; null outside demo hosts. */
  guestOrder: CompanionApi['guestOrder'] | null;
  /** Day report: when a restaurant day ends, "HH:MM" local time. */
  dayEndsAt(): string;
  /** Where the log files are (Settings → Logs and diagnostics shows it). */
  logsDir: string;
}

const DESKTOP_ONLY = fail<never>('UNSUPPORTED', { reason: 'downloads' });
const NO_PRINTER = fail<never>('UNSUPPORTED');

function startOfToday(now: number): number {
  const d = new Date(now);
  d.setHours(0, 0, 0, 0);
  return d.getTime();
}

type Run = <T>(name: string, fn: () => Promise<CommandResult<T>> | CommandResult<T>, context?: FailureContext) => Promise<CommandResult<T>>;
type Part<K extends keyof CompanionApi> = Pick<CompanionApi, K>;

/** CompanionApi over the core: the same store operations as the local POS API, and the service. */
export function createUiApi(deps: UiApiDeps): CompanionApi {
  const run: Run = (name, fn, context) => attempt(deps.log, name, fn, context);
  return {
    getSnapshot: async () => snapshot(deps),
    onEvent: (listener, types) => deps.subscribe(listener, types),
    ...billCommands(deps, run),
    ...paymentCommands(deps, run),
    ...qrCommands(deps, run),
    ...settingsCommands(deps, run),
    // Payment history and the day report.
    ...createReportCommands(deps),
    ...diagnosticsCommands(deps),
    ...tableCommands(deps, run),
    // The menu and the order inbox.
    ...orderCommands(deps),
    // Needs attention.
    ...createAttentionCommands({ ...deps, transport: () => deps.settings().transport }),
    // The demo guest orders.
    guestOrder: (input) => (deps.guestOrder ? run('guestOrder', () => deps.guestOrder!(input)) : Promise.resolve(fail('DEMO_ONLY'))),
    // Receipts from the main POS.
    ...receiptCommands(deps),
    // Payment links.
    ...paymentLinkCommands(deps),
  };
}

function snapshot(deps: UiApiDeps): Snapshot {
  const { store } = deps;
  const seq = deps.seq();
  const connection = deps.connection();
  const today = startOfToday(deps.clock.now());
  return {
    demo: deps.demo,
    connection,
    restaurantName: connection.restaurantName,
    tables: tableViews(store),
    bills: [...billViews(store, { state: 'OPEN' }), ...billViews(store, { state: 'PAID' })],
    // Today's payments, newest first, then any still in progress that started earlier (a guest paying
    // across midnight), newest first too: the screen and the update policy's busy check see every
    // payment not yet settled.
    payments: [...paymentViews(store, { since: today }).reverse(), ...pendingPaymentViews(store, { before: today }).reverse()],
    notices: deps.notices.open(),
    menu: menuEntries(store.menus()),
    settings: deps.settings(),
    seq,
    logsDir: deps.logsDir,
    orders: inboxViews(store, new Date(today).toISOString()),
    ordersPaused: store.ordersPaused(),
    attention: listAttention(store.read, deps.clock.now()),
    disk: deps.disk(),
  };
}

/** Bills, through the same store operations as the local POS API. */
function billCommands({ store, defaultCurrency }: UiApiDeps, run: Run): Part<'openBill' | 'addItem' | 'setItemQuantity' | 'removeItem' | 'closeBill'> {
  const billResult = (id: string) => {
    const view = billView(store, id);
    return view ? ok(view) : fail('BILL_NOT_FOUND');
  };
  return {
    openBill: (input) =>
      run(
        'openBill',
        () => billResult(store.openBill({ tableId: input.tableId, name: input.name ?? null, currency: input.currency ?? defaultCurrency }).id),
        tableContext(store, input.tableId),
      ),
    addItem: (input) =>
      run(
        'addItem',
        () =>
          billResult(
            store.addItem(input.billId, { name: input.name, price: input.price, quantity: input.quantity, ...(input.menuId ? { menuId: input.menuId } : {}) })
              .id,
          ),
        { params: () => ({ ...billContext(store, input.billId).params!(), item: input.name }) },
      ),
    setItemQuantity: (input) =>
      run(
        'setItemQuantity',
        () => billResult(store.setItemQuantity(input.billId, input.itemId, input.quantity).id),
        billContext(store, input.billId, input.itemId),
      ),
    removeItem: (input) => run('removeItem', () => billResult(store.removeItem(input.billId, input.itemId).id), billContext(store, input.billId, input.itemId)),
    closeBill: (input) => run('closeBill', () => billResult(store.closeBill(input.billId, input.settlement).id), closeContext(store, input.billId)),
  };
}

/** Payments, through the service; notices, in the book. */
function paymentCommands(deps: UiApiDeps, run: Run): Part<'cancelPayment' | 'capturePayment' | 'acknowledgeNotice'> {
  const { store, log } = deps;
  return {
    cancelPayment: (input) =>
      run(
        'cancelPayment',
        async () => {
          if (!store.getPayment(input.paymentId)) return fail('PAYMENT_NOT_FOUND');
          const answer = await deps.client().cancelPayment(input.paymentId);
          if (!answer.ok) {
            recordRefundFailure(store, input.paymentId, answer); // Needs attention
            return fail(answer.code);
          }
          store.refundPayment(input.paymentId);
          log.info({ mod: 'ui', paymentId: input.paymentId }, 'payment cancelled by the cashier');
          return ok(paymentView(store, input.paymentId)!);
        },
        paymentContext(store, input.paymentId),
      ),
    capturePayment: (input) =>
      run(
        'capturePayment',
        async () => {
          const payment = store.getPayment(input.paymentId);
          if (!payment) return fail('PAYMENT_NOT_FOUND');
          if (payment.captureMode !== 'manual' || payment.captured) return fail('NOT_CAPTURABLE');
          if (!payment.receipt) return fail('NOT_CAPTURABLE', { reason: 'unfinished' });
          const answer = await deps.client().capturePayment(input.paymentId, payment.receipt);
          if (!answer.ok) return fail(answer.code);
          recordCapture(store, input.paymentId); // marks it captured; Needs attention records the resolution
          return ok(paymentView(store, input.paymentId)!);
        },
        paymentContext(store, input.paymentId),
      ),
    acknowledgeNotice: (input) =>
      run('acknowledgeNotice', () => {
        const notice = deps.notices.acknowledge(input.noticeId);
        if (!notice) return fail('NOT_FOUND');
        deps.pushNotice(notice);
        return ok(null);
      }),
  };
}

/** QR codes from the service; printing through the shell, when there is one. */
function qrCommands(deps: UiApiDeps, run: Run): Part<'listQrCodes' | 'createQrCodes' | 'deleteQrCode' | 'printQrSheet' | 'testPrint' | 'listPrinters'> {
  return {
    listQrCodes: () => run('listQrCodes', () => qrViews(deps)),
    createQrCodes: (input) =>
      run('createQrCodes', async () => {
        for (const id of input.tableIds) {
          const answer = await deps.client().createQrCode(id);
          if (!answer.ok) return fail(answer.code, tableContext(deps.store, id).params!());
        }
        return qrViews(deps);
      }),
    deleteQrCode: (input) =>
      run(
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

/** Settings, the connection and demo mode's guest. */
function settingsCommands(
  deps: UiApiDeps,
  run: Run,
): Part<'saveSettings' | 'checkApiKey' | 'regeneratePosApiToken' | 'reconnect' | 'guestPay' | 'setManagerPin' | 'unlockSettings' | 'lockSettings'> {
  return {
    // The manager PIN.
    setManagerPin: (input) => run('setManagerPin', () => deps.managerPin.setManagerPin(input)),
    unlockSettings: (input) => run('unlockSettings', () => deps.managerPin.unlockSettings(input)),
    lockSettings: (input) => run('lockSettings', () => deps.managerPin.lockSettings(input)),
    saveSettings: (input) => run('saveSettings', () => deps.saveSettings(input)),
    checkApiKey: (input) => run('checkApiKey', () => deps.checkApiKey(input)),
    regeneratePosApiToken: (input) => run('regeneratePosApiToken', () => deps.regenerateToken(input?.unlock)),
    reconnect: () =>
      run('reconnect', () => {
        deps.reconnect();
        return ok(null);
      }),
    guestPay: (input) => (deps.guestPay ? run('guestPay', () => deps.guestPay!(input)) : Promise.resolve(fail('DEMO_ONLY'))),
  };
}

/** Logs and diagnostics: the desktop app's save dialog and file manager; a browser downloads them from the UI server. */
function diagnosticsCommands(deps: UiApiDeps): Part<'exportDiagnostics' | 'openLogs'> {
  return {
    exportDiagnostics: () => deps.shell.exportDiagnostics?.() ?? Promise.resolve(DESKTOP_ONLY),
    openLogs: () => deps.shell.openLogs?.() ?? Promise.resolve(DESKTOP_ONLY),
  };
}

async function qrViews(deps: UiApiDeps) {
  const answer = await deps.client().listQrCodes();
  if (!answer.ok) return fail<QrCodeView[]>(answer.code);
  const byTable = new Map(answer.value.map((q) => [q.idTable, q]));
  return ok(
    deps.store
      .listTables()
      .map((t): QrCodeView => ({ tableId: t.id, tableName: t.name, code: byTable.get(t.id)?.code ?? null, url: byTable.get(t.id)?.url ?? null })),
  );
}

/** The floor plan's command. */
function tableCommands(deps: UiApiDeps, run: Run): Part<'setTablePosition'> {
  return {
    setTablePosition: (input) =>
      run('setTablePosition', () => {
        deps.store.setTablePlan(input.tableId, input.position);
        return ok(tableView(deps.store, input.tableId)!);
      }),
  };
}
