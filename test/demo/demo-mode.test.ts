import { afterEach, describe, expect, it } from 'vitest';
import { createCompanion } from '../../main/app/companion.js';
import { createDemoService } from '../../main/features/demo/demo-service.js';
import type { DemoPort } from '../../main/base/host-types.js';
import { startSandbox } from '../../sandbox/index.js';
import { tempStore } from '../store/helpers.js';
import { silentLogger } from '../../main/base/log.js';
import { dataDir, remove, writeSettingsFile } from '../settings/settings-fixtures.js';
import { embeddedDemo } from '../companion/demo-port.js';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

/** A till whose settings.json says demo mode in `language`, started through the real embedded sandbox. */
async function demoTill(language: 'en' | 'cs') {
  const dir = dataDir();
  cleanups.push(() => remove(dir));
  writeSettingsFile(dir, { environment: 'demo', language, posApiPort: 0 });
  const companion = await createCompanion({ dataDir: dir, demo: embeddedDemo, log: silentLogger() });
  cleanups.push(() => companion.stop());
  // Connected: the sandbox's guest pages answer only while the till is linked to it.
  const connected = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the demo till did not connect in 15 s')), 15_000);
    const done = () => {
      clearTimeout(timer);
      off();
      resolve();
    };
    const off = companion.api.onEvent((e) => {
      if (e.type === 'connection' && e.connection.status === 'connected') done();
    });
    if (companion.connection().status === 'connected') done();
  });
  await companion.start();
  await connected;
  return companion;
}

// Demo data follows the language; the demo's QR codes open on this computer.
describe('demo mode', () => {
  it("a Czech cashier's first start seeds Czech table names, areas and items (settings.json → the store)", async () => {
    const companion = await demoTill('cs');
    const snap = await companion.api.getSnapshot();
    const byId = new Map(snap.tables.map((t) => [t.id, t]));
    expect(byId.get('t1')).toMatchObject({ name: 'Stůl 1', area: 'Sál' });
    expect(byId.get('t7')).toMatchObject({ name: 'Stůl 7', area: 'Terasa' });
    expect(byId.get('t11')).toMatchObject({ name: 'Bar 1', area: 'Bar' });
    const bill = snap.bills.find((b) => b.tableId === 't1');
    expect(bill?.items.map((i) => i.name)).toEqual(['Plzeň 0,5 l', 'Hovězí guláš', 'Vepřový řízek', 'Jablečný štrúdl']);
    expect(bill).toMatchObject({ name: 'Stůl 1', totals: { total: '1295.00' } });
    expect(snap.menu.find((m) => m.id === 'm-soup')).toMatchObject({ name: 'Česnečka', category: 'Předkrmy', price: '79.00' });
    // The same item ids in every language: a guest pays "m-pilsner-1" whatever the cashier reads.
    const paid = await companion.api.guestPay({ tableId: 't1', items: [{ id: 'm-pilsner-1', quantity: '1' }] });
    expect(paid).toMatchObject({ ok: true });
  });

  it("an English cashier's demo is in English", async () => {
    const snap = await (await demoTill('en')).api.getSnapshot();
    expect(snap.tables.find((t) => t.id === 't1')).toMatchObject({ name: 'Table 1', area: 'Hall' });
    expect(snap.menu.find((m) => m.id === 'm-soup')).toMatchObject({ name: 'Garlic soup', category: 'Starters' });
  });

  it('the sandbox listens on this computer only; its QR codes point there and open; the POS API stays on loopback', async () => {
    const companion = await demoTill('en');
    const sandboxUrl = new URL(companion.sandboxUrl ?? '');
    expect(sandboxUrl.hostname).toBe('127.0.0.1');
    expect(new URL(companion.posApiUrl).hostname).toBe('127.0.0.1');
    const created = await companion.api.createQrCodes({ tableIds: ['t5'] });
    if (!created.ok) throw new Error(created.error.code);
    const url = created.value.find((c) => c.tableId === 't5')?.url ?? '';
    expect(new URL(url).host).toBe(sandboxUrl.host);
    const page = await fetch(url);
    expect(page.status).toBe(200);
    expect(await page.text()).toMatch(/scan to pay/);
  });
});

// LAN demo is IT's choice: then phones reach the sandbox, and its control routes need a token made for this start.
describe('LAN demo', () => {
  const wifi = {
    wlan0: [{ address: '192.168.1.20', netmask: '255.255.255.0', family: 'IPv4', mac: '00:00:00:00:00:00', internal: false, cidr: null }],
  } as const;

  async function startDemo(lan: boolean) {
    const t = tempStore();
    cleanups.push(() => t.cleanup());
    const asked: Parameters<DemoPort>[0][] = [];
    // The sandbox is asked for the LAN address; the test binds it to a second loopback address instead.
    const port: DemoPort = (options) => {
      asked.push(options);
      return startSandbox({ ...options, host: '127.0.0.2' });
    };
    const demo = createDemoService(port, t.store, silentLogger(), { lan: () => lan, interfaces: () => structuredClone(wifi) as never });
    cleanups.push(() => demo.stop());
    await demo.follow(true);
    return { asked, url: demo.url()! };
  }

  it('off (the default): loopback, and the control routes answer this computer without a token', async () => {
    const { asked, url } = await startDemo(false);
    expect(asked).toHaveLength(1);
    expect(asked[0]!.host).toBe('127.0.0.1');
    expect(asked[0]!.controlToken).toBeUndefined();
    expect((await fetch(`${url}/sandbox/state`)).status).toBe(200);
  });

  it('on: the LAN address, and a control route without the token is refused', async () => {
    const { asked, url } = await startDemo(true);
    expect(asked[0]!.host).toBe('192.168.1.20');
    const token = asked[0]!.controlToken ?? '';
    expect(token).toMatch(/^[\w-]{32}$/);
    const refused = await fetch(`${url}/sandbox/guest/pay`, { method: 'POST', body: JSON.stringify({ idTable: 't1' }) });
    expect(refused.status).toBe(401);
    expect(await refused.json()).toMatchObject({ code: 'UNAUTHORIZED' });
    expect((await fetch(`${url}/sandbox/state`, { headers: { 'x-sandbox-token': `${token}x` } })).status).toBe(401);
    expect((await fetch(`${url}/sandbox/state`, { headers: { 'x-sandbox-token': token } })).status).toBe(200);
    // The phone's page after a scan needs no token.
    expect((await fetch(`${url}/t/unknown`)).status).toBe(404);
  });
});
