import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../main/base/clock.js';
import type { CompanionEvent } from '../../preload/contract.js';
import type { Sandbox } from '../../sandbox/index.js';
import { BEER, cleanup, liveCompanion, sandboxFor, startCompanion, type Kind, type Running } from './helpers/harness.js';

type Fault = 'drop' | 'close-1001' | 'close-4503' | 'http-503' | 'malformed-frame' | 'unknown-fields' | 'delay' | 'no-pong';
const FAULTS: Record<Kind, Fault[]> = {
  ws: ['drop', 'close-1001', 'close-4503', 'http-503', 'malformed-frame', 'unknown-fields', 'delay', 'no-pong'],
  longpoll: ['drop', 'http-503', 'malformed-frame', 'unknown-fields', 'delay'],
};

/** Connection faults end the link: wait for it to leave "connected" and come back. */
const BREAKS_LINK: Fault[] = ['drop', 'close-1001', 'close-4503', 'no-pong'];

type ConnectionEvent = Extract<CompanionEvent, { type: 'connection' }>;
const lastConnection = (pos: Running): ConnectionEvent['connection'] =>
  pos.events.filter((e): e is ConnectionEvent => e.type === 'connection').at(-1)!.connection;

/**
 * Moves the companion's clock through every wait of the link until it is connected again, checking
 * each wait: one millisecond before nextTryAt nothing has happened, at nextTryAt the next attempt starts.
 */
async function rideOutWaits(pos: Running, clock: ManualClock): Promise<number[]> {
  const waits: number[] = [];
  for (let step = 0; step < 8; step++) {
    const state = lastConnection(pos);
    if (state.status === 'connected') return waits;
    if (state.status === 'connecting') {
      await waitUntil(() => lastConnection(pos) !== state);
      continue;
    }
    expect(['reconnecting', 'offline']).toContain(state.status);
    const wait = state.nextTryAt! - clock.now();
    waits.push(wait);
    await clock.advanceAsync(wait - 1);
    expect(lastConnection(pos)).toMatchObject({ status: state.status, since: state.since, attempt: state.attempt });
    await clock.advanceAsync(1);
    expect(lastConnection(pos).status).toBe('connecting');
  }
  throw new Error(`the link did not come back: ${JSON.stringify(lastConnection(pos))}`);
}

/** How long each wait of the way back lasts (random pinned: backoff 1 s, then 2 s; restart 120 s). */
const EXPECTED_WAITS: Record<Kind, Partial<Record<Fault, number[]>>> = {
  ws: { drop: [1000], 'close-1001': [], 'close-4503': [120_000], 'http-503': [120_000], 'no-pong': [1000] },
  longpoll: { drop: [1000], 'http-503': [1000, 120_000] },
};

describe.each<Kind>(['ws', 'longpoll'])('faults over %s: the link recovers on time and every payment is applied once', (kind) => {
  const clock = new ManualClock(Date.now());
  const live = liveCompanion(kind, { clock });
  let n = 0;

  it.each(FAULTS[kind])('%s', async (fault) => {
    n += 1;
    const table = `f${n}`;
    await live.pos.pos.seed(table, `bill-${table}`, [BEER]);
    const before = live.pos.events.length;
    if (fault === 'http-503') {
      // A 503 hits the next poll or handshake: force a new one.
      live.sandbox.injectFault({ kind: 'http-503' });
      live.sandbox.injectFault({ kind: kind === 'ws' ? 'close-1001' : 'drop' });
    } else {
      live.sandbox.injectFault({ kind: fault, ...(fault === 'delay' ? { ms: 300 } : {}) });
    }
    if (fault === 'no-pong') {
      // The next ping (400 ms) goes unanswered: dead 400 ms later, not a millisecond before.
      await clock.advanceAsync(400 + 399);
      expect(lastConnection(live.pos).status).toBe('connected');
      await clock.advanceAsync(1);
    }
    if (BREAKS_LINK.includes(fault) || fault === 'http-503') {
      await waitUntil(() => live.pos.events.slice(before).some((e) => e.type === 'connection' && e.connection.status !== 'connected'));
      expect(await rideOutWaits(live.pos, clock)).toEqual(EXPECTED_WAITS[kind][fault]);
    }
    await live.pos.waitForStatus('connected', 20_000);

    const paid = await live.sandbox.guestPay({ idTable: table, items: [{ id: 'beer', quantity: '1' }] });
    expect(paid.outcome).toBe('paid');
    const again = await live.sandbox.guestPay({ idTable: table, items: [{ id: 'beer', quantity: '1' }] });
    expect(again.outcome).toBe('paid');
    const bill = await live.pos.pos.bill(`bill-${table}`);
    expect(bill.body.items[0]).toMatchObject({ paidQuantity: '2', lockedQuantity: '0' });
    expect(bill.body.totals).toMatchObject({ paid: '124.00', due: '124.00' });
  });
});

describe.each<Kind>(['ws', 'longpoll'])('refusals over %s', (kind) => {
  let sandbox: Sandbox;
  const running: Running[] = [];
  beforeAll(async () => {
    sandbox = await sandboxFor();
  });
  afterEach(async () => {
    for (const r of running.splice(0)) {
      await r.stop();
      cleanup(r.dataDir);
    }
  });
  afterAll(async () => {
    await sandbox.close();
  });

  it('a rejected API key stops the session in "rejected" and says what to do', async () => {
    const pos = await startCompanion(sandbox, kind, { apiKey: 'zzzz-zzzz-zzzz-zzzz-zzzz' });
    running.push(pos);
    await pos.waitForStatus('rejected');
    const snap = await pos.companion.api.getSnapshot();
    expect(snap.connection.sentence).toMatch(/Settings/);
    expect(JSON.stringify(snap)).not.toContain('zzzz-zzzz-zzzz-zzzz-zzzz');
  });

  it('a second connection for the restaurant is refused as a conflict, and the first keeps working', async () => {
    const first = await startCompanion(sandbox, kind, { posId: randomUUID() });
    running.push(first);
    await first.waitForStatus('connected');
    const second = await startCompanion(sandbox, kind, { posId: randomUUID() });
    running.push(second);
    await second.waitForStatus('conflict');
    expect((await second.companion.api.getSnapshot()).connection.sentence).toMatch(/Another connection/);
    await first.pos.seed('c1', 'bill-c1', [BEER]);
    expect((await sandbox.guestPay({ idTable: 'c1' })).outcome).toBe('paid');
  });
});

async function waitUntil(condition: () => boolean, deadlineMs = 15_000): Promise<void> {
  const end = Date.now() + deadlineMs;
  while (!condition()) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setImmediate(r));
  }
}
