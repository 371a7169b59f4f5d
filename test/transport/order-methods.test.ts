import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCompanion } from '../../main/app/companion.js';
import { silentLogger } from '../../main/base/log.js';
import type { TransportKind } from '../../main/adapters/connection/methods-index.js';
import { startSandbox, type Sandbox } from '../../sandbox/index.js';
import { cleanup, FAST, PosApi, tempDir } from '../integration/helpers/harness.js';
import { MENU, order, pickupOrder } from '../store/menu-helpers.js';
import { wirePayment } from '../store/helpers.js';
import { freePort } from './helpers/fixture.js';
import { waitUntil } from './helpers/wait.js';

/**
 * The four order methods and getMealMenus, called by the real sandbox over each transport into a
 * real companion (store on a SQLite file, the shared dispatcher): the answers and the errors'
 * extra fields (ITEM_UNAVAILABLE's item ids) arrive the same way on all three.
 */
describe.each<TransportKind>(['ws', 'longpoll', 'webhook'])('order methods over %s', (kind) => {
  let sandbox: Sandbox;
  let companion: Awaited<ReturnType<typeof createCompanion>>;
  let pos: PosApi;
  let dataDir: string;

  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, webhookPingMs: 0 });
    dataDir = tempDir();
    const webhook = kind === 'webhook' ? await freePort() : 0;
    companion = await createCompanion({
      dataDir,
      apiKey: sandbox.restaurant.apiKey,
      settings: {
        environment: 'sandbox',
        serviceUrl: sandbox.url,
        transport: kind,
        posApiPort: 0,
        posId: randomUUID(),
        ...(kind === 'webhook' ? { webhookPort: webhook, webhookPublicUrl: `http://127.0.0.1:${webhook}` } : {}),
      },
      log: silentLogger(),
      tuning: FAST,
    });
    pos = new PosApi(companion.posApiUrl, companion.posApiToken);
    const connected = new Promise<void>((resolve) => {
      const off = companion.api.onEvent((e) => {
        if (e.type === 'connection' && e.connection.status === 'connected') {
          off();
          resolve();
        }
      });
    });
    await companion.start();
    await connected;
    expect(await pos.call('PUT', '/tables/t5', { name: 'Table 5' })).toMatchObject({ status: 201 });
    expect(await pos.call('PUT', '/menu', { menus: MENU })).toMatchObject({ status: 200 });
  });
  afterAll(async () => {
    await companion.stop();
    await sandbox.close();
    cleanup(dataDir);
  });

  it('getMealMenus and orderPrepare: prices from the menu; ITEM_UNAVAILABLE names the items; ORDERS_PAUSED', async () => {
    const menus = (await sandbox.callPos('getMealMenus', [])) as { result: { menus: { id: string }[] } };
    expect(menus.result.menus.map((m) => m.id)).toEqual(['drinks', 'food']);
    expect(await sandbox.callPos('orderPrepare', [order('x1')])).toEqual({
      result: { items: [{ id: 'beer', name: 'Beer 0.5 l', price: '62.5', quantity: '2' }], total: '125' },
    });
    const sold = await sandbox.callPos('orderPrepare', [
      order('x1', {
        items: [
          { id: 'schnitzel', name: '', quantity: '1' },
          { id: 'ghost', name: '', quantity: '1' },
        ],
      }),
    ]);
    expect(sold).toMatchObject({ error: { code: 'ITEM_UNAVAILABLE', items: ['schnitzel', 'ghost'] } });
    expect(await pos.call('PUT', '/ordering', { paused: true })).toMatchObject({ status: 200 });
    expect(await sandbox.callPos('orderPrepare', [order('x1')])).toMatchObject({ error: { code: 'ORDERS_PAUSED' } });
    await pos.call('PUT', '/ordering', { paused: false });
  });

  it("orderStart twice is one order on table 5's bill; orderClose CANCELLED takes the lines off again", async () => {
    const first = (await sandbox.callPos('orderStart', [order(`o-${kind}`)])) as { result: { idOrder: string; billId: string } };
    expect(first.result.idOrder).toBe(`o-${kind}`);
    expect(await sandbox.callPos('orderStart', [order(`o-${kind}`)])).toEqual(first);
    const bill = await pos.bill(first.result.billId);
    expect(bill.body.items.filter((i: { tags: string[] }) => i.tags.includes(`order:o-${kind}`))).toHaveLength(1);
    expect(await sandbox.callPos('orderClose', [`o-${kind}`, 'CANCELLED'])).toEqual({ result: null });
    expect(await sandbox.callPos('orderClose', [`o-${kind}`, 'CANCELLED'])).toEqual({ result: null });
    const after = await pos.bill(first.result.billId);
    expect(after.body.items.filter((i: { tags: string[] }) => i.tags.includes(`order:o-${kind}`))).toEqual([]);
  });

  it('a pickup order: orderStart, orderMarkAsPaid answers the same receipt twice, orderClose COMPLETED', async () => {
    const id = `p-${kind}`;
    expect(await sandbox.callPos('orderStart', [pickupOrder(id)])).toEqual({ result: { idOrder: id } });
    const payment = wirePayment(`pay-${kind}`, [{ id: 'goulash', price: '189', quantity: '1' }], { idBill: id, state: 'PAID' });
    const paid = (await sandbox.callPos('orderMarkAsPaid', [id, payment])) as { result: { finalPrice: string } };
    expect(paid.result.finalPrice).toBe('189');
    expect(await sandbox.callPos('orderMarkAsPaid', [id, payment])).toEqual(paid);
    expect(await sandbox.callPos('orderClose', [id, 'COMPLETED'])).toEqual({ result: null });
    expect((await pos.call('GET', `/orders/${id}`)).body).toMatchObject({ status: 'COMPLETE', closedState: 'COMPLETED', paid: true });
  });

  it('through the link: the menu reaches the service (2 s grouping) and a staff decision reaches it once', async () => {
    const view = () => (sandbox.state() as { restaurants: { pushedMenus: { id: string }[]; orders: { idOrder: string; status: string }[] }[] }).restaurants[0]!;
    await waitUntil(() => view().pushedMenus.length === 2, 'the pushed menu', 10_000);
    const id = `s-${kind}`;
    await sandbox.callPos('orderStart', [pickupOrder(id)]);
    expect(await pos.call('POST', `/orders/${id}/status`, { status: 'ACCEPTED' })).toMatchObject({ status: 200 });
    await waitUntil(() => view().orders.some((o) => o.idOrder === id && o.status === 'ACCEPTED'), 'the ACCEPTED status at the service', 10_000);
    // The outbox row goes once the service's answer is in: a moment after the service stored it.
    await waitUntil(async () => (await pos.call('GET', `/orders/${id}`)).body.unsentStatuses === 0, 'the outbox emptied', 10_000);
  });
});
