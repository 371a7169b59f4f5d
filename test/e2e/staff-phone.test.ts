import { createHmac } from 'node:crypto';
import { createServer } from 'node:net';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { BRIDGE_PATH } from '../../preload/names.js';
import { STAFF_CLOSE, type StaffServerFrame } from '../../preload/staff-frames.js';
import type { StaffPairingView, StaffPhonesView } from '../../preload/views.js';
import { launchChromium, screenshot, type Chromium } from './helpers/browser.js';
import { openEventStream, type EventStream } from './helpers/event-stream.js';
import { startHost, type Host } from './helpers/host.js';
import { SandboxControl } from './helpers/service-clients.js';

// A waiter's phone against the real host: staff phones on, the "LAN" listener on 127.0.0.2 (a
// second loopback address standing for the restaurant's network), a Czech till in demo mode. The
// phone is Chromium at 390x844; the till's commands go through the cashier page's own bridge.

const LAN = '127.0.0.2';
const PHONE = { width: 390, height: 844 };
const SCAN = 'Naskenujte párovací kód na pokladně (Nastavení → Telefony obsluhy)';

/** A port free on the LAN address now (the setting wants a fixed one, 1024 and up). */
function freePort(host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, host, () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** The page globals the probes read (the Node tsconfig has no DOM types). */
interface ProbeGlobals {
  __staffNoticeTimes?: Record<string, number>;
}

// When each staff notice text first appears in the phone's DOM (wall clock, before paint).
const STAFF_NOTICE_PROBE = `(() => {
  const times = {};
  window.__staffNoticeTimes = times;
  const scan = () => {
    const now = performance.timeOrigin + performance.now();
    for (const el of document.querySelectorAll('.staff-notice-text')) {
      const text = el.textContent ?? '';
      if (!(text in times)) times[text] = now;
    }
  };
  scan();
  new MutationObserver(scan).observe(document.body, { subtree: true, childList: true, characterData: true });
})()`;

async function noticeSeenAt(page: Page, prefix: string): Promise<number> {
  const handle = await page.waitForFunction(
    (p) => Object.entries((globalThis as unknown as ProbeGlobals).__staffNoticeTimes ?? {}).find(([text]) => text.startsWith(p))?.[1],
    prefix,
    { timeout: 30_000 },
  );
  return (await handle.jsonValue()) as number;
}

/** A till command through the cashier page's bridge socket (its cookie, its origin), as the Settings view sends it. */
async function tillCommand<T>(till: Page, cmd: string, input: unknown): Promise<T> {
  const answer = await till.evaluate(
    ({ path, cmd, input }) =>
      new Promise<{ result?: unknown; error?: { code: string; message: string } }>((resolve, reject) => {
        const loc = (globalThis as unknown as { location: { host: string } }).location;
        const Ws = (
          globalThis as unknown as {
            WebSocket: new (url: string) => {
              onopen: () => void;
              onmessage: (e: { data: string }) => void;
              onerror: () => void;
              send(t: string): void;
              close(): void;
            };
          }
        ).WebSocket;
        const ws = new Ws(`ws://${loc.host}${path}`);
        ws.onopen = () => ws.send(JSON.stringify({ id: 1, cmd, input }));
        ws.onmessage = (e) => {
          const frame = JSON.parse(e.data) as { id?: number; result?: unknown; error?: { code: string; message: string } };
          if (frame.id !== 1) return;
          ws.close();
          resolve(frame);
        };
        ws.onerror = () => reject(new Error('bridge socket failed'));
      }),
    { path: BRIDGE_PATH, cmd, input },
  );
  if (answer.error) throw new Error(`${cmd}: ${answer.error.code} ${answer.error.message}`);
  // Commands answer a CommandResult: {ok, value} or {ok: false, error}.
  const result = answer.result as { ok: true; value: T } | { ok: false; error: { code: string; message: string } };
  if (!result.ok) throw new Error(`${cmd}: ${result.error.code} ${result.error.message}`);
  return result.value;
}

/** A session of a paired device opened from this process, as any program on the LAN could. */
async function rawSession(origin: string, deviceId: string, secret: string): Promise<{ send(frame: unknown): Promise<StaffServerFrame>; close(): void }> {
  const ws = new WebSocket(`${origin.replace(/^http/, 'ws')}/staff/live`, { origin });
  const frames: StaffServerFrame[] = [];
  const waiters: (() => void)[] = [];
  ws.on('message', (data: Buffer) => {
    frames.push(JSON.parse(data.toString('utf8')) as StaffServerFrame);
    for (const w of waiters.splice(0)) w();
  });
  const next = (type: string) =>
    new Promise<StaffServerFrame>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no ${type} frame`)), 10_000);
      const check = () => {
        const i = frames.findIndex((f) => f.type === type);
        if (i < 0) return void waiters.push(check);
        clearTimeout(timer);
        resolve(frames.splice(i, 1)[0]!);
      };
      check();
    });
  const challenge = (await next('challenge')) as Extract<StaffServerFrame, { type: 'challenge' }>;
  ws.send(JSON.stringify({ type: 'hello', deviceId, proof: createHmac('sha256', Buffer.from(secret, 'hex')).update(challenge.nonce, 'utf8').digest('hex') }));
  await next('welcome');
  return {
    send: (frame) => {
      ws.send(JSON.stringify(frame));
      return next('reply');
    },
    close: () => ws.close(),
  };
}

describe("a waiter's phone", () => {
  let host: Host;
  let chromium: Chromium;
  let till: Page;
  let phone: Page;
  let sandbox: SandboxControl;
  let events: EventStream;
  let staffOrigin: string;
  let usedPairingUrl = '';

  beforeAll(async () => {
    const staffPort = await freePort(LAN);
    host = await startHost([], { settings: { language: 'cs', staffPhones: true, staffLanAddress: LAN, staffPort } });
    sandbox = new SandboxControl(host.ready.sandbox ?? '');
    chromium = await launchChromium();
    till = await chromium.newPage();
    await till.goto(host.ui);
    await till.getByRole('tab', { name: 'Stoly', exact: true }).waitFor({ timeout: 30_000 });
    const staff = await tillCommand<StaffPhonesView>(till, 'listStaffPhones', null);
    expect(staff).toMatchObject({ enabled: true, address: `http://${LAN}:${staffPort}`, problem: null });
    staffOrigin = staff.address!;
    events = await openEventStream(host.ready.posApi, host.ready.posApiToken);
    phone = await chromium.context.newPage();
    await phone.setViewportSize(PHONE);
  });
  afterAll(async () => {
    events?.close();
    await chromium?.close();
    await host?.stop();
  });

  it('pairs by the code’s URL: the code leaves the address, the phone shows the till', async () => {
    const pairing = await tillCommand<StaffPairingView>(till, 'pairStaffPhone', { name: 'Petřin telefon', role: 'waiter' });
    expect(pairing.url).toBe(`${staffOrigin}/#pair=${pairing.code}`);
    await phone.goto(pairing.url);
    await phone.getByRole('navigation').waitFor();
    expect(phone.url()).toBe(`${staffOrigin}/`);
    await phone.getByRole('button', { name: 'Stoly' }).click();
    await phone.getByRole('region', { name: 'Sál' }).waitFor();
    const devices = await tillCommand<StaffPhonesView>(till, 'listStaffPhones', null);
    expect(devices.devices).toEqual([expect.objectContaining({ name: 'Petřin telefon', role: 'waiter' })]);
    usedPairingUrl = pairing.url;
    await screenshot(phone, 'staff-phone-floor-cs-390x844');
    // A smaller phone and a tablet: the floor never scrolls sideways.
    for (const size of [{ width: 360, height: 740 }, { width: 820, height: 1180 }, PHONE]) {
      await phone.setViewportSize(size);
      const sideways = await phone.evaluate(() => {
        const d = (globalThis as unknown as { document: { documentElement: { scrollWidth: number; clientWidth: number } } }).document;
        return d.documentElement.scrollWidth - d.documentElement.clientWidth;
      });
      expect(sideways, `${size.width}x${size.height}`).toBeLessThanOrEqual(0);
    }
    // Installable: the manifest and its icons come from the same listener.
    const manifest = await fetch(`${staffOrigin}/staff.webmanifest`);
    expect(manifest.status).toBe(200);
    const { icons, start_url } = (await manifest.json()) as { icons: { src: string; sizes: string }[]; start_url: string };
    expect(start_url).toBe('/');
    for (const icon of icons) {
      const png = await fetch(new URL(icon.src, staffOrigin));
      expect([icon.src, png.status, png.headers.get('content-type')]).toEqual([icon.src, 200, 'image/png']);
    }
    expect(icons.map((i) => i.sizes)).toEqual(['192x192', '512x512']);
  });

  it('a payment at a followed table is a notice within 300 ms of its commit; it opens the table and is acknowledged', async () => {
    await phone.getByRole('button', { name: 'Sledovat Stůl 1', exact: true }).click();
    await phone.getByRole('button', { name: 'Přestat sledovat Stůl 1', exact: true }).waitFor();
    await phone.getByRole('button', { name: 'Oznámení' }).click();
    await phone.evaluate(STAFF_NOTICE_PROBE);

    const paid = await sandbox.guestPay({ idTable: 't1', items: [{ id: 'm-pilsner-1', quantity: '2' }] });
    expect(paid.outcome).toBe('paid');
    const committed = await events.waitFor((e) => e.kind === 'payment.paid' && e.tableId === 't1', 'payment.paid on t1');
    const shown = await noticeSeenAt(phone, 'Stůl 1 zaplatil 124,00');
    expect(shown - Date.parse(committed.event.at)).toBeLessThanOrEqual(300);
    const item = phone.getByRole('listitem').filter({ hasText: /Stůl 1 zaplatil 124,00\sKč, zbývá 1\s171,00\sKč/ });
    await item.waitFor();
    await screenshot(phone, 'staff-phone-notice-cs-390x844');

    await item
      .getByRole('button', { name: /Stůl 1 zaplatil/ })
      .first()
      .click();
    const bill = phone.getByRole('dialog', { name: 'Stůl 1' });
    await bill.getByText('4 × Plzeň 0,5 l').waitFor();
    await bill.getByText('zaplaceno 2').waitFor();
    expect(await bill.getByRole('button', { name: /Strhnout|Uzavřít účet|Vrátit/ }).count()).toBe(0);
    await screenshot(phone, 'staff-phone-bill-cs-390x844');
    await bill.getByRole('button', { name: 'Zpět' }).click();

    await item.getByRole('button', { name: /^Potvrdit: / }).click();
    await item.waitFor({ state: 'detached' });
    // Acknowledged at the till, not only hidden: a reload's snapshot does not bring it back.
    await phone.reload();
    await phone.getByRole('navigation').waitFor();
    await phone.getByText('U vašich stolů není nic nového.').waitFor();
  });

  it("a waiter's refund sent over the socket is refused by the core", async () => {
    const stored = await phone.evaluate(() =>
      (globalThis as unknown as { localStorage: { getItem(k: string): string | null } }).localStorage.getItem('tableside.staff.device'),
    );
    const { deviceId, secret } = JSON.parse(stored ?? '{}') as { deviceId: string; secret: string };
    const session = await rawSession(staffOrigin, deviceId, secret);
    try {
      const payment = (await events.waitFor((e) => e.kind === 'payment.paid' && e.tableId === 't1', 'payment.paid on t1')).event.paymentId;
      const refund = await session.send({ type: 'request', id: 7, cmd: 'refund', input: { paymentId: payment } });
      expect(refund).toMatchObject({ type: 'reply', id: 7, error: { code: 'ROLE_FORBIDDEN' } });
      const capture = await session.send({ type: 'request', id: 8, cmd: 'capture', input: { paymentId: payment } });
      expect(capture).toMatchObject({ type: 'reply', id: 8, error: { code: 'ROLE_FORBIDDEN' } });
      const close = await session.send({ type: 'request', id: 9, cmd: 'closeBill', input: { tableId: 't1' } });
      expect(close).toMatchObject({ type: 'reply', id: 9, error: { code: 'ROLE_FORBIDDEN' } });
    } finally {
      session.close();
    }
  });

  it('a second phone without pairing sees nothing but the pairing page', async () => {
    // A phone of its own (a fresh profile) in Czech: before pairing it knows no till's language.
    const stranger = await launchChromium({ locale: 'cs-CZ' });
    try {
      const page = await stranger.newPage();
      await page.setViewportSize(PHONE);
      // The first phone's code was one use: opened again, it pairs nothing and says so.
      await page.goto(usedPairingUrl);
      await page.getByRole('alert').filter({ hasText: 'Tento párovací kód už neplatí' }).waitFor();
      expect(page.url()).toBe(`${staffOrigin}/`);
      await page.reload();
      await page.getByText(SCAN).waitFor();
      expect(await page.getByRole('alert').count()).toBe(0);
      expect(await page.getByRole('button').count()).toBe(0);
      expect(await page.getByText(/Stůl \d/).count()).toBe(0);
      // And its own socket, without a device, gets no welcome.
      const closed = await page.evaluate(
        (origin) =>
          new Promise<number>((resolve) => {
            const Ws = (
              globalThis as unknown as {
                WebSocket: new (url: string) => { onclose: (e: { code: number }) => void; onmessage: (e: { data: string }) => void; send(t: string): void };
              }
            ).WebSocket;
            const ws = new Ws(`${origin.replace(/^http/, 'ws')}/staff/live`);
            ws.onmessage = (e) => {
              const frame = JSON.parse(e.data) as { type: string };
              if (frame.type === 'challenge') ws.send(JSON.stringify({ type: 'hello', deviceId: 'guess', proof: '00'.repeat(32) }));
              if (frame.type === 'welcome') resolve(-1);
            };
            ws.onclose = (e) => resolve(e.code);
          }),
        staffOrigin,
      );
      expect(closed).toBe(STAFF_CLOSE.unauthorised);
      expect(stranger.pageErrors.filter((e) => /Content Security Policy|Refused to/i.test(e))).toEqual([]);
      await screenshot(page, 'staff-phone-pairing-cs-390x844');
    } finally {
      await stranger.close();
    }
  });

  it('a revoked phone loses the page within a second', async () => {
    const { devices } = await tillCommand<StaffPhonesView>(till, 'listStaffPhones', null);
    const device = devices.find((d) => d.name === 'Petřin telefon');
    expect(device).toBeDefined();
    const before = Date.now();
    await tillCommand<StaffPhonesView>(till, 'revokeStaffPhone', { deviceId: device!.id });
    await phone.getByRole('alert').filter({ hasText: 'Telefon byl na pokladně odebrán' }).waitFor({ timeout: 5_000 });
    expect(Date.now() - before).toBeLessThan(1000);
    await phone.getByText(SCAN).waitFor();
    expect(await phone.getByRole('navigation').count()).toBe(0);
    expect(
      await phone.evaluate(() =>
        (globalThis as unknown as { localStorage: { getItem(k: string): string | null } }).localStorage.getItem('tableside.staff.device'),
      ),
    ).toBeNull();
    await screenshot(phone, 'staff-phone-revoked-cs-390x844');
    // The servers' CSP let the page, its socket, manifest and icons through; nothing was refused.
    expect(chromium.pageErrors.filter((e) => /Content Security Policy|Refused to/i.test(e))).toEqual([]);
  });
});
