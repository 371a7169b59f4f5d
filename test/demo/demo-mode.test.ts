import { randomUUID } from 'node:crypto';
import { request } from 'node:http';
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
    const html = await page.text();
    // The guest's page (table 5 has no open bill): never the table's id.
    expect(html).toContain('Nothing to pay at this table right now.');
    expect(html).not.toMatch(/\bt5\b/);
  });
});

// Demo data follows the app's language: what is still the demo's own words is re-labelled when
// the cashier switches; what the cashier changed or guests paid keeps its words.
describe('switching the language in demo mode', () => {
  it('re-labels the demo tables, areas, menu and untouched bills; a paid bill and a renamed table keep theirs', async () => {
    const companion = await demoTill('en');
    // A guest pays a line of table 2's bill; the POS renames table 4.
    expect(await companion.api.guestPay({ tableId: 't2', items: [{ id: 'm-lemonade-1', quantity: '1' }] })).toMatchObject({ ok: true });
    const pos = (path: string, body: unknown) =>
      fetch(`${companion.posApiUrl}${path}`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${companion.posApiToken}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    expect((await pos('/tables/t4', { name: 'Window', area: 'Hall' })).status).toBe(200);
    expect(await companion.api.setTablePosition({ tableId: 't1', position: { x: 0.2, y: 0.3 } })).toMatchObject({ ok: true });

    expect(await companion.api.saveSettings({ language: 'cs' })).toMatchObject({ ok: true });
    const snap = await companion.api.getSnapshot();
    const byId = new Map(snap.tables.map((t) => [t.id, t]));
    expect(byId.get('t1')).toMatchObject({ name: 'Stůl 1', area: 'Sál', position: { x: 0.2, y: 0.3 } });
    expect(byId.get('t11')).toMatchObject({ name: 'Bar 1', area: 'Bar' });
    expect(byId.get('t4')).toMatchObject({ name: 'Window', area: 'Hall' });
    const bill = (table: string) => snap.bills.find((b) => b.tableId === table)!;
    expect(bill('t1')).toMatchObject({ name: 'Stůl 1', totals: { total: '1295.00' } });
    expect(bill('t1').items.map((i) => i.name)).toEqual(['Plzeň 0,5 l', 'Hovězí guláš', 'Vepřový řízek', 'Jablečný štrúdl']);
    // Paid in part: the receipt's words stay.
    expect(bill('t2').name).toBe('Table 2');
    expect(bill('t2').items[0]).toMatchObject({ name: 'Homemade lemonade', paidQuantity: '1' });
    expect(snap.menu.find((m) => m.id === 'm-soup')).toMatchObject({ name: 'Česnečka', category: 'Předkrmy' });

    // And back.
    expect(await companion.api.saveSettings({ language: 'en' })).toMatchObject({ ok: true });
    const again = await companion.api.getSnapshot();
    expect(again.tables.find((t) => t.id === 't1')).toMatchObject({ name: 'Table 1', area: 'Hall' });
    expect(again.menu.find((m) => m.id === 'm-soup')).toMatchObject({ name: 'Garlic soup' });
  });
});

// The page a phone opens from a table's printed code: the bill in the guest's language, and the
// guest simulator's own flow behind its buttons (pay some items with a tip, capture later, declined).
describe('the demo guest page', () => {
  async function pageOf(companion: Awaited<ReturnType<typeof demoTill>>, tableId: string) {
    const created = await companion.api.createQrCodes({ tableIds: [tableId] });
    if (!created.ok) throw new Error(created.error.code);
    return created.value.find((c) => c.tableId === tableId)!.url!;
  }
  const pay = (url: string, body: unknown) =>
    fetch(`${url}/pay`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

  it('shows the bill in Czech (Accept-Language or ?lang=), with a CSP that runs only its own script', async () => {
    const companion = await demoTill('cs');
    const url = await pageOf(companion, 't1');
    const page = await fetch(url, { headers: { 'accept-language': 'cs-CZ,cs;q=0.9,en;q=0.5' } });
    const html = await page.text();
    expect(html).toContain('<html lang="cs">');
    expect(html).toContain('<h2>Stůl 1</h2>');
    for (const name of ['Plzeň 0,5 l', 'Hovězí guláš', 'Vepřový řízek', 'Jablečný štrúdl']) expect(html).toContain(name);
    expect(html).toContain('Zaplatit');
    expect(html).toContain('Zkusit zamítnutou kartu');
    const csp = page.headers.get('content-security-policy') ?? '';
    const nonce = /script-src 'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(csp).toContain("default-src 'none'");
    expect(html).toContain(`<script nonce="${nonce}">`);
    // The switch wins over Accept-Language.
    expect(await (await fetch(`${url}?lang=en`, { headers: { 'accept-language': 'cs' } })).text()).toContain('<html lang="en">');
  });

  it('pays some items with a tip; a declined card pays nothing; a manual capture waits', async () => {
    const companion = await demoTill('en');
    const url = await pageOf(companion, 't1');
    const bill = (await companion.api.getSnapshot()).bills.find((b) => b.tableId === 't1')!;
    const [first, second] = bill.items;
    const paid = await pay(url, { idBill: bill.id, items: [{ id: first!.id, quantity: '1' }], tip: '10.00', mode: 'paid' });
    expect(paid.status).toBe(200);
    const result = (await paid.json()) as { outcome: string; total: string; paymentId: string };
    expect(result.outcome).toBe('paid');
    expect(Number(result.total)).toBeCloseTo(Number(first!.price) + 10, 2);
    const payments = () => companion.api.getSnapshot().then((s) => s.payments);
    expect((await payments()).find((p) => p.id === result.paymentId)).toMatchObject({ state: 'PAID' });

    const declined = (await (await pay(url, { idBill: bill.id, items: [{ id: second!.id, quantity: '1' }], mode: 'declined' })).json()) as { outcome: string };
    expect(declined.outcome).toBe('declined');
    const manual = (await (await pay(url, { idBill: bill.id, items: [{ id: second!.id, quantity: '1' }], mode: 'manual' })).json()) as {
      outcome: string;
      paymentId: string;
    };
    expect(manual.outcome).toBe('authorized');
    expect((await payments()).find((p) => p.id === manual.paymentId)).toMatchObject({ captureMode: 'manual', captured: false });
    // A bad body is refused naming the field, and an unknown code is 404.
    const bad = await pay(url, { idBill: bill.id, items: [], mode: 'paid' });
    expect(bad.status).toBe(400);
    expect((await pay(url.replace(/\/t\/[^/]+$/, '/t/unknown1'), { idBill: bill.id, items: [{ id: 'x', quantity: '1' }], mode: 'paid' })).status).toBe(404);
  });
});

// LAN demo is IT's choice: then a second listener on the LAN address serves the guest's pages and
// nothing else; the sandbox itself (control routes, the POS's REST API) stays on loopback.
describe('LAN demo', () => {
  // The test's stand-in for the LAN: a second loopback address, never a real interface.
  const LAN = '127.0.0.2';

  async function startDemo(lan: boolean) {
    const t = tempStore();
    cleanups.push(() => t.cleanup());
    const asked: Parameters<DemoPort>[0][] = [];
    const started: { apiKey: string }[] = [];
    const port: DemoPort = async (options) => {
      asked.push(options);
      const sandbox = await startSandbox(options);
      started.push({ apiKey: sandbox.restaurant.apiKey });
      return sandbox;
    };
    const demo = createDemoService(port, t.store, silentLogger(), { lan: () => lan, lanAddress: () => LAN });
    cleanups.push(() => demo.stop());
    await demo.follow(true);
    return { asked, url: demo.url()!, apiKey: started[0]!.apiKey };
  }

  /** A raw request, so the Host header can be anything. */
  function get(url: string, path: string, host?: string): Promise<{ status: number; body: string }> {
    const u = new URL(url);
    return new Promise((resolve, reject) => {
      const req = request({ host: u.hostname, port: u.port, path, headers: host ? { host } : {} }, (res) => {
        let body = '';
        res.on('data', (c: Buffer) => (body += c.toString('utf8')));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      });
      req.on('error', reject);
      req.end();
    });
  }

  it('off (the default): loopback, no guest listener, and the control routes answer this computer without a token', async () => {
    const { asked, url } = await startDemo(false);
    expect(asked).toHaveLength(1);
    expect(asked[0]!.host).toBe('127.0.0.1');
    expect(asked[0]!.controlToken).toBeUndefined();
    expect(asked[0]!.guestUrl).toBeUndefined();
    expect((await fetch(`${url}/sandbox/state`)).status).toBe(200);
  });

  it('on: the sandbox stays on loopback; the LAN listener serves only the guest pages, for its own Host', async () => {
    const { asked, url, apiKey } = await startDemo(true);
    expect(asked[0]!.host).toBe('127.0.0.1');
    expect(new URL(url).hostname).toBe('127.0.0.1');
    const guestUrl = asked[0]!.guestUrl ?? '';
    expect(new URL(guestUrl).hostname).toBe(LAN);
    // The codes the till prints point at the LAN listener.
    const made = await fetch(`${url}/api/v2/pos/qr`, {
      method: 'POST',
      headers: { authorization: `Bearer ${apiKey}`, 'pos-id': randomUUID(), 'content-type': 'application/json' },
      body: JSON.stringify({ idTable: 't1' }),
    });
    const code = (await made.json()) as { url: string; code: string };
    expect(code.url).toBe(`${guestUrl}/t/${code.code}`);
    const page = await get(guestUrl, `/t/${code.code}`);
    expect(page.status).toBe(200);
    expect(page.body).toContain('Bistro Demo');
    // Nothing else answers there: no control routes, no POS API, no guest simulator.
    for (const path of ['/sandbox/state', '/sandbox/guest/pay', '/api/v2/pos/qr', '/']) expect((await get(guestUrl, path)).status).toBe(404);
    // A page of another site whose name resolves here (DNS rebinding) is refused.
    expect((await get(guestUrl, `/t/${code.code}`, 'evil.example')).status).toBe(421);
    // The loopback sandbox still serves this computer as before.
    expect((await fetch(`${url}/sandbox/state`)).status).toBe(200);
  });
});
