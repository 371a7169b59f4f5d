// A CompanionApi test double built from a snapshot: records every command, answers with
// per-command results the test may replace, and lets the test push events as main would.
import type {
  CommandFailure,
  CommandName,
  CommandResult,
  CompanionApi,
  ErrorCode,
  CompanionEvent,
  PaymentLinkView,
  QrCodeView,
  Snapshot,
} from '../../../preload/contract';
import { dayReportFixture, historyFixture } from './history-fixture';
import { receiptFixture } from './receipt-fixture';
import { withStatus } from './order-fixture';

type Answer<K extends CommandName> = Awaited<ReturnType<CompanionApi[K]>>;
// A handler may answer later (a promise): a slow service, a read still out.
type Handler<K extends CommandName> = (input: Parameters<CompanionApi[K]>[0]) => Answer<K> | Promise<Answer<K>>;

export interface FakeApi extends CompanionApi {
  snapshot: Snapshot;
  calls: { cmd: CommandName; input: unknown }[];
  callsOf(cmd: CommandName): unknown[];
  answer<K extends CommandName>(cmd: K, result: Answer<K> | Handler<K>): void;
  push(event: CompanionEvent): void;
  listenerCount(): number;
  snapshotRequests: number;
}

const ok = <T>(value: T): CommandResult<T> => ({ ok: true, value });
/**
 * A refusal as main sends it: a code + params (+ action), no sentence. `code` is any string, so a
 * test can send one the renderer does not know and see its fallback wording.
 */
export const fail = (code: string, params?: Record<string, string | number>, action?: string): { ok: false; error: CommandFailure } => ({
  ok: false as const,
  error: { code: code as ErrorCode, ...(params ? { params } : {}), ...(action ? { action } : {}) },
});

/** The manager PIN the fake accepts. */
export const FAKE_PIN = '2468';
/** The POS API token revealPosApiToken answers to the fake's unlock; regeneratePosApiToken changes it to 'tok-new'. */
export const FAKE_POS_API_TOKEN = 'tok-123456';

export function qrFixture(snapshot: Snapshot): QrCodeView[] {
  return snapshot.tables.map((t, i) => ({
    tableId: t.id,
    tableName: t.name,
    code: i === 0 ? null : `QR-${t.id}`,
    url: i === 0 ? null : `https://pay.example.test/t/${t.id}`,
  }));
}

/** One active link, as listPaymentLinks answers it. */
export const PAYMENT_LINK_FIXTURE: PaymentLinkView = {
  id: 'link-1',
  amount: '250.00',
  currency: 'CZK',
  description: 'Deposit, table for 8',
  url: 'https://pay.example.test/link/link-1',
  created: '2026-11-21T17:30:00.000Z',
  state: 'active',
  payment: null,
};

/** A 1x1 PNG: what getQrLogo answers while the snapshot's settings have a logo. */
export const FAKE_LOGO_DATA_URL = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

export function createFakeApi(snapshot: Snapshot): FakeApi {
  const listeners = new Set<(e: CompanionEvent) => void>();
  const calls: { cmd: CommandName; input: unknown }[] = [];
  const firstBill = snapshot.bills[0];
  const liveBills: Record<string, Snapshot['bills'][number]> = Object.fromEntries(snapshot.bills.map((b) => [b.id, b]));
  const livePayments: Record<string, Snapshot['payments'][number]> = Object.fromEntries(snapshot.payments.map((p) => [p.id, p]));
  let posApiToken = FAKE_POS_API_TOKEN;
  const defaults: { [K in CommandName]: Handler<K> } = {
    // The payments and bills as main holds them: the snapshot's, and any a test pushes as an event.
    getPayment: (input) => {
      const p = livePayments[input.paymentId];
      return p ? ok(p) : fail('PAYMENT_NOT_FOUND');
    },
    billsOfTable: (input) => ok(Object.values(liveBills).filter((b) => b.tableId === input.tableId && b.state !== 'CLOSED')),
    openBill: (input) => ok({ ...firstBill!, id: 'b-new', tableId: input.tableId, items: [], paymentIds: [] }),
    addItem: () => ok(firstBill!),
    setItemQuantity: () => ok(firstBill!),
    removeItem: () => ok(firstBill!),
    closeBill: () => ok({ ...firstBill!, state: 'CLOSED' }),
    cancelPayment: (input) => ok({ ...snapshot.payments.find((p) => p.id === input.paymentId)!, state: 'CANCELLED' }),
    capturePayment: (input) => ok({ ...snapshot.payments.find((p) => p.id === input.paymentId)!, captured: true }),
    acknowledgeNotice: () => ok(null),
    listQrCodes: () => ok(qrFixture(snapshot)),
    createQrCodes: (input) => ok(input.tableIds.map((id) => ({ tableId: id, tableName: id, code: `QR-${id}`, url: `https://pay.example.test/t/${id}` }))),
    deleteQrCode: () => ok(null),
    printQrSheet: () => ok({ pdfPath: null }),
    testPrint: () => ok(null),
    listPrinters: () => ok(['Kitchen', 'Bar']),
    saveSettings: (input) => {
      const { apiKey: _key, ...rest } = input;
      return ok({ ...snapshot.settings, ...rest });
    },
    checkApiKey: () => ok({ restaurantName: 'U Zlatého stolu' }),
    regeneratePosApiToken: () => {
      posApiToken = 'tok-new';
      return ok({ ...snapshot.settings, posApiTokenHint: posApiToken.slice(-4) });
    },
    revealPosApiToken: (input) =>
      input.unlock === 'unlock-1' ? ok({ token: posApiToken }) : fail('PIN_REQUIRED', { field: 'posApiToken' }, 'revealPosApiToken'),
    reconnect: () => ok(null),
    setQrLogo: (input) => ok({ ...snapshot.settings, qrLogo: { type: 'png', width: 200, height: 80, bytes: Math.floor((input.data.length * 3) / 4) } }),
    removeQrLogo: () => ok({ ...snapshot.settings, qrLogo: null }),
    getQrLogo: () => ok({ dataUrl: snapshot.settings.qrLogo ? FAKE_LOGO_DATA_URL : null }),
    listBackups: () => ok({ backups: [{ name: 'tableside-2026-11-21T03-00-00-000Z.sqlite', at: '2026-11-21T03:00:00.000Z', bytes: 3_145_728 }], kept: 7 }),
    restoreBackup: (input) => ok({ restored: input.file, restart: 'automatic' }),
    guestPay: () => ok({ paymentId: 'p-new', state: 'PAID' }),
    // Payment history and the day report: the snapshot's payments as one day.
    listPayments: () => ok(historyFixture(snapshot)),
    dayReport: (input) => ok(dayReportFixture(snapshot, input.date ?? '2026-11-21')),
    exportPaymentsCsv: (input) =>
      ok({
        fileName: `tableside-payments-${input.from}.csv`,
        csv: 'paymentId,time,table,bill,state,amount,tip,currency,provider\r\n',
        delivery: 'download',
        path: null,
      }),
    printDayReport: () => ok({ pdfPath: null }),
    exportDiagnostics: () => ok({ file: null }),
    openLogs: () => ok({ path: snapshot.logsDir }),
    setTablePosition: (input) => ok({ ...snapshot.tables.find((t) => t.id === input.tableId)!, position: input.position }),
    setMenuItemAvailable: (input) => ok({ ...snapshot.menu.find((m) => m.id === input.itemId)!, available: input.available }),
    setOrderStatus: (input) =>
      ok(
        withStatus(
          snapshot.orders.find((o) => o.id === input.orderId)!,
          input.status,
          { rejectReason: input.reason ?? null },
        ),
      ),
    setOrdersPaused: (input) => ok({ paused: input.paused }),
    getServiceOrderStatus: () => ok({ status: 'ACCEPTED' }),
    printTicket: () => ok({ pdfPath: null }),
    // Needs attention
    listAttention: () => ok(snapshot.attention),
    resolveAttention: () => ok(null),
    releaseLock: (input) => ok({ ...snapshot.payments.find((p) => p.id === input.paymentId)!, state: 'CANCELLED' }),
    retryRecovery: (input) => ok({ outcome: 'open', payment: snapshot.payments.find((p) => p.id === input.paymentId)! }),
    guestOrder: (input) => ok({ orderId: 'o-new', outcome: 'placed', billId: input.tableId ? 'b-new' : null, total: '124.00', refusal: null }),
    getPaymentReceipt: (input) => ok(receiptFixture(input.paymentId)),
    printReceipt: () => ok({ pdfPath: null }),
    createPaymentLink: (input) =>
      ok({ ...PAYMENT_LINK_FIXTURE, id: 'link-new', amount: input.amount, currency: input.currency ?? 'CZK', description: input.description ?? '' }),
    listPaymentLinks: () => ok({ links: [PAYMENT_LINK_FIXTURE], checkFailed: null }),
    getPaymentLink: (input) => ok({ ...PAYMENT_LINK_FIXTURE, id: input.linkId }),
    deletePaymentLink: () => ok(null),
    printPaymentLink: () => ok({ pdfPath: null }),
    // The manager PIN is FAKE_PIN; an unlock lasts 15 minutes.
    setManagerPin: () => ok({ unlock: 'unlock-1', until: Date.now() + 15 * 60_000 }),
    unlockSettings: (input) =>
      input.pin === FAKE_PIN
        ? ok({ unlock: 'unlock-1', until: Date.now() + 15 * 60_000 })
        : fail('PIN_WRONG', { triesLeft: 4, waitMinutes: 5 }, 'unlockSettings'),
    lockSettings: () => ok(null),
    // Waiters' phones: pairing answers a code for 2 minutes on the fake LAN address.
    listStaffPhones: () => ok(snapshot.staff),
    setStaffPhones: (input) => ok({ ...snapshot.staff, enabled: input.on, address: input.on ? 'http://192.168.1.20:4180' : null }),
    pairStaffPhone: (input) =>
      ok({
        url: 'http://192.168.1.20:4180/#pair=CODE-1',
        code: 'CODE-1',
        expiresAt: new Date(Date.now() + 120_000).toISOString(),
        name: input.name,
        role: input.role,
      }),
    cancelStaffPairing: () => ok(null),
    revokeStaffPhone: (input) => ok({ ...snapshot.staff, devices: snapshot.staff.devices.filter((d) => d.id !== input.deviceId) }),
  };
  const handlers: Record<string, (input: unknown) => unknown> = { ...defaults } as never;

  const command = (cmd: CommandName) => async (input?: unknown) => {
    calls.push({ cmd, input });
    return handlers[cmd]!(input);
  };

  const api = {
    snapshot,
    calls,
    snapshotRequests: 0,
    callsOf: (cmd: CommandName) => calls.filter((c) => c.cmd === cmd).map((c) => c.input),
    answer: (cmd: CommandName, result: unknown) => {
      handlers[cmd] = typeof result === 'function' ? (result as (i: unknown) => unknown) : () => result;
    },
    push: (event: CompanionEvent) => {
      if (event.type === 'bill') liveBills[event.bill.id] = event.bill;
      if (event.type === 'payment') livePayments[event.payment.id] = event.payment;
      for (const l of listeners) l(event);
    },
    listenerCount: () => listeners.size,
    getSnapshot: async () => {
      api.snapshotRequests += 1;
      return structuredClone(snapshot);
    },
    onEvent: (listener: (e: CompanionEvent) => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    ...Object.fromEntries((Object.keys(defaults) as CommandName[]).map((cmd) => [cmd, command(cmd)])),
  };
  return api as unknown as FakeApi;
}
