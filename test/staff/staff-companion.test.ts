import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompanionEvent } from '../../preload/contract.js';
import { STAFF_CLOSE, type StaffPairAnswer } from '../../preload/staff-frames.js';
import { createCompanion } from '../../main/app/companion.js';
import type { Companion } from '../../main/base/host-types.js';
import { silentLogger } from '../../main/base/log.js';
import { FAST, PosApi, sandboxFor, BEER } from '../integration/helpers/harness.js';
import type { Sandbox } from '../../sandbox/index.js';
import { http, pairWith, Phone } from './phone-client.js';

/** The LAN stands on a second loopback address: nothing here leaves this machine. */
const LAN = '127.0.0.2';
const PIN = '731946';

/** A port free on the LAN address now: the staff port is fixed, as a phone's home-screen icon needs. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, LAN, () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

/** Whether anything accepts a TCP connection at host:port. */
function listening(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, host, () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

describe('waiters’ phones through the real companion', () => {
  let sandbox: Sandbox;
  let companion: Companion;
  let dataDir: string;
  let port: number;
  let pos: PosApi;
  const events: CompanionEvent[] = [];

  beforeAll(async () => {
    sandbox = await sandboxFor();
    dataDir = mkdtempSync(join(tmpdir(), 'tableside-staff-'));
    const staticDir = join(dataDir, 'renderer');
    mkdirSync(staticDir);
    writeFileSync(join(staticDir, 'staff.html'), '<!doctype html><title>Staff</title>');
    port = await freePort();
    companion = await createCompanion({
      dataDir,
      apiKey: sandbox.restaurant.apiKey,
      settings: { environment: 'sandbox', serviceUrl: sandbox.url, transport: 'ws', posApiPort: 0, posId: randomUUID(), staffLanAddress: LAN, staffPort: port },
      log: silentLogger(),
      tuning: FAST,
      staffStaticDir: staticDir,
    });
    companion.api.onEvent((e) => events.push(e));
    await companion.start();
    pos = new PosApi(companion.posApiUrl, companion.posApiToken);
    await pos.seed('s1', 'bs1', [BEER]);
  });
  afterAll(async () => {
    await companion.stop();
    await sandbox.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('is off by default: nothing listens on the LAN address and no pairing starts', async () => {
    expect((await companion.api.getSnapshot()).staff).toEqual({ enabled: false, address: null, problem: null, devices: [] });
    expect(await listening(LAN, port)).toBe(false);
    expect(await companion.api.pairStaffPhone({ name: 'Petra', role: 'waiter' })).toMatchObject({ ok: false, error: { code: 'STAFF_OFF' } });
  });

  let waiter: StaffPairAnswer;
  let phone: Phone;

  it('turned on, it listens on the LAN address and fixed port for the staff routes only; the POS API stays on loopback', async () => {
    const on = await companion.api.setStaffPhones({ on: true });
    expect(on).toMatchObject({ ok: true, value: { enabled: true, address: `http://${LAN}:${port}`, problem: null } });
    expect(events.some((e) => e.type === 'staff' && e.staff.enabled)).toBe(true);
    expect((await http(`http://${LAN}:${port}`, '/')).status).toBe(200);
    expect((await http(`http://${LAN}:${port}`, '/v1/health')).status).toBe(404);
    const posPort = Number(new URL(companion.posApiUrl).port);
    expect(await listening(LAN, posPort)).toBe(false);
    expect(await listening('127.0.0.1', posPort)).toBe(true);
  });

  it('pairs a phone by the QR code’s URL; the till lists it, connected once its session is open', async () => {
    const pairing = await companion.api.pairStaffPhone({ name: 'Petra', role: 'waiter' });
    if (!pairing.ok) throw new Error(pairing.error.code);
    const url = new URL(pairing.value.url);
    expect(`${url.protocol}//${url.host}`).toBe(`http://${LAN}:${port}`);
    const code = url.hash.replace('#pair=', '');
    expect(code).toBe(pairing.value.code);
    const answer = await pairWith(`http://${LAN}:${port}`, code);
    expect(answer.status).toBe(200);
    waiter = JSON.parse(answer.body) as StaffPairAnswer;
    phone = await Phone.open(`http://${LAN}:${port}`);
    const welcome = await phone.hello(waiter);
    expect(welcome.snapshot.tables.find((t) => t.id === 's1')).toMatchObject({ name: 'Table s1', state: 'open', due: '248.00' });
    const listed = await companion.api.listStaffPhones();
    expect(listed).toMatchObject({ ok: true, value: { devices: [{ id: waiter.deviceId, name: 'Petra', role: 'waiter', connected: true }] } });
    expect(JSON.stringify(await companion.api.getSnapshot())).not.toContain(waiter.secret);
  });

  it("a guest's payment reaches the phone that follows the table", async () => {
    await phone.request('follow', { tableIds: ['s1'], areas: [] });
    const paid = await sandbox.guestPay({ idTable: 's1', items: [{ id: 'beer', quantity: '1' }] });
    const notice = await phone.event((e) => e.type === 'notice' && e.notice.id === `paid:${paid.payment.id}`, 'the payment notice');
    expect(notice).toMatchObject({ notice: { kind: 'partly-paid', tableId: 's1', amount: '62.00', left: '186.00', currency: 'CZK' } });
  });

  it("a waiter's refund is refused by the core and the payment stays paid", async () => {
    const paymentId = (await companion.api.getSnapshot()).payments[0]!.id;
    expect(await phone.request('refund', { paymentId })).toMatchObject({ error: { code: 'ROLE_FORBIDDEN' } });
    expect((await companion.api.getSnapshot()).payments.find((p) => p.id === paymentId)?.state).toBe('PAID');
  });

  it("a phone's call rings at the till as a notice", async () => {
    expect(await phone.request('call', { tableId: 's1', kind: 'help' })).toMatchObject({ result: null });
    const rang = await new Promise<CompanionEvent>((resolve) => {
      const found = events.find((e) => e.type === 'notice' && e.notice.kind === 'staff-call');
      if (found) return resolve(found);
      const off = companion.api.onEvent((e) => {
        if (e.type === 'notice' && e.notice.kind === 'staff-call') {
          off();
          resolve(e);
        }
      });
    });
    expect(rang).toMatchObject({ notice: { kind: 'staff-call', tableId: 's1', tableName: 'Table s1', message: 'help' } });
  });

  it('once a manager PIN is set, the switch and revoke need its unlock; a revoked phone is closed within a second', async () => {
    const set = await companion.api.setManagerPin({ pin: PIN });
    if (!set.ok) throw new Error(set.error.code);
    expect(await companion.api.setStaffPhones({ on: false })).toMatchObject({ ok: false, error: { code: 'PIN_REQUIRED' } });
    expect(await companion.api.revokeStaffPhone({ deviceId: waiter.deviceId })).toMatchObject({ ok: false, error: { code: 'PIN_REQUIRED' } });
    expect(await companion.api.pairStaffPhone({ name: 'X', role: 'manager' })).toMatchObject({ ok: false, error: { code: 'PIN_REQUIRED' } });
    const revoked = await companion.api.revokeStaffPhone({ deviceId: waiter.deviceId, unlock: set.value.unlock });
    expect(revoked).toMatchObject({ ok: true, value: { devices: [] } });
    expect(await phone.closedWith(1000)).toBe(STAFF_CLOSE.revoked);
  });

  it('turned off, every open phone is closed and nothing listens on the LAN address', async () => {
    const unlock = await companion.api.unlockSettings({ pin: PIN });
    if (!unlock.ok) throw new Error(unlock.error.code);
    const pairing = await companion.api.pairStaffPhone({ name: 'Jan', role: 'waiter', unlock: unlock.value.unlock });
    if (!pairing.ok) throw new Error(pairing.error.code);
    const device = JSON.parse((await pairWith(`http://${LAN}:${port}`, pairing.value.code)).body) as StaffPairAnswer;
    const jan = await Phone.open(`http://${LAN}:${port}`);
    await jan.hello(device);
    expect(await companion.api.setStaffPhones({ on: false, unlock: unlock.value.unlock })).toMatchObject({
      ok: true,
      value: { enabled: false, address: null },
    });
    expect(await jan.closedWith(1000)).toBe(STAFF_CLOSE.disabled);
    expect(await listening(LAN, port)).toBe(false);
  });
});
