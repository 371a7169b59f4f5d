import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ManualClock } from '../../main/base/clock.js';
import { silentLogger } from '../../main/base/log.js';
import { startPosApi, type PosApi } from '../../main/app/pos-api.js';
import type { ReceiptMode } from '../../main/store/index.js';
import { openTestStore, type TestStore } from '../store/test-store.js';
import { waterReceipt } from '../receipts/helpers.js';
import { MENU, order } from '../store/menu-helpers.js';
import { wirePayment } from '../store/helpers.js';
import { createServiceClient } from '../../main/base/service/index.js';
import { createPaymentLinks, paymentLinkCommands } from '../../main/features/payment-links/index.js';
import { startSandbox } from '../../sandbox/index.js';

export const CONTRACT_TOKEN = 'c'.repeat(64);

/**
 * A real store (POSTPONED receipts, a fixed clock) behind a real POS API on 127.0.0.1, and what
 * the calls of every route need that only the service brings: a paid payment, a guest order, and
 * payment links (the real sandbox over HTTP).
 */
export async function startContractApi() {
  const dir = mkdtempSync(join(tmpdir(), 'tableside-contract-'));
  const clock = new ManualClock(Date.parse('2026-11-22T20:00:00Z'));
  let mode: ReceiptMode = 'POSTPONED';
  const store: TestStore = openTestStore({ file: join(dir, 'bills.sqlite'), clock, receiptMode: () => mode });
  const health = () => ({
    connection: { status: 'connected', problem: null, restaurantName: 'Bistro' },
    disk: { lowSpace: false, freeBytes: 8_000_000_000 },
    database: { locked: false, since: null },
  });
  const sandbox = await startSandbox({ port: 0 });
  const log = silentLogger();
  const client = createServiceClient({ baseUrl: sandbox.url, apiKey: sandbox.restaurant.apiKey, posId: randomUUID(), log });
  const links = createPaymentLinks({ store, client: () => client, defaultCurrency: () => 'CZK', log });
  const paymentLinks = paymentLinkCommands({ paymentLinks: links, log, shell: {} });
  const api: PosApi = await startPosApi({ store, port: 0, token: CONTRACT_TOKEN, log, clock, now: () => clock.now(), health, paymentLinks });
  return {
    store,
    api,
    origin: `http://127.0.0.1:${api.port}`,
    /** Payment p-post of 1 water on bill b1, paid, its receipt POSTPONED to the POS; p-service's made by the service. */
    pay(): void {
      store.startPayment(wirePayment('p-post', [{ id: 'water', price: '40', quantity: '1' }]));
      store.processPayment('p-post');
      store.closePayment('p-post', 'PAID');
      mode = 'QERKO_GENERATED';
      store.startPayment(wirePayment('p-service', [{ id: 'beer', price: '62.50', quantity: '1' }]));
      store.processPayment('p-service');
      store.closePayment('p-service', 'PAID');
      mode = 'POSTPONED';
    },
    /** The newest payment link the till made. */
    linkId(): string {
      return store.paymentLinks(1)[0]!.id;
    },
    /** A guest pays the newest payment link at the sandbox. */
    payLink(): void {
      sandbox.guestPayLink({ linkId: store.paymentLinks(1)[0]!.id });
    },
    /** Guest order o1: two beers onto table t5's bill. */
    guestOrder(): void {
      store.startOrder(order('o1'));
    },
    async stop(): Promise<void> {
      await api.close();
      await sandbox.close();
      store.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export type ContractApi = Awaited<ReturnType<typeof startContractApi>>;

/** One call of the scenario: the route (method and path template), the path it asks for, what it sends and the status it expects. */
export interface ScenarioCall {
  method: 'GET' | 'PUT' | 'DELETE' | 'PATCH' | 'POST';
  route: string;
  /** A function where the path holds an id the service made (a payment link's). */
  path: string | ((s: ContractApi) => string);
  body?: unknown;
  accept?: string;
  public?: boolean;
  status: number;
  /** Done before the call (the service's part: payments, orders). */
  before?: (s: ContractApi) => void;
}

export const BILL = {
  tableId: 't1',
  name: 'Window',
  currency: 'CZK',
  items: [
    { id: 'beer', name: 'Beer', price: '62.50', quantity: '2', tags: ['bar'] },
    { id: 'water', name: 'Water', price: '40', quantity: '3', minQuantity: '1' },
  ],
};

/** Every route of the POS API called with valid input, in an order where each finds what it needs. */
export const SCENARIO: ScenarioCall[] = [
  { method: 'GET', route: '/v1/openapi.json', path: '/v1/openapi.json', public: true, status: 200 },
  // No payment yet: the list is empty, and the document must allow that.
  { method: 'GET', route: '/v1/payments', path: '/v1/payments', status: 200 },
  { method: 'PUT', route: '/v1/tables/{id}', path: '/v1/tables/t1', body: { name: 'Table 1', area: 'Garden', position: { x: 0.25, y: 0.5 } }, status: 201 },
  { method: 'PUT', route: '/v1/tables/{id}', path: '/v1/tables/t1', body: { name: 'Table 1', area: 'Garden' }, status: 200 },
  { method: 'PUT', route: '/v1/tables/{id}', path: '/v1/tables/t5', body: { name: 'Table 5' }, status: 201 },
  { method: 'PUT', route: '/v1/tables/{id}', path: '/v1/tables/gone', body: { name: 'Gone' }, status: 201 },
  { method: 'DELETE', route: '/v1/tables/{id}', path: '/v1/tables/gone', status: 204 },
  { method: 'PUT', route: '/v1/bills/{id}', path: '/v1/bills/b1', body: BILL, status: 201 },
  { method: 'PUT', route: '/v1/bills/{id}', path: '/v1/bills/b2', body: { ...BILL, name: null, items: [BILL.items[0]] }, status: 201 },
  { method: 'PUT', route: '/v1/bills/{id}', path: '/v1/bills/b1', body: BILL, status: 200, before: (s) => s.pay() },
  { method: 'GET', route: '/v1/tables', path: '/v1/tables', status: 200 },
  { method: 'GET', route: '/v1/bills', path: '/v1/bills?limit=1', status: 200 },
  { method: 'GET', route: '/v1/bills', path: '/v1/bills?tableId=t1&state=OPEN', status: 200 },
  { method: 'GET', route: '/v1/bills/{id}', path: '/v1/bills/b1', status: 200 },
  { method: 'GET', route: '/v1/payments', path: '/v1/payments?since=2026-01-01', status: 200 },
  { method: 'GET', route: '/v1/payments', path: '/v1/payments?from=2026-11-22&to=2026-11-22', status: 200 },
  { method: 'GET', route: '/v1/payments', path: '/v1/payments?from=2026-11-22&state=paid', accept: 'text/csv', status: 200 },
  { method: 'GET', route: '/v1/reports/day', path: '/v1/reports/day?date=2026-11-22', status: 200 },
  { method: 'GET', route: '/v1/payments/{id}/receipt', path: '/v1/payments/p-post/receipt', status: 200 },
  { method: 'PUT', route: '/v1/payments/{id}/receipt', path: '/v1/payments/p-post/receipt', body: waterReceipt(), status: 201 },
  { method: 'PUT', route: '/v1/payments/{id}/receipt', path: '/v1/payments/p-post/receipt', body: waterReceipt(), status: 200 },
  { method: 'GET', route: '/v1/payments/{id}/receipt', path: '/v1/payments/p-service/receipt', status: 200 },
  { method: 'PUT', route: '/v1/menu', path: '/v1/menu', body: { menus: MENU }, status: 200 },
  { method: 'GET', route: '/v1/menu', path: '/v1/menu', status: 200 },
  { method: 'PATCH', route: '/v1/menu/items/{id}', path: '/v1/menu/items/beer', body: { available: false }, status: 200 },
  { method: 'PATCH', route: '/v1/menu/items/{id}', path: '/v1/menu/items/beer', body: { available: true }, status: 200 },
  { method: 'PUT', route: '/v1/ordering', path: '/v1/ordering', body: { paused: false }, status: 200 },
  { method: 'GET', route: '/v1/ordering', path: '/v1/ordering', status: 200 },
  // Table 5's bill, which the guest's order o1 joins; the POS then takes the guest's line in.
  { method: 'PUT', route: '/v1/bills/{id}', path: '/v1/bills/b5', body: { ...BILL, tableId: 't5', items: [BILL.items[0]] }, status: 201 },
  { method: 'GET', route: '/v1/orders', path: '/v1/orders', status: 200, before: (s) => s.guestOrder() },
  { method: 'POST', route: '/v1/bills/{id}/take-in', path: '/v1/bills/b5/take-in', body: { lineIds: ['o1#1'] }, status: 200 },
  { method: 'GET', route: '/v1/orders', path: '/v1/orders?status=NEW', status: 200 },
  { method: 'GET', route: '/v1/orders/{id}', path: '/v1/orders/o1', status: 200 },
  { method: 'POST', route: '/v1/orders/{id}/status', path: '/v1/orders/o1/status', body: { status: 'ACCEPTED' }, status: 200 },
  // b2 closes with its beer unpaid, settled in cash: Needs attention lists it to acknowledge.
  { method: 'DELETE', route: '/v1/bills/{id}', path: '/v1/bills/b2', body: { settlement: { method: 'cash', note: 'paid at the bar' } }, status: 200 },
  { method: 'GET', route: '/v1/attention', path: '/v1/attention', status: 200 },
  { method: 'GET', route: '/v1/health', path: '/v1/health', status: 200 },
  { method: 'POST', route: '/v1/payment-links', path: '/v1/payment-links', body: { amount: '250.50', description: 'Deposit' }, status: 201 },
  { method: 'POST', route: '/v1/payment-links', path: '/v1/payment-links', body: { amount: '80', currency: 'EUR' }, status: 201 },
  { method: 'GET', route: '/v1/payment-links', path: '/v1/payment-links', status: 200 },
  { method: 'GET', route: '/v1/payment-links/{id}', path: (s) => `/v1/payment-links/${s.linkId()}`, status: 200 },
  { method: 'DELETE', route: '/v1/payment-links/{id}', path: (s) => `/v1/payment-links/${s.linkId()}`, status: 204 },
  // The deposit, paid by a guest: its answer carries the payment.
  { method: 'GET', route: '/v1/payment-links/{id}', path: (s) => `/v1/payment-links/${s.linkId()}`, status: 200, before: (s) => s.payLink() },
  { method: 'GET', route: '/v1/attention', path: '/v1/attention?kind=settled-bill', status: 200 },
  {
    method: 'POST',
    route: '/v1/attention/{id}/resolve',
    path: `/v1/attention/${encodeURIComponent('settled-bill:b2')}/resolve`,
    body: { note: 'counted' },
    status: 200,
  },
  { method: 'GET', route: '/v1/events', path: '/v1/events?after=0&limit=1000', status: 200 },
  { method: 'GET', route: '/v1/events', path: '/v1/events?after=0', accept: 'text/event-stream', status: 200 },
  { method: 'POST', route: '/v1/events/ack', path: '/v1/events/ack', body: { seq: 1 }, status: 200 },
];
