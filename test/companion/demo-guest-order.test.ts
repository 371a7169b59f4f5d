import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderView } from '../../preload/contract.js';
import { createCompanion } from '../../main/app/companion.js';
import { silentLogger } from '../../main/base/log.js';
import type { ServiceOrder } from '../../sandbox/index.js';
import { waitFor } from '../sandbox/helpers/wait-for.js';
import { embeddedDemo } from './demo-port.js';

/**
 * The demo guest who orders, through the real border: the companion's `guestOrder`
 * command → the embedded sandbox → orderPrepare / orderStart / orderMarkAsPaid over the live link
 * → the store; the cashier's statuses go back through the status sender and the sandbox counts them.
 */
let dir: string;
let companion: Awaited<ReturnType<typeof createCompanion>>;

async function sandboxJson<T>(p: string): Promise<T> {
  const res = await fetch(`${companion.sandboxUrl}${p}`);
  return (await res.json()) as T;
}

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'tableside-demo-order-'));
  companion = await createCompanion({ dataDir: dir, settings: { environment: 'demo', posApiPort: 0 }, demo: embeddedDemo, log: silentLogger() });
  await companion.start();
  await waitFor(() => companion.connection().status === 'connected', 'a connected demo session');
  // The seeded menu reaches the sandbox with the first grouped push.
  await waitFor(
    async () => (await sandboxJson<{ restaurants: { pushedMenus: unknown[] }[] }>('/sandbox/state')).restaurants[0]!.pushedMenus.length > 0,
    'the demo menu pushed',
  );
});

afterAll(async () => {
  await companion?.stop();
  rmSync(dir, { recursive: true, force: true });
});

const orderIn = async (id: string): Promise<OrderView | undefined> => (await companion.api.getSnapshot()).orders.find((o) => o.id === id);

describe('demo mode: a guest orders', () => {
  it('orders two beers onto table 5: the lines are on its bill, the inbox has it, ACCEPTED reaches the service once', async () => {
    const r = await companion.api.guestOrder({ tableId: 't5', items: [{ id: 'm-pilsner', quantity: '2' }], note: 'by the window' });
    expect(r).toMatchObject({ ok: true, value: { outcome: 'placed', total: '124', refusal: null } });
    if (!r.ok) return;
    const snap = await companion.api.getSnapshot();
    const bill = snap.bills.find((b) => b.id === r.value.billId);
    expect(bill?.tableId).toBe('t5');
    expect(bill?.items.map((i) => [i.name, i.quantity])).toEqual([['Pilsner 0.5 l', '2']]);
    expect(await orderIn(r.value.orderId)).toMatchObject({ status: 'NEW', tableId: 't5', note: 'by the window' });

    expect((await companion.api.setOrderStatus({ orderId: r.value.orderId, status: 'ACCEPTED' })).ok).toBe(true);
    const seen = await waitFor(async () => {
      const o = await sandboxJson<ServiceOrder>(`/sandbox/orders/${r.value.orderId}`);
      return o.counts.ACCEPTED ? o : null;
    }, 'ACCEPTED at the service');
    expect(seen.counts).toEqual({ ACCEPTED: 1 });
  });

  it('a pickup order is paid in advance; ACCEPTED, READY, COMPLETE reach the service once each and it closes the order', async () => {
    const r = await companion.api.guestOrder({
      pickupAt: '2026-11-22T18:30:00+01:00',
      items: [
        { id: 'm-goulash', quantity: '1' },
        { id: 'm-espresso', quantity: '2' },
      ],
    });
    expect(r).toMatchObject({ ok: true, value: { outcome: 'placed', billId: null, total: '327' } });
    if (!r.ok) return;
    expect(await orderIn(r.value.orderId)).toMatchObject({ deliveryType: 'byCustomer', paid: true, status: 'NEW' });
    for (const status of ['ACCEPTED', 'READY', 'COMPLETE'] as const)
      expect((await companion.api.setOrderStatus({ orderId: r.value.orderId, status })).ok).toBe(true);
    const closed = await waitFor(async () => {
      const o = await orderIn(r.value.orderId);
      return o?.closedState === 'COMPLETED' ? o : null;
    }, 'orderClose(COMPLETED) at the till');
    expect(closed.status).toBe('COMPLETE');
    const atService = await sandboxJson<ServiceOrder>(`/sandbox/orders/${r.value.orderId}`);
    expect(atService.counts).toEqual({ ACCEPTED: 1, READY: 1, COMPLETE: 1 });
    expect(atService.guest).toMatchObject({ phase: 'closed', closed: { state: 'COMPLETED', cause: 'COMPLETE' }, payment: { state: 'PAID' } });
  });

  it('answers refusals with their code and the item names: sold out at the till, unknown to the service', async () => {
    expect((await companion.api.setMenuItemAvailable({ itemId: 'm-strudel', available: false })).ok).toBe(true);
    // The sandbox still lists it (the change goes out within the 2 s grouping): the till's orderPrepare refuses it.
    const soldOut = await companion.api.guestOrder({ tableId: 't6', items: [{ id: 'm-strudel', quantity: '1' }] });
    expect(soldOut).toMatchObject({ ok: true, value: { outcome: 'refused', refusal: { code: 'ITEM_UNAVAILABLE', items: ['Apple strudel'] } } });
    const unknown = await companion.api.guestOrder({ tableId: 't6', items: [{ id: 'm-caviar', quantity: '1' }] });
    expect(unknown).toMatchObject({ ok: true, value: { outcome: 'refused', refusal: { code: 'NOT_ON_MENU', items: ['m-caviar'] } } });
    const both = await companion.api.guestOrder({ tableId: 't6', pickupAt: '2026-11-22T18:30:00+01:00', items: [{ id: 'm-soup', quantity: '1' }] });
    expect(both).toMatchObject({ ok: false, error: { code: 'BAD_REQUEST' } });
  });
});

describe('demo mode: nobody decides', () => {
  it('10 minutes on the sandbox clock cancel the orders left NEW: the table lines leave the bill, the prepaid one is refunded', async () => {
    const table = await companion.api.guestOrder({ tableId: 't9', items: [{ id: 'm-soup', quantity: '2' }] });
    const pickup = await companion.api.guestOrder({ pickupAt: '2026-11-22T19:00:00+01:00', items: [{ id: 'm-fries', quantity: '1' }] });
    if (!table.ok || !pickup.ok) throw new Error('orders not placed');
    const billOf = async () => (await companion.api.getSnapshot()).bills.find((b) => b.id === table.value.billId);
    expect((await billOf())?.items.map((i) => i.name)).toEqual(['Garlic soup']);

    const moved = await fetch(`${companion.sandboxUrl}/sandbox/clock`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ advanceMs: 10 * 60_000 }),
    });
    expect(moved.status).toBe(200);
    for (const id of [table.value.orderId, pickup.value.orderId]) {
      const closed = await waitFor(async () => {
        const o = await orderIn(id);
        return o?.closedState === 'CANCELLED' ? o : null;
      }, `orderClose(CANCELLED) of ${id} at the till`);
      expect(closed.status).toBe('CANCELLED');
    }
    expect((await billOf())?.items ?? []).toEqual([]);
    const atService = await sandboxJson<ServiceOrder>(`/sandbox/orders/${pickup.value.orderId}`);
    expect(atService.guest).toMatchObject({ closed: { state: 'CANCELLED', cause: 'NO_DECISION' }, payment: { state: 'REFUNDED' } });
    // The orders decided on before stay as they were.
    expect(
      (await sandboxJson<ServiceOrder[]>('/sandbox/orders'))
        .filter((o) => o.guest?.closed?.cause === 'NO_DECISION')
        .map((o) => o.idOrder)
        .sort(),
    ).toEqual([table.value.orderId, pickup.value.orderId].sort());
  });
});
