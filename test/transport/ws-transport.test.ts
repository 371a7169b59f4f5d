import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { createWsTransport, type WsTransport, type WsTransportOptions } from '../../main/adapters/connection/transport/ws-transport.js';
import { createServer as createTcpServer, type Socket } from 'node:net';
import { SENTENCES } from '../../main/adapters/connection/transport/connection-state.js';
import type { ConnectionState } from '../../main/adapters/connection/transport/types.js';
import { FIXED_KEY, Fixture, freePort } from './helpers/fixture.js';
import { ConnectedCounter, waitForState, waitUntil } from './helpers/wait.js';

let fx: Fixture;
afterEach(async () => {
  await fx.close();
});

async function connected(options: Partial<WsTransportOptions> = {}): Promise<{ t: WsTransport; counter: ConnectedCounter; states: ConnectionState[] }> {
  const t = fx.track(createWsTransport({ ...fx.credentials, ...fx.timing, ...options }));
  const counter = new ConnectedCounter(t);
  const states: ConnectionState[] = [];
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
    const t = fx.track(createWsTransport({ ...fx.credentials, ...fx.timing }));
    const before = await t.callService('noop');
    expect('error' in before && before.error.code).toBe('NOT_CONNECTED');
    await t.start();
    await waitForState(t, 'connected');
    await t.stop();
    const after = await t.callService('noop');
    expect('error' in after && after.error.code).toBe('NOT_CONNECTED');
  });

  it('recovers from a silent drop after the backoff (not at 999 ms, at 1000 ms) and answers calls again', async () => {
    fx = await new Fixture().start();
    const { t, counter } = await connected();
    fx.sandbox.injectFault({ kind: 'drop' });
    const wait = await waitForState(t, 'reconnecting');
    expect(wait).toMatchObject({ attempt: 1, nextTryAt: fx.clock.now() + 1000 });
    expect(wait.sentence).toBe('The connection to the payment service dropped; reconnecting in 1 s (attempt 1).');
    await fx.clock.advanceAsync(999);
    expect(t.state().status).toBe('reconnecting');
    await fx.clock.advanceAsync(1);
    expect(t.state().status).toBe('connecting');
    await counter.waitFor(2);
    expect(t.state()).toMatchObject({ status: 'connected', attempt: 0 });
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

  it('waits 120 s after close 4503 (no reconnect at 119.999 s, one at 120 s)', async () => {
    fx = await new Fixture().start();
    const { t, counter } = await connected();
    fx.sandbox.injectFault({ kind: 'close-4503' });
    const wait = await waitForState(t, 'reconnecting');
    expect(wait.sentence).toBe('The payment service is restarting; reconnecting in 2 minutes.');
    expect(wait.nextTryAt! - wait.since).toBe(120_000);
    await fx.clock.advanceAsync(119_999);
    expect(t.state().status).toBe('reconnecting');
    expect(fx.counters().wsConnections).toBe(1);
    await fx.clock.advanceAsync(1);
    expect(t.state().status).toBe('connecting');
    await counter.waitFor(2);
    expect(fx.counters().wsConnections).toBe(2);
  });

  it('waits restartDelayMs after a handshake 503 (an injected delay wins over Retry-After)', async () => {
    fx = await new Fixture().start();
    const { t, counter } = await connected({ restartDelayMs: 30_000 });
    fx.sandbox.injectFault({ kind: 'http-503' });
    t.reconnectNow();
    const wait = await waitForState(t, 'reconnecting');
    expect(wait.sentence).toMatch(/^The payment service is restarting/);
    expect(wait.nextTryAt! - wait.since).toBe(30_000);
    await fx.clock.advanceAsync(29_999);
    expect(t.state().status).toBe('reconnecting');
    await fx.clock.advanceAsync(1);
    await counter.waitFor(2);
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

  it('finds a dead link when pongs stop (not at 4.999 s after the ping, at 5 s), and reconnects', async () => {
    fx = await new Fixture().start();
    const { t, counter } = await connected({ pingIntervalMs: 20_000, pongTimeoutMs: 5_000 });
    // The first ping goes out on open; its pong proves the link and gives the first round trip.
    await waitForState(t, (s) => s.rttMs !== null);
    fx.sandbox.injectFault({ kind: 'no-pong' });
    await waitUntil(
      () => (fx.sandbox.state() as { faults: { kind: string; applied: unknown[] }[] }).faults.some((f) => f.kind === 'no-pong' && f.applied.length > 0),
      'the sandbox to stop answering pings',
    );
    await fx.clock.advanceAsync(20_000 + 4_999);
    expect(t.state().status).toBe('connected');
    await fx.clock.advanceAsync(1);
    await waitForState(t, 'reconnecting');
    expect(fx.sink.has('no pong in time: the link is dead; reconnecting')).toBe(true);
    await fx.clock.advanceAsync(1000);
    await counter.waitFor(2);
    expect((await fx.sandbox.guestScan({ idTable: 'T1' })) as unknown[]).toHaveLength(1);
  });

  it('stops as rejected on a wrong API key (4401)', async () => {
    fx = await new Fixture().start();
    const t = fx.track(createWsTransport({ ...fx.credentials, ...fx.timing, apiKey: 'aaaa-bbbb-cccc-dddd-eeee' }));
    await t.start();
    const state = await waitForState(t, 'rejected');
    expect(state.sentence).toBe(SENTENCES.rejected);
    expect(state.nextTryAt).toBeNull();
    // No retry is scheduled: every timer of the transport is gone, and an hour later nothing tried.
    expect(fx.clock.pending()).toBe(0);
    await fx.clock.advanceAsync(3_600_000);
    expect(t.state().status).toBe('rejected');
    expect(fx.counters().wsConnections).toBe(1);
    expect(fx.sink.text()).not.toContain('aaaa-bbbb-cccc-dddd-eeee');
  });

  it('stops as conflict when another connection holds the restaurant (4409), and reconnectNow retries', async () => {
    fx = await new Fixture().start();
    const first = await connected();
    const second = fx.track(createWsTransport({ ...fx.credentials, ...fx.timing, posId: randomUUID() }));
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
    const baseline = count('TCPSocketWrap');
    const { t } = await connected({ pingIntervalMs: 50 });
    expect(fx.clock.pending()).toBeGreaterThan(0);
    await t.stop();
    expect(fx.clock.pending()).toBe(0);
    expect(t.state().status).toBe('stopped');
    expect(t.state().sentence).toBe(SENTENCES.stopped);
    await waitUntil(() => fx.connections().length === 0, 'the sandbox to see the close');
    await waitUntil(() => count('TCPSocketWrap') <= baseline, 'the sockets to go');
  });

  it('shows offline while the service cannot be reached, backing off 1 s then 2 s, and connects once it is up', async () => {
    fx = new Fixture();
    const port = await freePort();
    const t = fx.track(
      createWsTransport({ ...fx.timing, serviceUrl: `http://127.0.0.1:${port}/`, apiKey: FIXED_KEY, posId: fx.posId, dispatcher: fx.dispatcher }),
    );
    await t.start();
    const first = await waitForState(t, 'offline');
    expect(first).toMatchObject({ attempt: 1, nextTryAt: fx.clock.now() + 1000 });
    expect(first.sentence).toBe('Cannot reach the payment service: check the internet connection. Trying again in 1 s.');
    await fx.clock.advanceAsync(1000);
    const second = await waitForState(t, (s) => s.status === 'offline' && s.attempt === 2);
    expect(second.nextTryAt).toBe(fx.clock.now() + 2000);
    await fx.start({ port, apiKey: FIXED_KEY });
    await fx.clock.advanceAsync(1999);
    expect(t.state()).toMatchObject({ status: 'offline', attempt: 2 });
    await fx.clock.advanceAsync(1);
    await waitForState(t, 'connected');
    expect((await fx.sandbox.guestScan({ idTable: 'T1' })) as unknown[]).toHaveLength(1);
  });

  it('gives up a handshake that never completes after 10 s (not at 9.999 s), on the injected clock', async () => {
    fx = new Fixture();
    const sockets: Socket[] = [];
    const silent = createTcpServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const port = (silent.address() as { port: number }).port;
    try {
      const t = fx.track(
        createWsTransport({ ...fx.timing, serviceUrl: `http://127.0.0.1:${port}`, apiKey: FIXED_KEY, posId: fx.posId, dispatcher: fx.dispatcher }),
      );
      await t.start();
      await waitUntil(() => sockets.length === 1, 'the handshake to reach the server');
      await fx.clock.advanceAsync(9_999);
      expect(t.state().status).toBe('connecting');
      await fx.clock.advanceAsync(1);
      expect((await waitForState(t, 'offline')).attempt).toBe(1);
      await t.stop();
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    }
  });

  it('reconnectNow after stop() does nothing (a resume must not revive a stopped link)', async () => {
    fx = await new Fixture().start();
    const { t } = await connected();
    await t.stop();
    t.reconnectNow();
    expect(t.state().status).toBe('stopped');
    expect(fx.sink.has('reconnect ignored: the link is stopped')).toBe(true);
    await t.start();
    await waitForState(t, 'connected');
  });
});
