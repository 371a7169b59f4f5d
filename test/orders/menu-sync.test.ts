import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createMenuSync, MENU_GROUP_MS, type MenuSync } from '../../main/features/orders/menu-sync.js';
import { createOrderStatusSender } from '../../main/features/orders/status-sender.js';
import { createServiceClient } from '../../main/base/service/index.js';
import { openTestStore } from '../store/test-store.js';
import { tempStore } from '../store/helpers.js';
import { order, seedMenu } from '../store/menu-helpers.js';
import { Fixture } from '../transport/helpers/fixture.js';

interface SandboxView {
  pushedMenus: { id: string; items: { id: string; price: string; available: boolean }[] }[];
  orders: { idOrder: string; status: string }[];
}
const sandboxView = (f: Fixture): SandboxView => (f.sandbox.state() as { restaurants: SandboxView[] }).restaurants[0]!;

/** The menu sync and the order status sender against the real sandbox, on a ManualClock. */
describe('menu sync', () => {
  let f: Fixture;
  let t: ReturnType<typeof tempStore>;
  let sync: MenuSync;
  beforeEach(async () => {
    f = await new Fixture().start();
    t = tempStore();
  });
  afterEach(async () => {
    await sync?.stop();
    t.cleanup();
    await f.close();
  });

  const client = () => createServiceClient({ baseUrl: f.sandbox.url, apiKey: f.sandbox.restaurant.apiKey, posId: f.posId, log: f.log });
  const start = () => {
    sync = createMenuSync({ store: t.store, client: client(), ...f.timing });
    sync.start();
    return sync;
  };
  const served = () => sandboxView(f).pushedMenus;
  const beer = () =>
    served()
      .flatMap((m) => m.items)
      .find((i) => i.id === 'beer');

  it('groups changes within 2 s into one push: nothing at 1,999 ms, the whole menu at 2,000 ms', async () => {
    start();
    seedMenu(t.store);
    await f.clock.advanceAsync(1000);
    t.store.patchMenuItem('beer', { available: false });
    await f.clock.advanceAsync(MENU_GROUP_MS - 1000 - 1);
    await sync.idle();
    expect(served()).toEqual([]);
    await f.clock.advanceAsync(1);
    await sync.idle();
    expect(served().map((m) => m.id)).toEqual(['drinks', 'food']);
    expect(beer()).toMatchObject({ price: '62.5', available: false });
    expect(t.store.menuVersions()).toEqual({ version: 2, pushed: 2 });
    expect(f.sink.lines.filter((l) => l.msg === 'menu pushed to the service')).toHaveLength(1);
    expect(f.clock.pending()).toBe(0);
  });

  it('retries with backoff while the service answers 503 (1 s, then 2 s), then holds the menu', async () => {
    start();
    f.sandbox.injectFault({ kind: 'http-503', count: 2 });
    seedMenu(t.store);
    await f.clock.advanceAsync(MENU_GROUP_MS);
    await sync.idle();
    expect(served()).toEqual([]);
    expect(sync.state()).toMatchObject({ pending: true, lastError: { code: 'SERVICE_RESTARTING' } });
    await f.clock.advanceAsync(999);
    await sync.idle();
    expect(f.sink.lines.filter((l) => l.msg === 'menu push failed; retrying')).toHaveLength(1);
    await f.clock.advanceAsync(1);
    await sync.idle();
    expect(f.sink.lines.filter((l) => l.msg === 'menu push failed; retrying').map((l) => l.retryInMs)).toEqual([1000, 2000]);
    await f.clock.advanceAsync(1999);
    await sync.idle();
    expect(served()).toEqual([]);
    await f.clock.advanceAsync(1);
    await sync.idle();
    expect(served()).toHaveLength(2);
    expect(sync.state()).toMatchObject({ version: 1, pushed: 1, pending: false, lastError: null });
  });

  it('the latest menu wins: a change while a push is on its way is pushed after it', async () => {
    start();
    seedMenu(t.store);
    await f.clock.advanceAsync(MENU_GROUP_MS); // the push of version 1 is on its way
    t.store.patchMenuItem('beer', { price: '70' });
    await sync.idle();
    expect(t.store.menuVersions()).toEqual({ version: 2, pushed: 1 });
    await f.clock.advanceAsync(MENU_GROUP_MS);
    await sync.idle();
    expect(beer()?.price).toBe('70');
    expect(t.store.menuVersions()).toEqual({ version: 2, pushed: 2 });
  });

  it('a menu changed before a restart is pushed by the next run at once', async () => {
    seedMenu(t.store);
    t.store.close();
    t.store = openTestStore({ file: t.file, clock: t.clock });
    start();
    await f.clock.advanceAsync(0);
    await sync.idle();
    expect(served()).toHaveLength(2);
  });
});

describe('order status sender', () => {
  let f: Fixture;
  let t: ReturnType<typeof tempStore>;
  beforeEach(async () => {
    f = await new Fixture().start();
    t = tempStore();
    seedMenu(t.store);
  });
  afterEach(async () => {
    t.cleanup();
    await f.close();
  });

  it('sends each decision in order, retries a 503 with backoff, and the service holds the last status', async () => {
    const client = createServiceClient({ baseUrl: f.sandbox.url, apiKey: f.sandbox.restaurant.apiKey, posId: f.posId, log: f.log });
    const sender = createOrderStatusSender({ store: t.store, client, ...f.timing });
    sender.start();
    t.store.startOrder(order('o1'));
    f.sandbox.injectFault({ kind: 'http-503', count: 1 });
    t.store.setOrderStatus('o1', 'ACCEPTED');
    await sender.idle();
    expect(sender.pending()).toBe(1);
    expect(sandboxView(f).orders).toEqual([]);
    t.store.setOrderStatus('o1', 'READY'); // queued behind ACCEPTED while it waits
    await f.clock.advanceAsync(999);
    await sender.idle();
    expect(sender.pending()).toBe(2);
    await f.clock.advanceAsync(1);
    await sender.idle();
    expect(sender.pending()).toBe(0);
    // The sandbox keeps every status it accepted, counted: the 503 one was not received, each decision arrived once.
    expect(sandboxView(f).orders).toEqual([expect.objectContaining({ idOrder: 'o1', status: 'READY', counts: { ACCEPTED: 1, READY: 1 } })]);
    expect(f.sink.lines.filter((l) => l.msg === 'order status sent').map((l) => l.status)).toEqual(['ACCEPTED', 'READY']);
    expect((await client.getOrderStatus('o1')).ok).toBe(true);
    await sender.stop();
  });
});
