import { describe, expect, it } from 'vitest';
import { pino } from 'pino';
import { ManualClock } from '../../main/base/clock.js';
import { createBackoff } from '../../main/base/backoff.js';
import { CallRunner, INVALID_REQUEST } from '../../main/adapters/connection/transport/call-runner.js';
import { describeConnection, ConnectionStateMachine } from '../../main/adapters/connection/transport/connection-state.js';
import { classifyClose, classifyHttpStatus } from '../../main/adapters/connection/transport/ws-close-codes.js';
import { handleWsFrame } from '../../main/adapters/connection/transport/ws-frame-handler.js';
import { OutgoingCalls } from '../../main/adapters/connection/transport/ws-service-calls.js';
import { ScriptedDispatcher } from './helpers/scripted-dispatcher.js';
import { LogSink, waitUntil } from './helpers/wait.js';

describe('backoff', () => {
  it('doubles from 1 s to 60 s with jitter in [base/2, base]', () => {
    const low = createBackoff(undefined, () => 0);
    expect([1, 2, 3, 4, 5, 6, 7, 8].map(() => low.next().delayMs)).toEqual([500, 1000, 2000, 4000, 8000, 16000, 30000, 30000]);
    const high = createBackoff(undefined, () => 1);
    expect([1, 2, 3, 4, 5, 6, 7, 8].map(() => high.next().delayMs)).toEqual([1000, 2000, 4000, 8000, 16000, 32000, 60000, 60000]);
    expect(high.attempt).toBe(8);
    high.reset();
    expect(high.next()).toEqual({ attempt: 1, delayMs: 1000 });
  });

  it('refuses a nonsensical range', () => {
    expect(() => createBackoff({ minMs: 0, maxMs: 10 })).toThrow(/minMs must be > 0/);
    expect(() => createBackoff({ minMs: 10, maxMs: 5 })).toThrow(/maxMs >= minMs/);
  });
});

describe('link state machine', () => {
  it('gives every state its sentence and keeps since / attempt / nextTryAt', () => {
    const clock = new ManualClock();
    const m = new ConnectionStateMachine('longpoll', clock, pino({ level: 'silent' }));
    const seen: string[] = [];
    m.onState((s) => seen.push(s.status));
    m.connecting();
    m.connected();
    expect(m.state()).toMatchObject({ status: 'connected', transport: 'longpoll', since: clock.now(), lastMessageAt: clock.now(), rttMs: null });
    clock.advance(1000);
    m.noteMessage(12.345);
    expect(m.state()).toMatchObject({ lastMessageAt: clock.now(), rttMs: 12.35 });
    m.waiting('dropped', 3, 4000);
    expect(m.state()).toMatchObject({ status: 'reconnecting', attempt: 3, nextTryAt: clock.now() + 4000 });
    expect(m.state().sentence).toBe('The connection to the payment service dropped; reconnecting in 4 s (attempt 3).');
    m.waiting('unreachable', 4, 8000);
    expect(m.state().status).toBe('offline');
    expect(m.state().sentence).toBe('Cannot reach the payment service: check the internet connection. Trying again in 8 s.');
    m.waiting('restarting', 0, 120_000);
    expect(m.state().sentence).toBe('The payment service is restarting; reconnecting in 2 minutes.');
    m.rejected();
    m.conflict();
    m.stopped();
    expect(seen).toEqual(['connecting', 'connected', 'connected', 'reconnecting', 'offline', 'reconnecting', 'rejected', 'conflict', 'stopped']);
    expect(describeConnection('connected', { transport: 'ws', now: 0, nextTryAt: null, attempt: 0 })).toBe('Connected to the payment service over WebSocket.');
  });

  it('logs a listener that throws and still tells the others', () => {
    const sink = new LogSink();
    const m = new ConnectionStateMachine('ws', new ManualClock(), pino({ level: 'debug', base: undefined }, sink));
    const seen: string[] = [];
    m.onState(() => {
      throw new Error('listener bug');
    });
    m.onState((s) => seen.push(s.status));
    m.connecting();
    m.connected();
    expect(seen).toEqual(['connecting', 'connected']);
    const logged = sink.lines.filter((l) => l.msg === 'link state listener failed');
    expect(logged).toHaveLength(2);
    expect(logged[0]).toMatchObject({ level: 50, status: 'connecting', err: { message: 'listener bug' } });
  });

  it('flags a silent connected link stale past the limit, and a message clears it', () => {
    const clock = new ManualClock();
    const m = new ConnectionStateMachine('webhook', clock, pino({ level: 'silent' }));
    m.connected();
    clock.advance(180_000);
    m.checkStale(180_000);
    expect(m.state().stale).toBe(false);
    clock.advance(1);
    m.checkStale(180_000);
    expect(m.state()).toMatchObject({ stale: true, sentence: 'No health check from the service for 3 minutes: check the public URL/tunnel.' });
    m.noteMessage();
    expect(m.state()).toMatchObject({ stale: false, lastMessageAt: clock.now(), sentence: 'Connected to the payment service over webhooks.' });
  });
});

describe('close codes and statuses', () => {
  const open = { opened: true, httpStatus: null, retryAfter: null };
  it('maps close codes of docs/PROTOCOL.md §3', () => {
    expect(classifyClose(open, 1001, '', '', undefined)).toEqual({ kind: 'going-away' });
    expect(classifyClose(open, 4503, '', '', undefined)).toEqual({ kind: 'restart' });
    expect(classifyClose(open, 4401, '', '', undefined)).toEqual({ kind: 'rejected' });
    expect(classifyClose(open, 4409, '', '', undefined)).toEqual({ kind: 'conflict' });
    expect(classifyClose(open, 1006, '', '', undefined).kind).toBe('dropped');
    expect(classifyClose({ ...open, opened: false }, 1006, '', 'connect ECONNREFUSED', undefined)).toEqual({
      kind: 'unreachable',
      detail: 'connect ECONNREFUSED',
    });
  });
  it('maps handshake and poll statuses, honouring Retry-After unless a delay is injected', () => {
    expect(classifyHttpStatus(401, null, undefined)).toEqual({ kind: 'rejected' });
    expect(classifyHttpStatus(409, null, undefined)).toEqual({ kind: 'conflict' });
    expect(classifyHttpStatus(503, '120', undefined)).toEqual({ kind: 'restart', delayMs: 120_000 });
    expect(classifyHttpStatus(503, 'soon', undefined)).toEqual({ kind: 'restart' });
    expect(classifyHttpStatus(503, '120', 50)).toEqual({ kind: 'restart' });
    expect(classifyHttpStatus(500, null, undefined).kind).toBe('dropped');
  });
});

describe('WebSocket frame handling', () => {
  function setup() {
    const sink = new LogSink();
    const log = pino({ level: 'debug', base: undefined }, sink);
    const dispatcher = new ScriptedDispatcher();
    const sent: object[] = [];
    const events: string[] = [];
    const ctx = {
      log,
      runner: new CallRunner(dispatcher, 'ws', log),
      outgoing: new OutgoingCalls(new ManualClock()),
      send: (frame: object) => (sent.push(frame), true),
      authorized: () => events.push('authorized'),
      unauthorized: () => events.push('unauthorized'),
      called: () => events.push('called'),
    };
    const frame = (value: unknown) => handleWsFrame(Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)), false, ctx);
    return { sink, sent, events, frame, dispatcher, ctx };
  }

  it('answers a wrong-shaped frame that carries a uuid with INVALID_REQUEST', () => {
    const { sent, frame } = setup();
    frame({ type: 'method-call-request', uuid: 'u-1', method: 42 });
    frame({ type: 'no-such-type', uuid: 'u-2' });
    expect(sent).toHaveLength(2);
    expect(sent[0]).toMatchObject({ type: 'method-call-response', uuid: 'u-1', error: { code: INVALID_REQUEST } });
    expect((sent[0] as { error: { message: string } }).error.message).toMatch(/method/);
    expect(sent[1]).toMatchObject({ uuid: 'u-2', error: { code: INVALID_REQUEST } });
  });

  it('logs frames without a uuid (not JSON, binary, no uuid) and answers nothing', () => {
    const { sent, frame, sink, ctx } = setup();
    frame('{"type":"method-call-request", broken');
    frame({ type: 'method-call-request', method: 'noop' });
    handleWsFrame(Buffer.from([1, 2, 3]), true, ctx);
    expect(sent).toEqual([]);
    expect(sink.lines.filter((l) => l.msg === 'bad frame from the service')).toHaveLength(3);
  });

  it('runs a call and answers only after the dispatcher resolved; uuid null gets no answer', async () => {
    const { sent, frame, events, dispatcher, ctx } = setup();
    frame({ type: 'method-call-request', uuid: 'u-3', method: 'getTableContents', args: ['T1', null], extra: { ignored: true } });
    frame({ type: 'method-call-request', uuid: null, method: 'noop', args: [] });
    await dispatcher.waitForCall((c) => c.method === 'noop');
    await waitUntil(() => sent.length > 0, 'the answer frame');
    expect(events).toEqual(['called', 'called']);
    expect(await ctx.runner.run({ uuid: null, method: 'noop', args: [] })).toBeNull();
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ type: 'method-call-response', uuid: 'u-3', result: [{ id: 'B1' }] });
  });

  it('routes auth-response and answers to our own calls', async () => {
    const { frame, events, ctx } = setup();
    frame({ type: 'auth-response', authorized: true });
    frame({ type: 'auth-response', authorized: false });
    expect(events).toEqual(['authorized', 'unauthorized']);
    let request: { uuid: string | null } | null = null;
    const pending = ctx.outgoing.call((f) => ((request = f), true), 'whoAmI', []);
    frame({ type: 'method-call-response', uuid: request!.uuid, result: [{ id: 'r', name: 'R' }] });
    expect(await pending).toEqual({ result: [{ id: 'r', name: 'R' }] });
  });

  it('a call the service never answers ends as TIMEOUT (not at 49 ms, at 50 ms on the clock)', async () => {
    const clock = new ManualClock();
    const outgoing = new OutgoingCalls(clock);
    let settled = false;
    const pending = outgoing.call(() => true, 'whoAmI', [], 50).finally(() => (settled = true));
    await clock.advanceAsync(49);
    expect(settled).toBe(false);
    await clock.advanceAsync(1);
    const outcome = await pending;
    expect(outcome).toEqual({ error: { code: 'TIMEOUT', message: 'The payment service did not answer whoAmI in time; try again.' } });
    expect(await outgoing.call(() => false, 'noop', [])).toMatchObject({ error: { code: 'NOT_CONNECTED' } });
  });

  it('turns a throwing handler into INTERNAL_ERROR', async () => {
    const log = pino({ level: 'silent' });
    const runner = new CallRunner({ handle: () => Promise.reject(new Error('boom')) }, 'ws', log);
    expect(await runner.run({ uuid: 'u', method: 'getBill', args: [] })).toEqual({
      uuid: 'u',
      error: { code: 'INTERNAL_ERROR', message: 'getBill failed inside the POS companion' },
    });
  });
});
