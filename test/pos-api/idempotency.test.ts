import { connect, type Socket } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../../main/base/clock.js';
import { silentLogger } from '../../main/base/log.js';
import { startPosApi } from '../../main/app/pos-api.js';
import { IDEMPOTENCY_KEPT_MS } from '../../main/store/index.js';
import { openTestStore } from '../store/test-store.js';
import { lastSeq } from '../store/helpers.js';
import { MENU, order } from '../store/menu-helpers.js';
import { startApi, TOKEN, type BillDetail } from './helpers.js';

type Api = Awaited<ReturnType<typeof startApi>>;

const bill = (quantity: string) => ({ tableId: 't1', currency: 'CZK', items: [{ id: 'beer', name: 'Beer', price: '62.50', quantity }] });
const key = (value: string) => ({ 'idempotency-key': value });

/** Sends a request on a raw socket and hangs up at the first byte of its answer: the answer is lost. */
async function sendAndLoseTheAnswer(port: number, method: string, path: string, body: unknown, idempotencyKey: string): Promise<void> {
  const text = JSON.stringify(body);
  const socket = connect(port, '127.0.0.1');
  await new Promise<void>((resolve, reject) => {
    socket.once('error', reject);
    socket.once('data', () => {
      socket.destroy();
      resolve();
    });
    socket.write(
      `${method} /v1${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nAuthorization: Bearer ${TOKEN}\r\nIdempotency-Key: ${idempotencyKey}\r\n` +
        `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(text)}\r\n\r\n${text}`,
    );
  });
}

/** A request whose headers and first body byte are sent and whose rest is held back: it is still running. */
function startSlowPut(port: number, path: string, body: unknown, idempotencyKey: string): { socket: Socket; finish: () => Promise<string> } {
  const text = JSON.stringify(body);
  const socket = connect(port, '127.0.0.1');
  socket.write(
    `PUT /v1${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nAuthorization: Bearer ${TOKEN}\r\nIdempotency-Key: ${idempotencyKey}\r\n` +
      `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(text)}\r\nConnection: close\r\n\r\n${text.slice(0, 1)}`,
  );
  let answer = '';
  socket.on('data', (d: Buffer) => (answer += d.toString()));
  const ended = new Promise<string>((resolve) => socket.once('close', () => resolve(answer)));
  return {
    socket,
    finish: () => {
      socket.write(text.slice(1));
      return ended;
    },
  };
}

describe('Idempotency-Key on the POS API writes', () => {
  let a: Api;
  beforeEach(async () => {
    a = await startApi();
    expect((await a.call('PUT', '/tables/t1', { name: 'Table 1' })).status).toBe(201);
  });
  afterEach(async () => a.stop());

  it('a PUT retried after its answer was lost changes nothing and answers the same, marked Idempotent-Replayed', async () => {
    await sendAndLoseTheAnswer(a.api.port, 'PUT', '/bills/b1', bill('2'), 'put-b1-1');
    expect(a.store.getBill('b1')?.items.map((i) => i.quantity)).toEqual(['2']);
    const seq = lastSeq(a.store);

    // The POS changed the bill since: the stale retry must not put the old quantity back.
    expect((await a.call('PUT', '/bills/b1', bill('3'), key('put-b1-2'))).status).toBe(200);
    const afterChange = lastSeq(a.store);
    expect(afterChange).toBeGreaterThan(seq);

    const retry = await a.call<BillDetail>('PUT', '/bills/b1', bill('2'), key('put-b1-1'));
    expect(retry.status).toBe(201);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(retry.json.items.map((i) => i.quantity)).toEqual(['2']);
    expect(a.store.getBill('b1')?.items.map((i) => i.quantity)).toEqual(['3']);
    expect(lastSeq(a.store)).toBe(afterChange);

    const first = await a.call<BillDetail>('PUT', '/bills/b1', bill('3'), key('put-b1-2'));
    expect([first.status, first.headers.get('idempotent-replayed')]).toEqual([200, 'true']);
    // Without a key nothing is kept: the same write runs and answers afresh.
    const unkeyed = await a.call('PUT', '/bills/b1', bill('3'));
    expect([unkeyed.status, unkeyed.headers.get('idempotent-replayed')]).toEqual([200, null]);
  });

  it('a POST retried answers the first answer and applies nothing twice (no second event)', async () => {
    expect((await a.call('PUT', '/tables/t5', { name: 'Table 5' })).status).toBe(201);
    expect((await a.call('PUT', '/menu', { menus: MENU })).status).toBe(200);
    a.store.startOrder(order('o1'));
    const seq = lastSeq(a.store);
    const first = await a.call<{ status: string }>('POST', '/orders/o1/status', { status: 'ACCEPTED' }, key('"accept-o1"'));
    expect(first.status).toBe(200);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    const events = a.store.eventsAfter(seq);
    expect(events.length).toBeGreaterThan(0);

    // The bare key and its structured-field string are one key.
    const retry = await a.call<{ status: string }>('POST', '/orders/o1/status', { status: 'ACCEPTED' }, key('accept-o1'));
    expect([retry.status, retry.headers.get('idempotent-replayed'), retry.text]).toEqual([200, 'true', first.text]);
    expect(a.store.eventsAfter(seq)).toEqual(events);
  });

  it('replays a 204 with no body: a retried DELETE does not answer 404', async () => {
    expect((await a.call('PUT', '/tables/gone', { name: 'Gone' })).status).toBe(201);
    const first = await a.call('DELETE', '/tables/gone', undefined, key('del-gone'));
    expect(first.status).toBe(204);
    const retry = await a.call('DELETE', '/tables/gone', undefined, key('del-gone'));
    expect([retry.status, retry.text, retry.headers.get('idempotent-replayed')]).toEqual([204, '', 'true']);
    expect((await a.call('DELETE', '/tables/gone')).status).toBe(404);
  });

  it('the same key with another request is 422 naming the problem, and changes nothing', async () => {
    expect((await a.call('PUT', '/bills/b1', bill('2'), key('k-1'))).status).toBe(201);
    const seq = lastSeq(a.store);
    const otherBody = await a.call('PUT', '/bills/b1', bill('5'), key('k-1'));
    expect(otherBody.status).toBe(422);
    expect(otherBody.json.error).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED', field: 'Idempotency-Key' });
    expect(otherBody.json.error.message).toMatch(/"k-1" was already used with another body/);
    const otherPath = await a.call('PUT', '/bills/b2', bill('2'), key('k-1'));
    expect(otherPath.status).toBe(422);
    expect(otherPath.json.error.message).toContain('for PUT /v1/bills/b1');
    expect(a.store.getBill('b1')?.items.map((i) => i.quantity)).toEqual(['2']);
    expect(a.store.getBill('b2')).toBeNull();
    expect(lastSeq(a.store)).toBe(seq);
  });

  it('a refusal is not kept: after fixing what was refused, the same key runs', async () => {
    const refused = await a.call('PUT', '/bills/b1', { ...bill('2'), tableId: 'nowhere' }, key('k-fix'));
    expect(refused.status).toBe(400);
    expect((await a.call('PUT', '/bills/b1', { ...bill('2'), tableId: 'nowhere' }, key('k-fix'))).status).toBe(400);
    expect((await a.call('PUT', '/tables/nowhere', { name: 'Bar' })).status).toBe(201);
    const ran = await a.call('PUT', '/bills/b1', { ...bill('2'), tableId: 'nowhere' }, key('k-fix'));
    expect([ran.status, ran.headers.get('idempotent-replayed')]).toEqual([201, null]);
  });

  /**
   * Asks with `k` and a body the contract refuses (400, nothing kept) until the answer is 409: the
   * slow request, on another socket, has arrived and holds the key. Each try is a round trip.
   */
  async function untilHeld(k: string) {
    for (;;) {
      const probe = await a.call('PUT', '/bills/b1', {}, key(k));
      if (probe.status === 409) return probe;
      expect(probe.status, probe.text).toBe(400);
    }
  }

  it('the same key while the first request is still running is 409; the key is free once that one ends', async () => {
    const slow = startSlowPut(a.api.port, '/bills/b1', bill('2'), 'k-slow');
    const busy = await untilHeld('k-slow');
    expect(busy.json.error).toMatchObject({ code: 'IDEMPOTENCY_KEY_IN_USE', field: 'Idempotency-Key' });
    expect(busy.json.error.message).toMatch(/still running/);
    expect(busy.headers.get('retry-after')).toBe('1');
    expect(a.store.getBill('b1')).toBeNull();

    const answer = await slow.finish();
    expect(answer).toMatch(/^HTTP\/1\.1 201 /);
    const retry = await a.call('PUT', '/bills/b1', bill('2'), key('k-slow'));
    expect([retry.status, retry.headers.get('idempotent-replayed')]).toEqual([201, 'true']);
  });

  it('a request that hangs up before its body is in frees its key', async () => {
    const slow = startSlowPut(a.api.port, '/bills/b1', bill('2'), 'k-dropped');
    await untilHeld('k-dropped');
    slow.socket.destroy();
    let r = await a.call('PUT', '/bills/b1', bill('2'), key('k-dropped'));
    while (r.status === 409) r = await a.call('PUT', '/bills/b1', bill('2'), key('k-dropped'));
    expect([r.status, r.headers.get('idempotent-replayed')]).toEqual([201, null]);
    expect(a.store.getBill('b1')?.items.map((i) => i.quantity)).toEqual(['2']);
  });

  it('refuses a malformed key with 400 naming the header, before anything runs', async () => {
    for (const bad of ['x'.repeat(256), 'a\tb', '"unterminated', '""']) {
      const r = await a.call('PUT', '/bills/b1', bill('2'), key(bad));
      expect(r.status, bad).toBe(400);
      expect(r.json.error.field).toBe('Idempotency-Key');
    }
    expect(a.store.getBill('b1')).toBeNull();
    expect((await a.call('PUT', '/bills/b1', bill('2'), key('x'.repeat(255)))).status).toBe(201);
    // A read takes no key: it is ignored, not refused.
    expect((await a.call('GET', '/bills/b1', undefined, key('x'.repeat(300)))).status).toBe(200);
  });

  it('keeps an answer 24 h, then the key runs again and the old answer is pruned', async () => {
    expect((await a.call('PUT', '/bills/b1', bill('2'), key('k-day'))).status).toBe(201);
    expect((await a.call('PUT', '/tables/t2', { name: 'Table 2' }, key('k-other'))).status).toBe(201);
    a.clock.advance(IDEMPOTENCY_KEPT_MS - 1);
    expect((await a.call('PUT', '/bills/b1', bill('2'), key('k-day'))).headers.get('idempotent-replayed')).toBe('true');
    expect(a.store.idempotentAnswerCount()).toBe(2);
    a.clock.advance(2);
    const again = await a.call('PUT', '/bills/b1', bill('2'), key('k-day'));
    expect([again.status, again.headers.get('idempotent-replayed')]).toEqual([200, null]);
    // Keeping the new answer pruned k-other's (kept over a day ago) and replaced k-day's.
    expect(a.store.idempotentAnswerCount()).toBe(1);
  });
});

describe('Idempotency-Key across a restart', () => {
  let dir = '';
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'tableside-idem-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('answers a retry from the kept answer after the host restarts on the same data dir', async () => {
    const file = join(dir, 'bills.sqlite');
    const clock = new ManualClock();
    const call = (port: number, method: string, path: string, body: unknown, k: string) =>
      fetch(`http://127.0.0.1:${port}/v1${path}`, {
        method,
        headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json', 'idempotency-key': k },
        body: JSON.stringify(body),
      });

    const store = openTestStore({ file, clock });
    const api = await startPosApi({ store, port: 0, token: TOKEN, log: silentLogger(), clock });
    expect((await call(api.port, 'PUT', '/tables/t1', { name: 'Table 1' }, 't1')).status).toBe(201);
    const first = await call(api.port, 'PUT', '/bills/b1', bill('2'), 'b1-first');
    const firstText = await first.text();
    expect(first.status).toBe(201);
    await api.close();
    store.close();

    const reopened = openTestStore({ file, clock });
    const again = await startPosApi({ store: reopened, port: 0, token: TOKEN, log: silentLogger(), clock });
    try {
      const seq = lastSeq(reopened);
      const retry = await call(again.port, 'PUT', '/bills/b1', bill('2'), 'b1-first');
      expect([retry.status, retry.headers.get('idempotent-replayed'), await retry.text()]).toEqual([201, 'true', firstText]);
      expect(lastSeq(reopened)).toBe(seq);
      expect((await call(again.port, 'PUT', '/bills/b1', bill('4'), 'b1-first')).status).toBe(422);
    } finally {
      await again.close();
      reopened.close();
    }
  });
});
