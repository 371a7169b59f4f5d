// The live session against a real WebSocket server on 127.0.0.1 that speaks the till's side of
// preload/staff-frames.ts: the handshake, requests, reconnects and the close codes.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
// eslint-disable-next-line @typescript-eslint/no-restricted-imports -- the test's client socket: jsdom's global one cannot dispatch undici's events
import { WebSocket as WsClient } from 'ws';
import { STAFF_CLOSE, type StaffEvent } from '../../../preload/staff-frames';
import { TillDouble, type TillDevice } from '../../../test/staff/till-double';
import { proofOf } from './proof';
import { StaffCommandError, StaffSession, type SessionEnd, type SessionStatus } from './session';
import { snapshotOf } from './test-snapshot';

function recorder() {
  const statuses: SessionStatus[] = [];
  const events: StaffEvent[] = [];
  const ends: SessionEnd[] = [];
  let welcomes = 0;
  const waiters: { test(): boolean; resolve(): void }[] = [];
  const check = () => {
    for (const w of waiters.splice(0))
      if (w.test()) w.resolve();
      else waiters.push(w);
  };
  return {
    statuses,
    events,
    ends,
    get welcomes() {
      return welcomes;
    },
    handlers: {
      status: (s: SessionStatus) => (statuses.push(s), check()),
      welcome: () => (welcomes++, check()),
      event: (e: StaffEvent) => (events.push(e), check()),
      ended: (r: SessionEnd) => (ends.push(r), check()),
    },
    until(test: () => boolean): Promise<void> {
      if (test()) return Promise.resolve();
      return new Promise((resolve) => waiters.push({ test, resolve }));
    },
  };
}

describe('the proof', () => {
  it('is HMAC-SHA256 as RFC 4231 gives it (test case 1)', () => {
    expect(proofOf('0b'.repeat(20), 'Hi There')).toBe('b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7');
  });
});

describe('the staff live session', () => {
  let till: TillDouble;
  let device: TillDevice;
  let session: StaffSession | null = null;

  beforeEach(async () => {
    till = await TillDouble.start(snapshotOf());
    device = till.addDevice("Petra's phone", 'waiter');
  });
  afterEach(async () => {
    session?.stop();
    session = null;
    await till.stop();
  });

  const startSession = (rec: ReturnType<typeof recorder>, secret = device.secret) => {
    session = new StaffSession(
      {
        url: till.url,
        device: { deviceId: device.deviceId, secret },
        language: () => 'cs',
        backoff: { firstMs: 20, maxMs: 200 },
        answerTimeoutMs: 1000,
        createSocket: (url) => new WsClient(url) as unknown as WebSocket,
      },
      rec.handlers,
    );
    session.start();
    return session;
  };

  it('answers the challenge with the proof, is welcomed, gets events and replies', async () => {
    const rec = recorder();
    const s = startSession(rec);
    await rec.until(() => rec.welcomes === 1);
    expect(rec.statuses).toEqual(['connecting', 'connected']);
    expect(till.hellos).toEqual([expect.objectContaining({ deviceId: device.deviceId, language: 'cs' })]);
    // The secret itself never crosses the wire.
    expect(JSON.stringify(till.hellos)).not.toContain(device.secret);
    till.push({ type: 'notice-gone', noticeId: 'n1' });
    await rec.until(() => rec.events.length === 1);
    till.handler = (req) =>
      req.cmd === 'refund' ? { error: { code: 'ROLE_FORBIDDEN', message: 'a refund needs the till' } } : { result: { tableIds: ['t1'], areas: [] } };
    await expect(s.request('follow', { tableIds: ['t1'], areas: [] })).resolves.toEqual({ tableIds: ['t1'], areas: [] });
    await expect(s.request('refund', { paymentId: 'p1' })).rejects.toMatchObject({ code: 'ROLE_FORBIDDEN' });
    expect(till.requests.map((r) => r.cmd)).toEqual(['follow', 'refund']);
  });

  it('is refused with a wrong secret and, refused twice, ends as unauthorised', async () => {
    const rec = recorder();
    startSession(rec, 'ab'.repeat(32));
    await rec.until(() => rec.ends.length === 1);
    expect(rec.ends).toEqual(['unauthorised']);
    expect(rec.welcomes).toBe(0);
    expect(till.connections).toBe(2);
  });

  it('reconnects by itself after the network drops, and a request meanwhile fails as offline', async () => {
    const rec = recorder();
    const s = startSession(rec);
    await rec.until(() => rec.welcomes === 1);
    const again = till.nextWelcome();
    till.dropAll();
    await rec.until(() => rec.statuses.includes('offline'));
    await expect(s.request('ack', { noticeId: 'n1' })).rejects.toBeInstanceOf(StaffCommandError);
    await again;
    await rec.until(() => rec.welcomes === 2);
    expect(rec.statuses.at(-1)).toBe('connected');
    expect(s.connected).toBe(true);
  });

  it('stops and ends as revoked on the revoked close code, without trying again', async () => {
    const rec = recorder();
    startSession(rec);
    await rec.until(() => rec.welcomes === 1);
    till.revoke(device.deviceId);
    await rec.until(() => rec.ends.length === 1);
    expect(rec.ends).toEqual(['revoked']);
    expect(till.connections).toBe(1);
  });

  it('says disabled when staff phones are turned off, and comes back when they are on again', async () => {
    const rec = recorder();
    startSession(rec);
    await rec.until(() => rec.welcomes === 1);
    till.challenging = false;
    till.closeAll(STAFF_CLOSE.disabled);
    await rec.until(() => rec.statuses.at(-1) === 'disabled');
    // Retries keep the word "disabled" on screen, not "offline".
    await rec.until(() => till.connections >= 2);
    expect(rec.statuses.slice(rec.statuses.indexOf('disabled'))).not.toContain('offline');
    till.challenging = true;
    await rec.until(() => rec.welcomes === 2);
    expect(rec.ends).toEqual([]);
  });

  it('a wake while connected keeps the socket; a fresh wake starts a new one', async () => {
    const rec = recorder();
    const s = startSession(rec);
    await rec.until(() => rec.welcomes === 1);
    s.wake(false);
    expect(till.connections).toBe(1);
    s.wake(true);
    await rec.until(() => rec.welcomes === 2);
    expect(till.connections).toBe(2);
  });
});
