// A snapshot of a small restaurant, times relative to `now` so countdowns and "today" hold.
import type { BillView, Notice, PaymentView, ConnectionView, SettingsView, Snapshot, TableView } from '../../../preload/contract';

const iso = (ms: number) => new Date(ms).toISOString();

export function settingsFixture(over: Partial<SettingsView> = {}): SettingsView {
  return {
    environment: 'demo',
    serviceUrl: 'https://sandbox.example.test',
    apiKeyMasked: '••••-••••-••••-••••-ab12',
    posId: 'pos-1',
    transport: 'ws',
    webhookPort: 8787,
    webhookPublicUrl: '',
    printer: null,
    language: 'en',
    sound: true,
    reminderSeconds: 60,
    startAtLogin: false,
    startHidden: false,
    posApiPort: 7311,
    // The token itself is FAKE_POS_API_TOKEN (fake-api.ts), answered by revealPosApiToken.
    posApiTokenHint: '3456',
    dayEndsAt: '04:00',
    autoCloseBills: true,
    receiptMode: 'QERKO_GENERATED',
    updateChannel: 'stable',
    tableDensity: 'compact',
    // A PIN is set; tests unlock with FAKE_PIN (fake-api.ts).
    managerPinSet: true,
    ...over,
  };
}

export function connectionFixture(now: number, over: Partial<ConnectionView> = {}): ConnectionView {
  return {
    status: 'connected',
    transport: 'ws',
    since: now - 60_000,
    lastMessageAt: now - 1000,
    rttMs: 42,
    attempt: 0,
    nextTryAt: null,
    sentence: 'Connected over WebSocket.',
    restaurantName: 'U Zlatého stolu',
    ...over,
  };
}

export function tableFixture(over: Partial<TableView> & { id: string }): TableView {
  return {
    name: over.id,
    area: null,
    state: 'free',
    due: '0',
    currency: null,
    openBillIds: [],
    order: 0,
    position: null,
    lastPaid: null,
    lockedSince: null,
    awaitingCapture: false,
    ...over,
  };
}

export function billFixture(now: number, over: Partial<BillView> & { id: string; tableId: string }): BillView {
  return {
    name: null,
    currency: 'CZK',
    state: 'OPEN',
    items: [],
    totals: { total: '0', paid: '0', due: '0', tips: '0' },
    paymentIds: [],
    created: iso(now - 3600_000),
    updated: iso(now - 60_000),
    ...over,
  };
}

export function paymentFixture(now: number, over: Partial<PaymentView> & { id: string }): PaymentView {
  return {
    billId: 'b3',
    tableId: 't3',
    tableName: '12',
    billName: null,
    currency: 'CZK',
    amount: '324.00',
    tip: '30.00',
    provider: 'card',
    state: 'PAID',
    closedState: null,
    ending: null,
    captureMode: 'auto',
    captured: true,
    created: iso(now - 10 * 60_000),
    closedAt: iso(now - 9 * 60_000),
    cancellableUntil: iso(now + 2 * 3600_000 + 50 * 60_000),
    items: [],
    ...over,
  };
}

export function noticeFixture(now: number, over: Partial<Notice> & { id: string }): Notice {
  return {
    kind: 'paid',
    at: iso(now - 60_000),
    paymentId: 'p1',
    tableName: '12',
    amount: '324.00',
    tip: '30.00',
    currency: 'CZK',
    message: null,
    acknowledged: false,
    ...over,
  };
}

export function snapshotFixture(now: number = Date.now()): Snapshot {
  return {
    demo: true,
    connection: connectionFixture(now),
    restaurantName: 'U Zlatého stolu',
    staff: { enabled: false, address: null, problem: null, devices: [] },
    tables: [
      tableFixture({ id: 't1', order: 1, name: '1', area: 'Terrace' }),
      tableFixture({ id: 't2', order: 2, name: '2', area: 'Terrace', state: 'open', due: '324.00', currency: 'CZK', openBillIds: ['b2'] }),
      tableFixture({ id: 't3', order: 3, name: '12', area: 'Hall', state: 'partly-paid', due: '100', currency: 'CZK', openBillIds: ['b3'] }),
      tableFixture({ id: 't4', order: 4, name: 'Bar 1', area: null, state: 'in-payment', due: '60', currency: 'CZK', openBillIds: ['b4'] }),
    ],
    bills: [
      billFixture(now, {
        id: 'b2',
        tableId: 't2',
        items: [
          { id: 'i1', name: 'Pilsner', price: '54', quantity: '2', minQuantity: '0', paidQuantity: '0', lockedQuantity: '0', lineTotal: '108', tags: [] },
          { id: 'i2', name: 'Goulash', price: '216', quantity: '1', minQuantity: '0', paidQuantity: '0', lockedQuantity: '0', lineTotal: '216', tags: [] },
        ],
        totals: { total: '324', paid: '0', due: '324', tips: '0' },
      }),
      billFixture(now, {
        id: 'b3',
        tableId: 't3',
        items: [
          { id: 'i3', name: 'Coffee', price: '50', quantity: '2', minQuantity: '0', paidQuantity: '1', lockedQuantity: '0', lineTotal: '100', tags: [] },
          { id: 'i4', name: 'Cake', price: '50', quantity: '1', minQuantity: '0', paidQuantity: '0', lockedQuantity: '0', lineTotal: '50', tags: [] },
        ],
        totals: { total: '150', paid: '50', due: '100', tips: '30' },
        paymentIds: ['p1'],
      }),
      billFixture(now, {
        id: 'b4',
        tableId: 't4',
        items: [{ id: 'i5', name: 'Wine', price: '60', quantity: '1', minQuantity: '0', paidQuantity: '0', lockedQuantity: '1', lineTotal: '60', tags: [] }],
        totals: { total: '60', paid: '0', due: '60', tips: '0' },
      }),
    ],
    payments: [
      paymentFixture(now, { id: 'p1' }),
      paymentFixture(now, {
        id: 'p2',
        state: 'CANCELLED',
        closedState: 'CANCELLED',
        created: iso(now - 20 * 60_000),
        cancellableUntil: null,
        amount: '80',
        tip: '0',
      }),
      paymentFixture(now, {
        id: 'p3',
        tableId: 't2',
        tableName: '2',
        billId: 'b2',
        amount: '54',
        tip: '0',
        captureMode: 'manual',
        captured: false,
        created: iso(now - 5 * 60_000),
        cancellableUntil: iso(now - 60_000),
      }),
    ],
    notices: [noticeFixture(now, { id: 'paid:p1' }), noticeFixture(now, { id: 'paid:p0', acknowledged: true, tableName: '9' })],
    menu: [
      { id: 'm1', name: 'Pilsner', price: '54', category: 'Drinks' },
      { id: 'm2', name: 'Goulash', price: '216', category: 'Food' },
    ],
    settings: settingsFixture(),
    seq: 10,
    logsDir: 'C:\\Users\\till\\AppData\\Roaming\\Tableside\\logs',
    orders: [],
    ordersPaused: false,
    attention: [],
    disk: { lowSpace: false, freeBytes: 20 * 1024 ** 3 },
    database: { locked: false, since: null },
  };
}
