import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { createWsTransport, type WsTransport, type WsTransportOptions } from '../../main/transport/ws-transport.js';
import { SENTENCES } from '../../main/transport/link-state.js';
import type { LinkState } from '../../main/transport/types.js';
import { FAST, FIXED_KEY, Fixture, freePort } from './helpers/fixture.js';
import { ConnectedCounter, waitForState, waitUntil } from './helpers/wait.js';

let fx: Fixture;
afterEach(async () => {
  await fx.close();
});

async function connected(options: Partial<WsTransportOptions> = {}): Promise<{ t: WsTransport; counter: ConnectedCounter; states: LinkState[] }> {
  const t = fx.track(createWsTransport({ ...fx.credentials, log: fx.log, ...FAST, ...options }));
  const counter = new ConnectedCounter(t);
  const states: LinkState[] = [];
  t.onState((s) => states.push(s));
  await t.start();
  await counter.waitFor(1);
  return { t, counter, states };
}

describe('WebSocket transport against the sandbox', () => {
  it('connects with auth-request, answers a scan and a whole guest payment', async () => {
    fx = await new Fixture().start();
    const { t } = await connected();
    const state = await waitForState(t, (s) => s.status === 'connected' && s.rttMs !== null);
    expect(state.transport).toBe('ws');
    expect(state.sentence).toBe('Connected to the payment service over WebSocket.');
    expect(state.lastMessageAt).not.toBeNull();

    const bills = (await fx.sandbox.guestScan({ idTable: 'T1' })) as { id: string }[];
    expect(bills.map((b) => b.id)).toEqual(['B1']);

    const paid = await fx.sandbox.guestPay({ idTable: 'T1', items: [{ id: 'I1', quantity: '1' }], tip: '10' });
    expect(paid.outcome).toBe('paid');
    expect(paid.steps.map((s) => [s.method, s.ok])).toEqual([
      ['getTableContents', true],
      ['getBill', true],
      ['paymentStart', true],
      ['paymentProcessed', true],
      ['paymentClosed', true],
    ]);
    expect(fx.dispatcher.unpaid('B1', 'I1')).toBe('1');
    expect(fx.dispatcher.calls.every((c) => c.transport === 'ws' && typeof c.callId === 'string')).toBe(true);

    const declined = await fx.sandbox.guestPay({ idTable: 'T1', outcome: 'declined' });
    expect(declined.outcome).toBe('declined');
    expect(fx.dispatcher.unpaid('B1', 'I2')).toBe('1');
  });

  it('calls noop and whoAmI on the service', async () => {
    fx = await new Fixture().start();
    const { t } = await connected();
    expect(await t.callService('noop')).toEqual({ result: null });
    expect(await t.callService('whoAmI')).toEqual({ result: [{ id: fx.sandbox.restaurant.id, name: fx.sandbox.restaurant.name }] });
    const unknown = await t.callService('makeCoffee');
    expect('error' in unknown && unknown.error.code).toBe('METHOD_NOT_SUPPORTED');
  });

  it('callService answers NOT_CONNECTED before the link is up and after stop', async () => {
    fx = await new Fixture().start();
    const t = fx.track(createWsTransport({ ...fx.credentials, log: fx.log, ...FAST }));
    const before = await t.callService('noop');
    expect('error' in before && before.error.code).toBe('NOT_CONNECTED');
    await t.start();
    await waitForState(t, 'connected');
    await t.stop();
    const after = await t.callService('noop');
    expect('error' in after && after.error.code).toBe('NOT_CONNECTED');
  });

  it('recovers from a silent drop with backoff and answers calls again', async () => {
    fx = await new Fixture().start();
    const { t, counter, states } = await connected();
    fx.sandbox.injectFault({ kind: 'drop' });
    await counter.waitFor(2);
    const wait = states.find((s) => s.status === 'reconnecting');
    expect(wait?.attempt).toBe(1);
    expect(wait?.sentence).toMatch(/dropped; reconnecting in \d+ s \(attempt 1\)/);
    expect(t.state().status).toBe('connected');
    expect(t.state().attempt).toBe(0);
    const bills = (await fx.sandbox.guestScan({ idTable: 'T1' })) as unknown[];
    expect(bills).toHaveLength(1);
  });

  it('reconnects at once after close 1001, without counting an attempt', async () => {
    fx = await new Fixture().start();
    const { counter, states } = await connected();
    const seen = states.length;
    fx.sandbox.injectFault({ kind: 'close-1001' });
    await counter.waitFor(2);
    const between = states.slice(seen).map((s) => s.status);
    expect(between).toEqual(['connecting', 'connected', ...between.slice(2).filter((s) => s === 'connected')]);
    expect(states.slice(seen).every((s) => s.attempt === 0)).toBe(true);
    expect((await fx.sandbox.guestPay({ idTable: 'T1' })).outcome).toBe('paid');
  });

  it('waits restartDelayMs after close 4503, then reconnects', async () => {
    fx = await new Fixture().start();
    const { counter, states } = await connected({ restartDelayMs: 400 });
    fx.sandbox.injectFault({ kind: 'close-4503' });
    await waitUntil(() => states.some((s) => s.status === 'reconnecting'), 'the restart wait');
    const wait = states.find((s) => s.status === 'reconnecting')!;
    expect(wait.sentence).toBe('The payment service is restarting; reconnecting in 1 s.');
    expect(wait.nextTryAt! - wait.since).toBe(400);
    await counter.waitFor(2);
    const reconnectedAt = states.filter((s) => s.status === 'connected').at(-1)!.since;
    expect(reconnectedAt - wait.since).toBeGreaterThanOrEqual(400);
  });

  it('waits restartDelayMs after a handshake 503', async () => {
    fx = await new Fixture().start();
    const { t, counter, states } = await connected({ restartDelayMs: 300 });
    fx.sandbox.injectFault({ kind: 'http-503' });
    t.reconnectNow();
    await counter.waitFor(2);
    const wait = states.find((s) => s.status === 'reconnecting')!;
    expect(wait.sentence).toMatch(/^The payment service is restarting/);
    expect(wait.nextTryAt! - wait.since).toBe(300);
    const connectedAgain = states.filter((s) => s.status === 'connected').at(-1)!;
    expect(connectedAgain.since - wait.since).toBeGreaterThanOrEqual(300);
  });

  it('logs a malformed frame and keeps the session', async () => {
    fx = await new Fixture().start();
    const { counter } = await connected();
    fx.sandbox.injectFault({ kind: 'malformed-frame' });
    await waitUntil(() => fx.sink.has('bad frame from the service'), 'the bad-frame log line');
    const line = fx.sink.lines.find((l) => l.msg === 'bad frame from the service')!;
    expect(String(line.reason)).toMatch(/^not valid JSON/);
    expect((await fx.sandbox.guestPay({ idTable: 'T1' })).outcome).toBe('paid');
    expect(counter.count).toBe(1);
  });

  it('ignores unknown fields in a call', async () => {
    fx = await new Fixture().start();
    await connected();
    fx.sandbox.injectFault({ kind: 'unknown-fields' });
    const bills = (await fx.sandbox.guestScan({ idTable: 'T1' })) as { id: string }[];
    expect(bills.map((b) => b.id)).toEqual(['B1']);
    expect(fx.dispatcher.calls[0]!.args).toEqual(['T1', null]);
  });

  it('finds a dead link when pongs stop, and reconnects', async () => {
    fx = await new Fixture().start();
    const { counter } = await connected({ pingIntervalMs: 100, pongTimeoutMs: 300 });
    fx.sandbox.injectFault({ kind: 'no-pong' });
    await counter.waitFor(2);
    expect(fx.sink.has('no pong in time: the link is dead; reconnecting')).toBe(true);
    expect((await fx.sandbox.guestScan({ idTable: 'T1' })) as unknown[]).toHaveLength(1);
  });

  it('stops as rejected on a wrong API key (4401)', async () => {
    fx = await new Fixture().start();
    const timers = () => process.getActiveResourcesInfo().filter((r) => r === 'Timeout').length;
    const baseline = timers();
    const t = fx.track(createWsTransport({ ...fx.credentials, apiKey: 'aaaa-bbbb-cccc-dddd-eeee', log: fx.log, ...FAST }));
    await t.start();
    const state = await waitForState(t, 'rejected');
    expect(state.sentence).toBe(SENTENCES.rejected);
    expect(state.nextTryAt).toBeNull();
    // No retry is scheduled: every timer of the transport is gone.
    await waitUntil(() => timers() <= baseline, 'the transport timers to clear');
    expect(t.state().status).toBe('rejected');
    expect(fx.counters().wsConnections).toBe(1);
    expect(fx.sink.text()).not.toContain('aaaa-bbbb-cccc-dddd-eeee');
  });

  it('stops as conflict when another connection holds the restaurant (4409), and reconnectNow retries', async () => {
    fx = await new Fixture().start();
    const first = await connected();
    const second = fx.track(createWsTransport({ ...fx.credentials, posId: randomUUID(), log: fx.log, ...FAST }));
    await second.start();
    const state = await waitForState(second, 'conflict');
    expect(state.sentence).toBe(SENTENCES.conflict);
    expect(first.t.state().status).toBe('connected');

    await first.t.stop();
    await waitUntil(() => fx.connections().length === 0, 'the sandbox to release the slot');
    second.reconnectNow();
    await waitForState(second, 'connected');
  });

  it('reconnectNow drops the link and connects again at once', async () => {
    fx = await new Fixture().start();
    const { t, counter } = await connected();
    t.reconnectNow();
    await counter.waitFor(2);
    await waitUntil(() => fx.connections().filter((c) => c.live).length === 1, 'one live connection');
    expect((await fx.sandbox.guestScan({ idTable: 'T1' })) as unknown[]).toHaveLength(1);
  });

  it('stop() closes the link and leaves no timers or sockets behind', async () => {
    fx = await new Fixture().start();
    const count = (kind: string) => process.getActiveResourcesInfo().filter((r) => r === kind).length;
    const baseline = { timers: count('Timeout'), sockets: count('TCPSocketWrap') };
    const { t } = await connected({ pingIntervalMs: 50 });
    await t.stop();
    expect(t.state().status).toBe('stopped');
    expect(t.state().sentence).toBe(SENTENCES.stopped);
    await waitUntil(() => fx.connections().length === 0, 'the sandbox to see the close');
    await waitUntil(() => count('TCPSocketWrap') <= baseline.sockets && count('Timeout') <= baseline.timers, 'sockets and timers to go');
  });

  it('shows offline while the service cannot be reached, and connects once it is up', async () => {
    fx = new Fixture();
    const port = await freePort();
    const t = fx.track(createWsTransport({ ...FAST, serviceUrl: `http://127.0.0.1:${port}/`, apiKey: FIXED_KEY, posId: fx.posId, dispatcher: fx.dispatcher, log: fx.log }));
    await t.start();
    const offline = await waitForState(t, (s) => s.status === 'offline' && s.attempt >= 2);
    expect(offline.sentence).toMatch(/^Cannot reach the payment service: check the internet connection\. Trying again in \d+ s\.$/);
    await fx.start({ port, apiKey: FIXED_KEY });
    await waitForState(t, 'connected');
    expect((await fx.sandbox.guestScan({ idTable: 'T1' })) as unknown[]).toHaveLength(1);
  });

  it('reconnectNow after stop() does nothing (a resume must not revive a stopped session)', async () => {
    fx = await new Fixture().start();
    const { t } = await connected();
    await t.stop();
    t.reconnectNow();
    expect(t.state().status).toBe('stopped');
    expect(fx.sink.has('reconnect ignored: the session is stopped')).toBe(true);
    await t.start();
    await waitForState(t, 'connected');
  });
});
