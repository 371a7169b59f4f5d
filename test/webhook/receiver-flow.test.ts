import { afterEach, describe, expect, it } from 'vitest';
import { until } from './helpers/http-post.js';
import { ReceiverHarness } from './helpers/receiver-harness.js';
import { gate } from './helpers/scripted-dispatcher.js';
import { SENTENCES } from '../../main/adapters/connection/transport/connection-state.js';
import type { ConnectionState } from '../../main/adapters/connection/transport/types.js';
import { failDeliveryWrites } from './helpers/delivery-log.js';

let h: ReceiverHarness;
afterEach(async () => {
  await h.close();
});

describe('answers', () => {
  it('ping answers {"result": null} without a handler or a record', async () => {
    h = await new ReceiverHarness().start();
    const res = await h.post(h.signed('ping', []));
    expect(res).toEqual({ status: 200, body: { result: null } });
    expect(h.dispatcher.calls).toEqual([]);
    expect(h.deliveries()).toEqual([]);
    expect(h.transport.state().lastMessageAt).toBe(h.clock.now());
  });

  it('dispatches with the delivery id as call id and answers an error outcome with 200', async () => {
    h = await new ReceiverHarness().start();
    h.dispatcher.on('getBill', () => ({ error: { code: 'BILL_NOT_FOUND', message: 'No bill b9.' } }));
    const res = await h.post(h.signed('getBill', ['b9', null], { id: 'd-1' }));
    expect(res).toEqual({ status: 200, body: { error: { code: 'BILL_NOT_FOUND', message: 'No bill b9.' } } });
    expect(h.dispatcher.calls).toEqual([{ method: 'getBill', args: ['b9', null], callId: 'd-1' }]);
  });

  it('a handler that throws answers INTERNAL_ERROR', async () => {
    h = await new ReceiverHarness().start();
    h.dispatcher.on('getTableList', () => {
      throw new Error('boom');
    });
    const res = await h.post(h.signed('getTableList', []));
    expect(res).toEqual({ status: 200, body: { error: { code: 'INTERNAL_ERROR', message: 'The POS failed to handle this call.' } } });
  });

  it('an outcome that cannot be recorded answers 500 so the service retries', async () => {
    h = await new ReceiverHarness().start();
    h.dispatcher.on('noop', () => ({ result: null }));
    const full = failDeliveryWrites(h.storeFile);
    const req = h.signed('noop', [], { id: 'd-full' });
    const res = await h.post(req);
    expect(res).toEqual({ status: 500, body: { code: 'INTERNAL_ERROR', message: 'The POS could not record the outcome; retry the delivery.' } });
    expect(h.deliveries()).toEqual([]);
    // Once the file takes writes again, the service's retry runs and is recorded.
    full.release();
    expect(await h.post(req)).toEqual({ status: 200, body: { result: null } });
    expect(h.deliveries()).toEqual([{ id: 'd-full', outcome: { result: null }, at: new Date(h.clock.now()).toISOString() }]);
    expect(h.dispatcher.calls).toHaveLength(2);
  });
});

describe('replays', () => {
  it('a repeated delivery id answers the stored outcome and never runs twice', async () => {
    h = await new ReceiverHarness().start();
    let n = 0;
    h.dispatcher.on('paymentClosed', () => ({ result: { run: ++n } }));
    const req = h.signed('paymentClosed', ['p1', 'PAID'], { id: 'd-pay' });
    expect(await h.post(req)).toEqual({ status: 200, body: { result: { run: 1 } } });
    expect(await h.post(req)).toEqual({ status: 200, body: { result: { run: 1 } } });
    // A fresh signature with the same id (the service's retry) is a replay too.
    expect(await h.post(h.signed('paymentClosed', ['p1', 'PAID'], { id: 'd-pay' }))).toEqual({ status: 200, body: { result: { run: 1 } } });
    expect(h.dispatcher.calls).toHaveLength(1);
    // One row in the store's delivery log, with the outcome and the store clock's time.
    expect(h.deliveries()).toEqual([{ id: 'd-pay', outcome: { result: { run: 1 } }, at: new Date(h.clock.now()).toISOString() }]);
  });

  it('a replay after a restart answers from the SQLite file', async () => {
    h = await new ReceiverHarness().start();
    h.dispatcher.on('getBill', () => ({ error: { code: 'BILL_CLOSED', message: 'Bill b1 is closed.' } }));
    const req = h.signed('getBill', ['b1', null], { id: 'd-restart' });
    expect((await h.post(req)).status).toBe(200);
    await h.restart();
    expect(await h.post(h.signed('getBill', ['b1', null], { id: 'd-restart' }))).toEqual({
      status: 200,
      body: { error: { code: 'BILL_CLOSED', message: 'Bill b1 is closed.' } },
    });
    expect(h.dispatcher.calls).toHaveLength(1);
  });

  it('the same id arriving while its handler runs waits for the one run', async () => {
    h = await new ReceiverHarness().start();
    const g = gate<{ result: unknown }>();
    h.dispatcher.on('getTableContents', () => g.promise);
    const req = h.signed('getTableContents', ['t1', null], { id: 'd-twice' });
    const first = h.post(req);
    await h.dispatcher.waitForCalls(1);
    const second = h.post(req);
    g.open({ result: [] });
    expect(await Promise.all([first, second])).toEqual([
      { status: 200, body: { result: [] } },
      { status: 200, body: { result: [] } },
    ]);
    expect(h.dispatcher.calls).toHaveLength(1);
  });
});

describe('asynchronous answers', () => {
  it('past the sync budget: 202 at once, then the outcome through /reply', async () => {
    h = await new ReceiverHarness().start({ syncBudgetMs: 50 });
    const g = gate<{ result: unknown }>();
    h.dispatcher.on('paymentProcessed', () => g.promise);
    const res = await h.post(h.signed('paymentProcessed', ['p1'], { id: 'd-slow' }));
    expect(res).toEqual({ status: 202, body: { id: 'd-slow', status: 'Accepted' } });
    expect(h.service.replies).toEqual([]);
    g.open({ result: { receiptInfo: { billName: 'T1', timestamp: '2026-11-21T12:00:00Z', serial: '1' } } });
    await until(() => h.service.replies.length === 1, 'the reply');
    expect(h.service.replies).toEqual([{ id: 'd-slow', result: { receiptInfo: { billName: 'T1', timestamp: '2026-11-21T12:00:00Z', serial: '1' } } }]);
    // Recorded before the reply: a retry of the delivery gets the same outcome.
    expect(await h.post(h.signed('paymentProcessed', ['p1'], { id: 'd-slow' }))).toEqual({
      status: 200,
      body: { result: { receiptInfo: { billName: 'T1', timestamp: '2026-11-21T12:00:00Z', serial: '1' } } },
    });
    expect(h.dispatcher.calls).toHaveLength(1);
  });

  it('retries /reply after a network error, within the budget', async () => {
    h = await new ReceiverHarness().start({ syncBudgetMs: 20 });
    h.service.replyAnswers = [
      { ok: false, status: 0, code: 'NETWORK_ERROR', message: 'Cannot reach the payment service: check the internet connection.' },
      { ok: false, status: 503, code: 'SERVICE_RESTARTING', message: 'The service is restarting; try again in 2 minutes.' },
    ];
    const g = gate<{ error: { code: string; message: string } }>();
    h.dispatcher.on('paymentStart', () => g.promise);
    expect((await h.post(h.signed('paymentStart', [{ id: 'p1' }], { id: 'd-retry' }))).status).toBe(202);
    g.open({ error: { code: 'ITEMS_CHANGED', message: 'Items changed.' } });
    await until(() => h.service.replies.length === 3, 'three reply attempts');
    expect(h.service.replies).toEqual(Array(3).fill({ id: 'd-retry', error: { code: 'ITEMS_CHANGED', message: 'Items changed.' } }));
  });

  it('does not retry /reply the service refused (4xx)', async () => {
    h = await new ReceiverHarness().start({ syncBudgetMs: 20 });
    h.service.replyAnswers = [{ ok: false, status: 404, code: 'NOT_FOUND', message: 'Unknown delivery' }];
    const g = gate<{ result: unknown }>();
    h.dispatcher.on('getTableList', () => g.promise);
    expect((await h.post(h.signed('getTableList', [], { id: 'd-404' }))).status).toBe(202);
    g.open({ result: [] });
    await until(() => h.service.replies.length === 1, 'one reply');
    // A second delivery that finishes proves the reply loop for the first has ended.
    h.dispatcher.on('noop', () => ({ result: null }));
    expect((await h.post(h.signed('noop', []))).status).toBe(200);
    expect(h.service.replies).toHaveLength(1);
  });
});

describe('the link loop (configure on the shared driver and clock)', () => {
  it('configures publicUrl + path, asks who-am-i, then is connected', async () => {
    h = new ReceiverHarness();
    let connected!: Promise<ConnectionState>;
    await h.start({ merchantId: 'm-42' }, (t) => {
      connected = new Promise((resolve) => t.onConnected(() => resolve(t.state())));
    });
    const state = await connected;
    expect(h.service.configured).toEqual(['https://pos.example.com/webhook/m-42']);
    expect(state).toMatchObject({ status: 'connected', transport: 'webhook', stale: false, sentence: 'Connected to the payment service over webhooks.' });
    await until(() => h.transport.restaurant() !== null, 'who-am-i');
    expect(h.transport.restaurant()).toEqual({ id: 'r1', name: 'Bistro' });
    expect(h.transport.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/webhook\/m-42$/);
  });

  it('a public URL with a path prefix: the signed path is the public one', async () => {
    h = await new ReceiverHarness().start({ publicUrl: 'https://tunnel.example.com/tableside/' });
    expect(h.transport.webhookUrl).toBe('https://tunnel.example.com/tableside/webhook/default');
    h.dispatcher.on('noop', () => ({ result: null }));
    expect((await h.post(h.signed('noop', []))).status).toBe(200);
  });

  it('configure refused with 401: rejected, with what to do, and no retry', async () => {
    h = new ReceiverHarness();
    h.service.configureAnswers = [{ ok: false, status: 401, code: 'UNAUTHORIZED', message: 'Invalid API key' }];
    await h.start();
    await until(() => h.transport.state().status === 'rejected', 'rejected');
    expect(h.transport.state()).toMatchObject({ sentence: SENTENCES.rejected, nextTryAt: null });
    await h.clock.advanceAsync(3_600_000);
    expect(h.service.configured).toHaveLength(1);
  });

  it('configure refused with 400: rejected for the webhook URL', async () => {
    h = new ReceiverHarness();
    h.service.configureAnswers = [{ ok: false, status: 400, code: 'BAD_REQUEST', message: 'The payment service refused the request.' }];
    await h.start();
    await until(() => h.transport.state().status === 'rejected', 'rejected');
    expect(h.transport.state().sentence).toBe(SENTENCES.rejectedWebhookUrl);
  });

  it('configure refused with 409: conflict (another connection holds the restaurant), no retry', async () => {
    h = new ReceiverHarness();
    h.service.configureAnswers = [{ ok: false, status: 409, code: 'CONFLICT', message: 'The payment service reported a conflict. Reload and try again.' }];
    await h.start();
    await until(() => h.transport.state().status === 'conflict', 'conflict');
    expect(h.transport.state().sentence).toBe(SENTENCES.conflict);
    expect(h.clock.pending()).toBe(2); // the stale check and the daily prune; no retry
  });

  it('configure unreachable: offline, retried after the shared backoff (not at 999 ms, at 1000 ms); reconnectNow tries at once', async () => {
    h = new ReceiverHarness();
    const down = { ok: false, status: 0, code: 'NETWORK_ERROR', message: 'Cannot reach the payment service: check the internet connection.' } as const;
    h.service.configureAnswers = [down, down];
    await h.start({ random: () => 1 });
    await until(() => h.transport.state().status === 'offline', 'offline');
    expect(h.transport.state()).toMatchObject({ attempt: 1, nextTryAt: h.clock.now() + 1000 });
    await h.clock.advanceAsync(999);
    expect(h.service.configured).toHaveLength(1);
    await h.clock.advanceAsync(1);
    await until(() => h.service.configured.length === 2, 'the second configure');
    await until(() => h.transport.state().attempt === 2, 'the second wait');
    expect(h.transport.state()).toMatchObject({ status: 'offline', nextTryAt: h.clock.now() + 2000 });
    h.transport.reconnectNow();
    await until(() => h.transport.state().status === 'connected', 'connected');
    expect(h.service.configured).toHaveLength(3);
  });

  it('configure answered 503: waits the restart delay (not at 119 s, at 120 s)', async () => {
    h = new ReceiverHarness();
    h.service.configureAnswers = [{ ok: false, status: 503, code: 'SERVICE_RESTARTING', message: 'The service is restarting; try again in 2 minutes.' }];
    await h.start();
    await until(() => h.transport.state().status === 'reconnecting', 'the restart wait');
    expect(h.transport.state().sentence).toBe('The payment service is restarting; reconnecting in 2 minutes.');
    await h.clock.advanceAsync(119_999);
    expect(h.service.configured).toHaveLength(1);
    await h.clock.advanceAsync(1);
    await until(() => h.transport.state().status === 'connected', 'connected');
    expect(h.service.configured).toHaveLength(2);
  });

  it('flags the link stale when health checks stop (not at 180 s, at the next check past it), and clears it on the next ping', async () => {
    h = await new ReceiverHarness().start({ pingStaleMs: 180_000, staleCheckMs: 5_000 });
    await until(() => h.transport.state().status === 'connected', 'connected');
    await h.clock.advanceAsync(180_000);
    expect(h.transport.state().stale).toBe(false);
    await h.clock.advanceAsync(5_000);
    expect(h.transport.state()).toMatchObject({ stale: true, sentence: 'No health check from the service for 3 minutes: check the public URL/tunnel.' });
    expect((await h.post(h.signed('ping', []))).status).toBe(200);
    expect(h.transport.state()).toMatchObject({
      status: 'connected',
      stale: false,
      lastMessageAt: h.clock.now(),
      sentence: 'Connected to the payment service over webhooks.',
    });
  });

  it('stop closes the receiver and leaves no timer on the clock', async () => {
    h = await new ReceiverHarness().start();
    const url = h.transport.url;
    await until(() => h.transport.state().status === 'connected', 'connected');
    await h.transport.stop();
    expect(h.transport.state().status).toBe('stopped');
    expect(h.clock.pending()).toBe(0);
    await expect(fetch(url, { method: 'POST' })).rejects.toThrow();
    await h.transport.start();
  });
});
