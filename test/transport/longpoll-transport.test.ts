import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { createLongPollTransport, type LongPollTransportOptions } from '../../main/transport/longpoll-transport.js';
import { SENTENCES } from '../../main/transport/link-state.js';
import { createWsTransport } from '../../main/transport/ws-transport.js';
import type { LinkState, Transport } from '../../main/transport/types.js';
import { FAST, FIXED_KEY, Fixture, freePort } from './helpers/fixture.js';
import { ConnectedCounter, waitForState, waitUntil } from './helpers/wait.js';

let fx: Fixture;
afterEach(async () => {
  await fx.close();
});

/**
 * "Connected" may come from the accept window before the sandbox has even read the poll (a loaded
 * machine); guest actions need the sandbox to see the POS, so tests wait for that too.
 */
async function sandboxSeesPoll(): Promise<void> {
  await waitUntil(() => fx.connections().some((c) => c.kind === 'longpoll' && c.live), 'the sandbox to hold a poll');
}

/** Short holds and a short accept window keep the loop busy and the tests quick. */
const HOLD = { pollHoldMs: 400 };

async function connected(options: Partial<LongPollTransportOptions> = {}): Promise<{ t: Transport; counter: ConnectedCounter; states: LinkState[] }> {
  const t = fx.track(createLongPollTransport({ ...fx.credentials, log: fx.log, ...FAST, acceptAfterMs: 100, ...options }));
  const counter = new ConnectedCounter(t);
  const states: LinkState[] = [];
  t.onState((s) => states.push(s));
  await t.start();
  await counter.waitFor(1);
  await sandboxSeesPoll();
  return { t, counter, states };
}

describe('long-poll transport against the sandbox', () => {
  it('connects, answers a scan and whole and partial guest payments', async () => {
    fx = await new Fixture().start(HOLD);
    const { t } = await connected();
    expect(t.state()).toMatchObject({ status: 'connected', transport: 'longpoll', sentence: 'Connected to the payment service over long-polling.' });

    const bills = (await fx.sandbox.guestScan({ idTable: 'T1' })) as { id: string }[];
    expect(bills.map((b) => b.id)).toEqual(['B1']);
    const part = await fx.sandbox.guestPay({ idTable: 'T1', items: [{ id: 'I1', quantity: '1' }] });
    expect(part.outcome).toBe('paid');
    expect(fx.dispatcher.unpaid('B1', 'I1')).toBe('1');
    const declined = await fx.sandbox.guestPay({ idTable: 'T1', outcome: 'declined' });
    expect(declined.outcome).toBe('declined');
    const rest = await fx.sandbox.guestPay({ idTable: 'T1', tip: '20' });
    expect(rest.outcome).toBe('paid');
    expect(fx.dispatcher.unpaid('B1', 'I1')).toBe('0');
    expect(fx.dispatcher.unpaid('B1', 'I2')).toBe('0');
    expect(fx.dispatcher.calls.filter((c) => c.method !== 'noop').every((c) => c.transport === 'longpoll' && typeof c.callId === 'string')).toBe(true);
  });

  it('polls again after each keep-alive noop', async () => {
    fx = await new Fixture().start({ pollHoldMs: 100 });
    const { t } = await connected();
    await waitUntil(() => fx.counters().polls! >= 4, 'four polls');
    expect(fx.dispatcher.calls.some((c) => c.method === 'noop' && c.callId === null)).toBe(true);
    expect(t.state().status).toBe('connected');
    expect(fx.counters().responsesReceived).toBe(0);
  });

  it('recovers from a dropped poll with backoff', async () => {
    fx = await new Fixture().start({ pollHoldMs: 5_000 });
    const { counter, states } = await connected();
    fx.sandbox.injectFault({ kind: 'drop' });
    await counter.waitFor(2);
    expect(states.some((s) => s.status === 'reconnecting' && s.attempt === 1)).toBe(true);
    await sandboxSeesPoll();
    expect((await fx.sandbox.guestPay({ idTable: 'T1' })).outcome).toBe('paid');
  });

  it('keeps polling when the service ends a poll as going away', async () => {
    fx = await new Fixture().start({ pollHoldMs: 5_000 });
    const { t, counter } = await connected();
    const polls = fx.counters().polls!;
    fx.sandbox.injectFault({ kind: 'close-1001' });
    await waitUntil(() => fx.counters().polls! > polls, 'the next poll');
    expect(counter.count).toBe(1);
    expect(t.state().status).toBe('connected');
    expect((await fx.sandbox.guestScan({ idTable: 'T1' })) as unknown[]).toHaveLength(1);
  });

  it('waits restartDelayMs after a 503 from a held poll (close-4503) and from a new poll (http-503)', async () => {
    fx = await new Fixture().start({ pollHoldMs: 5_000 });
    const { t, counter, states } = await connected({ restartDelayMs: 300 });
    fx.sandbox.injectFault({ kind: 'close-4503' });
    await counter.waitFor(2);
    const wait = states.find((s) => s.status === 'reconnecting')!;
    expect(wait.sentence).toMatch(/^The payment service is restarting/);
    expect(wait.nextTryAt! - wait.since).toBe(300);

    fx.sandbox.injectFault({ kind: 'http-503' });
    t.reconnectNow();
    await counter.waitFor(3);
    expect(states.filter((s) => s.status === 'reconnecting' && s.nextTryAt! - s.since === 300)).toHaveLength(2);
  });

  it('keeps a call answer across a 503 and delivers it with the next poll', async () => {
    fx = await new Fixture().start({ pollHoldMs: 5_000 });
    const { counter, states } = await connected({ restartDelayMs: 200 });
    // The next poll is the one that carries the answer to the scan: the service refuses it with 503.
    fx.sandbox.injectFault({ kind: 'http-503' });
    const bills = (await fx.sandbox.guestScan({ idTable: 'T1' })) as { id: string }[];
    expect(bills.map((b) => b.id)).toEqual(['B1']);
    const faults = (fx.sandbox.state() as { faults: { kind: string; applied: unknown[] }[] }).faults;
    expect(faults.find((f) => f.kind === 'http-503')!.applied).toHaveLength(1);
    expect(states.some((s) => s.status === 'reconnecting' && s.nextTryAt! - s.since === 200)).toBe(true);
    expect(fx.dispatcher.calls.filter((c) => c.method === 'getTableContents')).toHaveLength(1);
    await counter.waitFor(2);
  });

  it('logs a malformed answer and keeps polling', async () => {
    fx = await new Fixture().start({ pollHoldMs: 5_000 });
    await connected();
    fx.sandbox.injectFault({ kind: 'malformed-frame' });
    await waitUntil(() => fx.sink.has('bad frame from the service'), 'the bad-frame log line');
    expect((await fx.sandbox.guestPay({ idTable: 'T1' })).outcome).toBe('paid');
  });

  it('ignores unknown fields in a call', async () => {
    fx = await new Fixture().start(HOLD);
    await connected();
    fx.sandbox.injectFault({ kind: 'unknown-fields' });
    expect((await fx.sandbox.guestPay({ idTable: 'T1' })).outcome).toBe('paid');
    expect(fx.dispatcher.calls.find((c) => c.method === 'getTableContents')!.args).toEqual(['T1', null]);
  });

  it('notices a poll that gets no answer (client time-out) and polls again', async () => {
    fx = await new Fixture().start({ pollHoldMs: 10_000 });
    const { counter } = await connected({ pollTimeoutMs: 400 });
    await counter.waitFor(2);
    expect(fx.sink.lines.some((l) => l.msg === 'link lost; backing off' && l.detail === 'the poll got no answer in time')).toBe(true);
  });

  it('stops as rejected on 401', async () => {
    fx = await new Fixture().start(HOLD);
    const t = fx.track(createLongPollTransport({ ...fx.credentials, apiKey: 'aaaa-bbbb-cccc-dddd-eeee', log: fx.log, ...FAST }));
    await t.start();
    const state = await waitForState(t, 'rejected');
    expect(state.sentence).toBe(SENTENCES.rejected);
    expect(fx.sink.text()).not.toContain('aaaa-bbbb-cccc-dddd-eeee');
  });

  it('stops as conflict on 409, also when a WebSocket holds the slot; reconnectNow retries', async () => {
    fx = await new Fixture().start(HOLD);
    const ws = fx.track(createWsTransport({ ...fx.credentials, posId: randomUUID(), log: fx.log, ...FAST }));
    await ws.start();
    await waitForState(ws, 'connected');
    const t = fx.track(createLongPollTransport({ ...fx.credentials, log: fx.log, ...FAST }));
    await t.start();
    expect((await waitForState(t, 'conflict')).sentence).toBe(SENTENCES.conflict);

    await ws.stop();
    await waitUntil(() => fx.connections().length === 0, 'the slot to be free');
    t.reconnectNow();
    await waitForState(t, 'connected');
    await sandboxSeesPoll();
    expect((await fx.sandbox.guestScan({ idTable: 'T1' })) as unknown[]).toHaveLength(1);
  });

  it('reconnectNow abandons the held poll and polls again at once', async () => {
    fx = await new Fixture().start({ pollHoldMs: 10_000 });
    const { t, counter } = await connected();
    t.reconnectNow();
    await counter.waitFor(2);
    await sandboxSeesPoll();
    expect((await fx.sandbox.guestScan({ idTable: 'T1' })) as unknown[]).toHaveLength(1);
  });

  it('stop() aborts the held poll and leaves no timers or sockets behind', async () => {
    fx = await new Fixture().start({ pollHoldMs: 20_000 });
    const count = (kind: string) => process.getActiveResourcesInfo().filter((r) => r === kind).length;
    const baseline = { timers: count('Timeout'), sockets: count('TCPSocketWrap') };
    const { t } = await connected();
    const started = performance.now();
    await t.stop();
    expect(performance.now() - started).toBeLessThan(10_000);
    expect(t.state().status).toBe('stopped');
    await waitUntil(() => fx.connections().every((c) => !c.live), 'the sandbox to see the poll end');
    await waitUntil(() => count('TCPSocketWrap') <= baseline.sockets && count('Timeout') <= baseline.timers, 'sockets and timers to go');
  });

  it('shows offline while the service cannot be reached, and connects once it is up', async () => {
    fx = new Fixture();
    const port = await freePort();
    const t = fx.track(
      createLongPollTransport({ ...FAST, acceptAfterMs: 100, serviceUrl: `http://127.0.0.1:${port}`, apiKey: FIXED_KEY, posId: fx.posId, dispatcher: fx.dispatcher, log: fx.log }),
    );
    await t.start();
    const offline = await waitForState(t, (s) => s.status === 'offline' && s.attempt >= 2);
    expect(offline.sentence).toMatch(/^Cannot reach the payment service/);
    await fx.start({ port, apiKey: FIXED_KEY, ...HOLD });
    await waitForState(t, 'connected');
    await sandboxSeesPoll();
    expect((await fx.sandbox.guestPay({ idTable: 'T1' })).outcome).toBe('paid');
  });
});
