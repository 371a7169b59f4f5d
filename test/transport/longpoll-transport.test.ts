import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { createLongPollTransport, type LongPollTransportOptions } from '../../main/adapters/connection/transport/longpoll-transport.js';
import { SENTENCES } from '../../main/adapters/connection/transport/connection-state.js';
import { createWsTransport } from '../../main/adapters/connection/transport/ws-transport.js';
import type { ConnectionState, Transport } from '../../main/adapters/connection/transport/types.js';
import { FIXED_KEY, Fixture, freePort } from './helpers/fixture.js';
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

/** Starts a transport and connects it: a poll answered 200, or one held for the accept window (1 s on the clock). */
async function connected(options: Partial<LongPollTransportOptions> = {}): Promise<{ t: Transport; counter: ConnectedCounter; states: ConnectionState[] }> {
  const t = fx.track(createLongPollTransport({ ...fx.credentials, ...fx.timing, ...options }));
  const counter = new ConnectedCounter(t);
  const states: ConnectionState[] = [];
  t.onState((s) => states.push(s));
  await t.start();
  await sandboxSeesPoll();
  await fx.clock.advanceAsync(1_000);
  await counter.waitFor(1);
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

  it('recovers from a dropped poll after the backoff (not at 999 ms, at 1000 ms)', async () => {
    fx = await new Fixture().start({ pollHoldMs: 5_000 });
    const { t, counter } = await connected();
    fx.sandbox.injectFault({ kind: 'drop' });
    const wait = await waitForState(t, 'reconnecting');
    expect(wait).toMatchObject({ attempt: 1, nextTryAt: fx.clock.now() + 1000 });
    await fx.clock.advanceAsync(999);
    expect(t.state().status).toBe('reconnecting');
    await fx.clock.advanceAsync(1);
    expect(t.state().status).toBe('connecting');
    await sandboxSeesPoll();
    await fx.clock.advanceAsync(1_000);
    await counter.waitFor(2);
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

  it('waits Retry-After (120 s) after a 503 from a held poll (close-4503): no poll at 119.999 s, one at 120 s', async () => {
    fx = await new Fixture().start({ pollHoldMs: 5_000 });
    const { t, counter } = await connected();
    fx.sandbox.injectFault({ kind: 'close-4503' });
    const wait = await waitForState(t, 'reconnecting');
    expect(wait.sentence).toBe('The payment service is restarting; reconnecting in 2 minutes.');
    expect(wait.nextTryAt! - wait.since).toBe(120_000);
    const polls = fx.counters().polls!;
    await fx.clock.advanceAsync(119_999);
    expect(t.state().status).toBe('reconnecting');
    expect(fx.counters().polls).toBe(polls);
    await fx.clock.advanceAsync(1);
    await waitUntil(() => fx.counters().polls! > polls, 'the next poll');
    await fx.clock.advanceAsync(1_000);
    await counter.waitFor(2);
  });

  it('waits restartDelayMs after a new poll answered 503 (an injected delay wins over Retry-After)', async () => {
    fx = await new Fixture().start({ pollHoldMs: 5_000 });
    const { t, counter } = await connected({ restartDelayMs: 30_000 });
    fx.sandbox.injectFault({ kind: 'http-503' });
    t.reconnectNow();
    const wait = await waitForState(t, 'reconnecting');
    expect(wait.nextTryAt! - wait.since).toBe(30_000);
    await fx.clock.advanceAsync(29_999);
    expect(t.state().status).toBe('reconnecting');
    await fx.clock.advanceAsync(1);
    await sandboxSeesPoll();
    await fx.clock.advanceAsync(1_000);
    await counter.waitFor(2);
  });

  it('keeps a call answer across a 503 and delivers it with the first poll after the wait', async () => {
    fx = await new Fixture().start({ pollHoldMs: 5_000 });
    const { t } = await connected();
    // The next poll is the one that carries the answer to the scan: the service refuses it with 503.
    fx.sandbox.injectFault({ kind: 'http-503' });
    const scan = fx.sandbox.guestScan({ idTable: 'T1' });
    const wait = await waitForState(t, 'reconnecting');
    expect(wait.nextTryAt! - wait.since).toBe(120_000);
    const faults = (fx.sandbox.state() as { faults: { kind: string; applied: unknown[] }[] }).faults;
    expect(faults.find((f) => f.kind === 'http-503')!.applied).toHaveLength(1);
    expect(fx.counters().responsesReceived).toBe(0);
    await fx.clock.advanceAsync(120_000);
    const bills = (await scan) as { id: string }[];
    expect(bills.map((b) => b.id)).toEqual(['B1']);
    expect(fx.dispatcher.calls.filter((c) => c.method === 'getTableContents')).toHaveLength(1);
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

  it('gives up a poll the service holds past its hold plus the margin (pollTimeoutMs), and polls again', async () => {
    fx = await new Fixture().start({ pollHoldMs: 60_000 });
    const { t, counter } = await connected({ pollTimeoutMs: 8_000 });
    // The poll went out at the start; the accept window already moved the clock 1 s.
    await fx.clock.advanceAsync(6_999);
    expect(t.state().status).toBe('connected');
    await fx.clock.advanceAsync(1);
    await waitForState(t, 'reconnecting');
    expect(fx.sink.lines.some((l) => l.msg === 'link lost; backing off' && l.detail === 'the poll got no answer in time')).toBe(true);
    await fx.clock.advanceAsync(1_000);
    await sandboxSeesPoll();
    await fx.clock.advanceAsync(1_000);
    await counter.waitFor(2);
  });

  it('stops as rejected on 401', async () => {
    fx = await new Fixture().start(HOLD);
    const t = fx.track(createLongPollTransport({ ...fx.credentials, ...fx.timing, apiKey: 'aaaa-bbbb-cccc-dddd-eeee' }));
    await t.start();
    const state = await waitForState(t, 'rejected');
    expect(state.sentence).toBe(SENTENCES.rejected);
    expect(fx.clock.pending()).toBe(0);
    expect(fx.sink.text()).not.toContain('aaaa-bbbb-cccc-dddd-eeee');
  });

  it('stops as conflict on 409, also when a WebSocket holds the slot; reconnectNow retries', async () => {
    fx = await new Fixture().start(HOLD);
    const ws = fx.track(createWsTransport({ ...fx.credentials, ...fx.timing, posId: randomUUID() }));
    await ws.start();
    await waitForState(ws, 'connected');
    const t = fx.track(createLongPollTransport({ ...fx.credentials, ...fx.timing }));
    await t.start();
    expect((await waitForState(t, 'conflict')).sentence).toBe(SENTENCES.conflict);

    await ws.stop();
    await waitUntil(() => fx.connections().length === 0, 'the slot to be free');
    t.reconnectNow();
    await sandboxSeesPoll();
    await fx.clock.advanceAsync(1_000);
    await waitForState(t, 'connected');
    expect((await fx.sandbox.guestScan({ idTable: 'T1' })) as unknown[]).toHaveLength(1);
  });

  it('reconnectNow abandons the held poll and polls again at once', async () => {
    fx = await new Fixture().start({ pollHoldMs: 10_000 });
    const { t, counter } = await connected();
    t.reconnectNow();
    await sandboxSeesPoll();
    await fx.clock.advanceAsync(1_000);
    await counter.waitFor(2);
    expect((await fx.sandbox.guestScan({ idTable: 'T1' })) as unknown[]).toHaveLength(1);
  });

  it('stop() aborts the held poll and leaves no timers or sockets behind', async () => {
    fx = await new Fixture().start({ pollHoldMs: 20_000 });
    const count = (kind: string) => process.getActiveResourcesInfo().filter((r) => r === kind).length;
    const baseline = count('TCPSocketWrap');
    const { t } = await connected();
    expect(fx.clock.pending()).toBeGreaterThan(0);
    const started = performance.now();
    await t.stop();
    expect(performance.now() - started).toBeLessThan(10_000);
    expect(t.state().status).toBe('stopped');
    expect(fx.clock.pending()).toBe(0);
    await waitUntil(() => fx.connections().every((c) => !c.live), 'the sandbox to see the poll end');
    await waitUntil(() => count('TCPSocketWrap') <= baseline, 'the sockets to go');
  });

  it('shows offline while the service cannot be reached, backing off 1 s then 2 s, and connects once it is up', async () => {
    fx = new Fixture();
    const port = await freePort();
    const t = fx.track(
      createLongPollTransport({ ...fx.timing, serviceUrl: `http://127.0.0.1:${port}`, apiKey: FIXED_KEY, posId: fx.posId, dispatcher: fx.dispatcher }),
    );
    await t.start();
    const first = await waitForState(t, 'offline');
    expect(first).toMatchObject({ attempt: 1, nextTryAt: fx.clock.now() + 1000 });
    expect(first.sentence).toMatch(/^Cannot reach the payment service/);
    await fx.clock.advanceAsync(1000);
    const second = await waitForState(t, (s) => s.status === 'offline' && s.attempt === 2);
    expect(second.nextTryAt).toBe(fx.clock.now() + 2000);
    await fx.start({ port, apiKey: FIXED_KEY, ...HOLD });
    await fx.clock.advanceAsync(1999);
    expect(t.state()).toMatchObject({ status: 'offline', attempt: 2 });
    await fx.clock.advanceAsync(1);
    await sandboxSeesPoll();
    await fx.clock.advanceAsync(1_000);
    await waitForState(t, 'connected');
    expect((await fx.sandbox.guestPay({ idTable: 'T1' })).outcome).toBe('paid');
  });
});
