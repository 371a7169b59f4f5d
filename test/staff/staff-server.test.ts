import { mkdirSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { STAFF_CLOSE, type StaffPairAnswer } from '../../preload/staff-frames.js';
import { startStaffServer, type StaffServer } from '../../main/adapters/staff-server/index.js';
import { systemClock } from '../../main/base/clock.js';
import { silentLogger } from '../../main/base/log.js';
import { createManagerPin } from '../../main/features/settings/manager-pin.js';
import { createPhoneCommands, createStaffHub, type StaffHub } from '../../main/features/staff/index.js';
import { seedBill, tempStore, wirePayment } from '../store/helpers.js';
import type { TestStore } from '../store/test-store.js';
import { http, pairWith, Phone, proofOf } from './phone-client.js';

/** The LAN stands on a second loopback address: nothing here leaves this machine. */
const LAN = '127.0.0.2';
const PIN = '482913';

interface Rig {
  store: TestStore;
  hub: StaffHub;
  server: StaffServer;
  base: string;
  captured: string[];
  stop(): Promise<void>;
}

/** A real store file, the hub and the phones' commands over it, and the LAN listener on 127.0.0.2. */
async function rig(rates: Parameters<typeof startStaffServer>[0]['rates'] = {}): Promise<Rig> {
  const t = tempStore();
  seedBill(t.store, 'b1', 't1');
  t.store.upsertTable({ id: 't2', name: 'Table t2', area: 'Hall' });
  const staticDir = join(t.dir, 'renderer');
  mkdirSync(join(staticDir, 'assets'), { recursive: true });
  writeFileSync(join(staticDir, 'staff.html'), '<!doctype html><title>Staff</title>');
  writeFileSync(join(staticDir, 'index.html'), '<!doctype html><title>Cashier</title>');
  writeFileSync(join(staticDir, 'assets', 'staff-1.js'), 'console.log(1)');
  writeFileSync(join(staticDir, 'staff.webmanifest'), '{}');
  writeFileSync(join(t.dir, 'secret.txt'), 'secret');
  const log = silentLogger();
  const pin = createManagerPin({ dataDir: t.dir, clock: systemClock, log });
  expect(pin.set(PIN).ok).toBe(true);
  const hub = createStaffHub({ store: t.store, clock: systemClock, log, restaurantName: () => 'Bistro', language: () => 'en', changed: () => undefined });
  const off = t.store.onEvent((events) => hub.onBatch(events));
  const captured: string[] = [];
  const phone = createPhoneCommands({
    hub,
    clock: systemClock,
    log,
    pin,
    capture: (paymentId) => {
      captured.push(paymentId);
      return Promise.resolve({ ok: true, value: null });
    },
  });
  const server = await startStaffServer({
    hub,
    phone,
    host: LAN,
    port: 0,
    staticDir,
    log,
    limits: { headersTimeoutMs: 300, requestTimeoutMs: 600, firstByteTimeoutMs: 300, idleTimeoutMs: 2000 },
    rates: { pairPerAddress: 5, pairOverall: 20, failedProofsPerAddress: 5, failedProofsOverall: 50, ...rates },
  });
  return {
    store: t.store,
    hub,
    server,
    base: server.url,
    captured,
    async stop() {
      await server.close();
      off();
      hub.stop();
      t.cleanup();
    },
  };
}

async function paired(r: Rig, name: string, role: 'waiter' | 'manager'): Promise<StaffPairAnswer> {
  const { code } = r.hub.pairing.start({ name, role });
  const answer = await pairWith(r.base, code);
  expect(answer.status).toBe(200);
  return JSON.parse(answer.body) as StaffPairAnswer;
}

/** A WebSocket upgrade to `path` with these headers: the status it was refused with, or 101. */
function upgradeStatus(base: string, path: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${base.replace(/^http/, 'ws')}${path}`, { headers });
    ws.once('open', () => {
      ws.terminate();
      resolve(101);
    });
    ws.once('unexpected-response', (_req, res) => {
      resolve(res.statusCode ?? 0);
      ws.terminate();
    });
    ws.once('error', reject);
  });
}

describe('the staff listener on the LAN address', () => {
  let r: Rig;
  beforeAll(async () => {
    // Each test pairs its own phones and fails some proofs: the limits are the brute-force block's to test.
    r = await rig({ pairPerAddress: 100, pairOverall: 200, failedProofsPerAddress: 100 });
  });
  afterAll(async () => {
    await r.stop();
  });

  it('listens on the LAN address only, and serves the staff page and its files to anyone', async () => {
    expect(r.base).toMatch(/^http:\/\/127\.0\.0\.2:\d+$/);
    const page = await http(r.base, '/');
    expect(page.status).toBe(200);
    expect(page.body).toContain('<title>Staff</title>');
    expect(page.headers['content-security-policy']).toContain("default-src 'self'");
    expect(page.headers['x-frame-options']).toBe('DENY');
    expect((await http(r.base, '/assets/staff-1.js')).status).toBe(200);
    expect((await http(r.base, '/staff.webmanifest')).status).toBe(200);
    // The cashier's page, files outside the folder and everything else: not here.
    for (const path of ['/index.html', '/../secret.txt', '/%2e%2e/secret.txt', '/assets/../../secret.txt', '/print.html']) {
      const res = await http(r.base, path);
      expect(res.status, path).toBe(404);
      expect(res.body, path).not.toContain('Cashier');
      expect(res.body, path).not.toContain('secret');
    }
  });

  it('answers none of the POS API, the cashier bridge, diagnostics or the sandbox controls', async () => {
    for (const path of [
      '/v1/health',
      '/v1/bills',
      '/v1/events',
      '/v1/openapi.json',
      '/bridge',
      '/diagnostics/latest.log',
      '/diagnostics/support.zip',
      '/?token=x',
      '/api/guest-pay',
    ]) {
      const res = await http(r.base, path, { headers: { authorization: 'Bearer anything' } });
      expect(res.status, path).toBe(path === '/?token=x' ? 200 : 404);
      expect(res.body, path).not.toMatch(/"bills"|"events"|openapi|tableside_ui/);
    }
    expect((await http(r.base, '/v1/bills/b1', { method: 'PUT', body: '{}' })).status).toBe(405);
    expect(await upgradeStatus(r.base, '/bridge', { origin: r.base })).toBe(404);
    expect(await upgradeStatus(r.base, '/v1/events', { origin: r.base })).toBe(404);
  });

  it('refuses a foreign Host (DNS rebinding), also the loopback names, on requests and on the upgrade', async () => {
    const port = new URL(r.base).port;
    for (const host of ['evil.example', `evil.example:${port}`, `127.0.0.1:${port}`, `localhost:${port}`]) {
      expect((await http(r.base, '/', { headers: { host } })).status, host).toBe(421);
      expect((await http(r.base, '/staff/pair', { method: 'POST', headers: { host }, body: '{}' })).status, host).toBe(421);
      expect(await upgradeStatus(r.base, '/staff/live', { host, origin: r.base }), host).toBe(421);
    }
  });

  it('refuses the live socket from a foreign Origin, or none', async () => {
    expect(await upgradeStatus(r.base, '/staff/live', { origin: 'http://evil.example' })).toBe(403);
    expect(await upgradeStatus(r.base, '/staff/live', { origin: 'http://127.0.0.1:80' })).toBe(403);
    expect(await upgradeStatus(r.base, '/staff/live', {})).toBe(403);
  });

  it('pairs once per code: the answer has the device and its secret; the same code again, or a wrong one, pairs nothing', async () => {
    const before = r.store.staffDevices().length;
    const { code } = r.hub.pairing.start({ name: 'Petra', role: 'waiter' });
    expect(code).toMatch(/^[\w-]{22}$/);
    const first = await pairWith(r.base, code);
    expect(first.status).toBe(200);
    expect(first.headers['cache-control']).toBe('no-store');
    const answer = JSON.parse(first.body) as StaffPairAnswer;
    expect(answer).toMatchObject({ name: 'Petra', role: 'waiter' });
    expect(answer.secret).toMatch(/^[0-9a-f]{64}$/);
    const again = await pairWith(r.base, code);
    expect(again.status).toBe(404);
    expect(JSON.parse(again.body)).toMatchObject({ error: { code: 'CODE_UNKNOWN' } });
    expect(r.store.staffDevices()).toHaveLength(before + 1);
    // The event log says who was paired; never the secret.
    const log = r.store.eventsAfter(0, 10_000).filter((e) => e.kind === 'staff.paired');
    expect(log.at(-1)?.data).toMatchObject({ deviceId: answer.deviceId, deviceName: 'Petra', role: 'waiter' });
    expect(JSON.stringify(r.store.eventsAfter(0, 10_000))).not.toContain(answer.secret);
  });

  it('refuses a bad pairing body, a foreign Origin and an oversized body, pairing nothing', async () => {
    const before = r.store.staffDevices().length;
    const { code } = r.hub.pairing.start({ name: 'Jan', role: 'waiter' });
    expect((await http(r.base, '/staff/pair', { method: 'POST', headers: { origin: r.base }, body: 'not json' })).status).toBe(400);
    expect((await http(r.base, '/staff/pair', { method: 'POST', headers: { origin: r.base }, body: JSON.stringify({ code: 42 }) })).status).toBe(400);
    expect((await pairWith(r.base, code, { origin: 'http://evil.example' })).status).toBe(403);
    const big = JSON.stringify({ code, deviceLabel: 'x'.repeat(10_000) });
    expect((await http(r.base, '/staff/pair', { method: 'POST', headers: { origin: r.base, 'content-type': 'application/json' }, body: big })).status).toBe(
      413,
    );
    expect(r.store.staffDevices()).toHaveLength(before);
  });

  it('closes a slow request (the guard limits) and a silent socket', async () => {
    const { hostname, port } = new URL(r.base);
    // Bounded: a socket the server never closes fails here, named, instead of hanging the run.
    const closedWithin = (socket: ReturnType<typeof connect>, what: string) =>
      new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => {
          socket.destroy();
          reject(new Error(`the server kept ${what} open for 5 s`));
        }, 5000);
        socket.on('close', () => {
          clearTimeout(timer);
          resolve();
        });
      });
    let outcome = '';
    const slow = connect(Number(port), hostname, () => slow.write('GET / HTTP/1.1\r\nHost: ' + new URL(r.base).host + '\r\n'));
    slow.on('data', (d) => (outcome += d.toString()));
    await closedWithin(slow, 'a request whose headers never end');
    // Headers never finished: 408 or cut without an answer, never the page.
    expect(outcome).not.toContain('<title>Staff</title>');
    await closedWithin(connect(Number(port), hostname), 'a silent socket');
  });

  it('opens a session with the challenge-response; a wrong proof, an unknown device or a replayed proof is closed unauthorised', async () => {
    const device = await paired(r, 'Eva', 'waiter');
    const phone = await Phone.open(r.base);
    const welcome = await phone.hello(device);
    expect(welcome.device).toMatchObject({ id: device.deviceId, name: 'Eva', role: 'waiter', connected: true });
    expect(welcome.snapshot.tables.map((t) => t.id).sort()).toEqual(['t1', 't2']);
    expect(welcome.snapshot).toMatchObject({ restaurantName: 'Bistro', managerUntil: null, following: { tableIds: [], areas: [] } });
    expect(JSON.stringify(welcome)).not.toContain(device.secret);

    const wrong = await Phone.open(r.base);
    await wrong.challenge();
    wrong.send({ type: 'hello', deviceId: device.deviceId, proof: proofOf('00'.repeat(32), 'x') });
    expect(await wrong.closedWith()).toBe(STAFF_CLOSE.unauthorised);

    const unknown = await Phone.open(r.base);
    const nonce = await unknown.challenge();
    unknown.send({ type: 'hello', deviceId: 'nobody', proof: proofOf(device.secret, nonce) });
    expect(await unknown.closedWith()).toBe(STAFF_CLOSE.unauthorised);

    // A proof seen on the network answers its own challenge only.
    const first = await Phone.open(r.base);
    const seen = proofOf(device.secret, await first.challenge());
    const replay = await Phone.open(r.base);
    await replay.challenge();
    replay.send({ type: 'hello', deviceId: device.deviceId, proof: seen });
    expect(await replay.closedWith()).toBe(STAFF_CLOSE.unauthorised);
    expect(replay.frames.some((f) => f.type === 'welcome')).toBe(false);

    // A request before the hello is no hello.
    const early = await Phone.open(r.base);
    await early.challenge();
    early.send({ type: 'request', id: 1, cmd: 'openTable', input: { tableId: 't1' } });
    expect(await early.closedWith()).toBe(STAFF_CLOSE.unauthorised);
    expect(early.frames.some((f) => f.type === 'reply')).toBe(false);
    first.close();
    phone.close();
  });

  it('a revoked device never opens a session again', async () => {
    const device = await paired(r, 'Old phone', 'waiter');
    const phone = await Phone.open(r.base);
    await phone.hello(device);
    expect(r.store.revokeStaffDevice(device.deviceId)).toBe(true);
    r.hub.closeSessions(STAFF_CLOSE.revoked, 'revoked', device.deviceId);
    expect(await phone.closedWith(1000)).toBe(STAFF_CLOSE.revoked);
    const again = await Phone.open(r.base);
    const nonce = await again.challenge();
    again.send({ type: 'hello', deviceId: device.deviceId, proof: proofOf(device.secret, nonce) });
    expect(await again.closedWith()).toBe(STAFF_CLOSE.unauthorised);
  });

  it("pushes a committed payment's notice to the phone that follows its table, and the table's new state to every phone", async () => {
    const device = await paired(r, 'Follower', 'waiter');
    const other = await paired(r, 'Other', 'waiter');
    const phone = await Phone.open(r.base);
    await phone.hello(device);
    const bystander = await Phone.open(r.base);
    await bystander.hello(other);
    expect(await phone.request('follow', { tableIds: ['t1'], areas: [] })).toMatchObject({ result: { tableIds: ['t1'], areas: [] } });
    r.store.startPayment(wirePayment('pay-1', [{ id: 'beer', price: '62.50', quantity: '1' }], { tipBrutto: '10', tipNetto: '10' }));
    r.store.processPayment('pay-1');
    r.store.closePayment('pay-1', 'PAID');
    const notice = await phone.event((e) => e.type === 'notice' && e.notice.id === 'paid:pay-1', 'the paid notice');
    expect(notice).toMatchObject({ notice: { kind: 'partly-paid', tableId: 't1', tableName: 'Table t1', amount: '62.50', left: '371.50', problem: false } });
    await phone.event((e) => e.type === 'notice' && e.notice.kind === 'tip' && e.notice.amount === '10.00', 'the tip notice');
    await bystander.event((e) => e.type === 'table' && e.table.id === 't1' && e.table.state === 'partly-paid', "table 1's new state");
    expect(bystander.frames.some((f) => f.type === 'event' && f.event.type === 'notice')).toBe(false);
    // Opened, the bill shows the paid line and the payment; acknowledged, the notice is gone from this phone's snapshot.
    const bill = await phone.request('openTable', { tableId: 't1' });
    expect(bill).toMatchObject({ result: { billId: 'b1', paid: '62.50', due: '371.50', payments: [{ id: 'pay-1', state: 'PAID', amount: '62.50' }] } });
    expect(await phone.request('ack', { noticeId: 'paid:pay-1' })).toMatchObject({ result: null });
    expect(await phone.request('ack', { noticeId: 'nope' })).toMatchObject({ error: { code: 'NOT_FOUND' } });
    const again = await Phone.open(r.base);
    const welcome = await again.hello(device);
    expect(welcome.snapshot.following.tableIds).toEqual(['t1']);
    expect(welcome.snapshot.notices.map((n) => n.id)).not.toContain('paid:pay-1');
    for (const p of [phone, bystander, again]) p.close();
  });

  it("the core refuses a waiter's refund, capture and close, and logs each with the device's name", async () => {
    const device = await paired(r, 'Karel', 'waiter');
    const phone = await Phone.open(r.base);
    await phone.hello(device);
    expect(await phone.request('refund', { paymentId: 'pay-1' })).toMatchObject({ error: { code: 'ROLE_FORBIDDEN' } });
    expect(await phone.request('capture', { paymentId: 'pay-1' })).toMatchObject({ error: { code: 'ROLE_FORBIDDEN' } });
    expect(await phone.request('closeBill', { tableId: 't1' })).toMatchObject({ error: { code: 'ROLE_FORBIDDEN' } });
    expect(await phone.request('managerUnlock', { pin: PIN })).toMatchObject({ error: { code: 'ROLE_FORBIDDEN' } });
    expect(r.captured).toEqual([]);
    expect(r.store.getPayment('pay-1')?.state).toBe('PAID');
    const refused = r.store.eventsAfter(0, 10_000).filter((e) => e.kind === 'staff.action' && e.data.deviceName === 'Karel' && e.data.action === 'refused');
    expect(refused.map((e) => e.data.command)).toEqual(['refund', 'capture', 'closeBill', 'managerUnlock']);
    // Garbage is refused, not run.
    expect(await phone.request('openTable', { tableId: 42 } as never)).toMatchObject({ error: { code: 'BAD_REQUEST' } });
    phone.send({ type: 'request', id: 99, cmd: 'saveSettings', input: {} });
    expect(await phone.next((f) => f.type === 'reply' && f.id === 99, 'reply 99')).toMatchObject({ error: { code: 'BAD_REQUEST' } });
    phone.close();
  });

  it('a manager phone captures and closes only after the manager PIN, and never closes a bill with money due', async () => {
    const device = await paired(r, 'Manager', 'manager');
    const phone = await Phone.open(r.base);
    await phone.hello(device);
    expect(await phone.request('capture', { paymentId: 'pay-1' })).toMatchObject({ error: { code: 'PIN_REQUIRED' } });
    expect(await phone.request('managerUnlock', { pin: '000000' })).toMatchObject({ error: { code: 'PIN_WRONG' } });
    const unlocked = await phone.request('managerUnlock', { pin: PIN });
    expect(unlocked).toMatchObject({ result: { until: expect.any(String) } });
    expect(await phone.request('closeBill', { tableId: 't1' })).toMatchObject({ error: { code: 'MONEY_DUE' } });
    expect(r.store.getBill('b1')?.state).toBe('OPEN');
    expect(await phone.request('capture', { paymentId: 'pay-1' })).toMatchObject({ result: null });
    expect(r.captured).toEqual(['pay-1']);
    const log = r.store.eventsAfter(0, 10_000).filter((e) => e.data.deviceName === 'Manager');
    expect(log.map((e) => e.data.action)).toEqual(expect.arrayContaining(['managerUnlock', 'refused', 'capture']));
    expect(JSON.stringify(log)).not.toContain(PIN);
    // The bill says which payment waits for a capture: an authorised manual one, not the paid one.
    r.store.startPayment(wirePayment('pay-m', [{ id: 'goulash', price: '189', quantity: '1' }], { captureMode: 'manual' }));
    r.store.processPayment('pay-m');
    const bill = await phone.request('openTable', { tableId: 't1' });
    expect(bill).toMatchObject({
      result: {
        payments: [
          { id: 'pay-m', captureNeeded: true },
          { id: 'pay-1', captureNeeded: false },
        ],
      },
    });
    phone.close();
  });

  it("a call rings: the staff.call event, the phones' call notice and the table's call", async () => {
    const device = await paired(r, 'Caller', 'waiter');
    const phone = await Phone.open(r.base);
    await phone.hello(device);
    await phone.request('follow', { tableIds: [], areas: ['Hall'] });
    expect(await phone.request('call', { tableId: 't2', kind: 'manager' })).toMatchObject({ result: null });
    const notice = await phone.event((e) => e.type === 'notice' && e.notice.kind === 'call', 'the call notice');
    expect(notice).toMatchObject({ notice: { tableId: 't2', problem: true } });
    await phone.event((e) => e.type === 'table' && e.table.id === 't2' && e.table.call === 'manager', "table 2's call");
    const call = r.store.eventsAfter(0, 10_000).find((e) => e.kind === 'staff.call');
    expect(call).toMatchObject({ tableId: 't2', data: { deviceName: 'Caller', kind: 'manager' } });
    expect(await phone.request('call', { tableId: 'nope', kind: 'help' })).toMatchObject({ error: { code: 'NOT_FOUND' } });
    phone.close();
  });

  it('a frame over the size limit closes the socket', async () => {
    const device = await paired(r, 'Big', 'waiter');
    const phone = await Phone.open(r.base);
    await phone.hello(device);
    phone.send({ type: 'request', id: 1, cmd: 'follow', input: { tableIds: ['x'.repeat(100_000)], areas: [] } });
    expect(await phone.closedWith()).toBe(1009);
  });
});

describe('brute force against the staff listener', () => {
  let r: Rig;
  beforeAll(async () => {
    r = await rig();
  });
  afterAll(async () => {
    await r.stop();
  });

  it('guessing pairing codes hits the rate limit and never pairs, not even with the right code after it', async () => {
    const { code } = r.hub.pairing.start({ name: 'Target', role: 'manager' });
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) statuses.push((await pairWith(r.base, `guess-${i}`)).status);
    expect(statuses.slice(0, 5)).toEqual([404, 404, 404, 404, 404]);
    expect(statuses.slice(5)).toEqual([429, 429, 429]);
    const right = await pairWith(r.base, code);
    expect(right.status).toBe(429);
    expect(Number(right.headers['retry-after'])).toBeGreaterThan(0);
    expect(right.body).not.toContain('secret');
    expect(r.store.staffDevices()).toHaveLength(0);
  });

  it('failed proofs from an address shut it out of the live socket', async () => {
    for (let i = 0; i < 5; i++) {
      const phone = await Phone.open(r.base);
      await phone.challenge();
      phone.send({ type: 'hello', deviceId: 'guess', proof: '0'.repeat(64) });
      expect(await phone.closedWith()).toBe(STAFF_CLOSE.unauthorised);
    }
    expect(await upgradeStatus(r.base, '/staff/live', { origin: r.base })).toBe(429);
  });
});
