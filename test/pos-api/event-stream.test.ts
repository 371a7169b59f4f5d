import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../../main/base/clock.js';
import { lastSeq } from '../store/helpers.js';
import { startApi, TOKEN } from './helpers.js';

type Api = Awaited<ReturnType<typeof startApi>>;
interface SseMessage {
  id: number;
  event: string;
  data: { seq: number; kind: string; billId: string | null };
}

/** Reads an SSE response until `done(messages, comments)` holds; bounded by the fetch's abort deadline. */
async function readUntil(res: Response, done: (messages: SseMessage[], comments: string[]) => boolean) {
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  const messages: SseMessage[] = [];
  const comments: string[] = [];
  let buffer = '';
  while (!done(messages, comments)) {
    const { value, done: ended } = await reader.read();
    if (ended) break;
    buffer += decoder.decode(value, { stream: true });
    let cut = buffer.indexOf('\n\n');
    while (cut >= 0) {
      const block = buffer.slice(0, cut);
      buffer = buffer.slice(cut + 2);
      const fields = Object.fromEntries(
        block
          .split('\n')
          .filter((l) => !l.startsWith(':'))
          .map((l) => [l.slice(0, l.indexOf(':')), l.slice(l.indexOf(':') + 2)]),
      );
      if (fields.id !== undefined) messages.push({ id: Number(fields.id), event: fields.event!, data: JSON.parse(fields.data!) });
      else comments.push(block);
      cut = buffer.indexOf('\n\n');
    }
  }
  await reader.cancel();
  return { messages, comments };
}

const open = (a: Api, query = '', headers: Record<string, string> = {}) =>
  fetch(`${a.api.url}/events${query}`, {
    headers: { authorization: `Bearer ${TOKEN}`, accept: 'text/event-stream', ...headers },
    signal: AbortSignal.timeout(15_000),
  });

describe('the SSE event stream', () => {
  let a: Api;
  beforeEach(async () => {
    a = await startApi({ heartbeatMs: 100 });
    a.store.upsertTable({ id: 't1', name: 'One' });
    a.store.putBill({ id: 'b1', tableId: 't1', currency: 'CZK', items: [{ id: 'i', name: 'Beer', price: '50', quantity: '4' }] });
  });
  afterEach(async () => a.stop());

  it('replays from `after`, then delivers live events in order with id = seq', async () => {
    const res = await open(a, '?after=0');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const reading = readUntil(res, (m) => m.length >= 5);
    // Live writes after the stream is open.
    a.store.addItem('b1', { name: 'Soup', price: '40', quantity: '1' });
    a.store.upsertTable({ id: 't2', name: 'Two' });
    a.store.closeBill('b1');
    const { messages } = await reading;
    expect(messages.map((m) => [m.id, m.event])).toEqual([
      [1, 'table.upserted'],
      [2, 'bill.updated'],
      [3, 'bill.updated'],
      [4, 'table.upserted'],
      [5, 'bill.closed'],
    ]);
    expect(messages.every((m) => m.data.seq === m.id)).toBe(true);
  });

  it('resumes after Last-Event-ID and skips what the client already has', async () => {
    a.store.upsertTable({ id: 't2', name: 'Two' });
    const { messages } = await readUntil(await open(a, '?after=0', { 'last-event-id': '2' }), (m) => m.length >= 1);
    expect(messages.map((m) => m.id)).toEqual([3]);
    const after = await readUntil(await open(a, '?after=1'), (m) => m.length >= 2);
    expect(after.messages.map((m) => m.id)).toEqual([2, 3]);
  });

  it('sends comment heartbeats while idle', async () => {
    const { comments } = await readUntil(await open(a, `?after=${lastSeq(a.store)}`), (_m, c) => c.some((x) => x.includes('heartbeat')));
    expect(comments.some((c) => c === ': heartbeat')).toBe(true);
  });

  it('ends open streams when the server closes', async () => {
    const res = await open(a, '?after=0');
    const reading = readUntil(res, () => false);
    await a.api.close();
    const { messages } = await reading;
    expect(messages.map((m) => m.id)).toEqual([1, 2]);
  });

  it('still checks the token and the query on a stream request', async () => {
    expect((await fetch(`${a.api.url}/events`, { headers: { accept: 'text/event-stream' } })).status).toBe(401);
    const bad = await open(a, '?after=x');
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: { field: string } }).error.field).toBe('after');
  });
});

/** Reads SSE blocks one at a time, so a test can assert what came before what. */
function blockReader(res: Response) {
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  return {
    /** The next block ("id: …\nevent: …" or ": comment"), or null when the stream ended. */
    async next(): Promise<string | null> {
      for (let cut = buffer.indexOf('\n\n'); cut < 0; cut = buffer.indexOf('\n\n')) {
        const { value, done } = await reader.read();
        if (done) return null;
        buffer += decoder.decode(value, { stream: true });
      }
      const cut = buffer.indexOf('\n\n');
      const block = buffer.slice(0, cut);
      buffer = buffer.slice(cut + 2);
      return block;
    },
    cancel: () => reader.cancel(),
  };
}

describe('the SSE event stream on an injected clock', () => {
  const clock = new ManualClock();
  let a: Api;
  beforeEach(async () => {
    a = await startApi({ heartbeatMs: 1_000, clock });
  });
  afterEach(async () => a.stop());

  it('sends the heartbeat when the clock reaches the interval, not before', async () => {
    const stream = blockReader(await open(a));
    expect(await stream.next()).toBe(': tableside events');
    clock.advance(999);
    // Anything written before this event would arrive before it on the same socket.
    a.store.upsertTable({ id: 't1', name: 'One' });
    expect(await stream.next()).toMatch(/^id: 1\nevent: table\.upserted/);
    clock.advance(1);
    expect(await stream.next()).toBe(': heartbeat');
    await stream.cancel();
  });

  it('ends every stream opened with a token when the token is regenerated', async () => {
    const first = blockReader(await open(a));
    const second = blockReader(await open(a));
    expect(await first.next()).toBe(': tableside events');
    expect(await second.next()).toBe(': tableside events');
    // The same token again changes nothing: the streams stay open.
    a.api.setToken(TOKEN);
    a.store.upsertTable({ id: 't1', name: 'One' });
    expect(await first.next()).toMatch(/^id: 1\n/);
    a.api.setToken('b'.repeat(64));
    expect(await first.next()).toBeNull();
    expect(await second.next()).toMatch(/^id: 1\n/);
    expect(await second.next()).toBeNull();
    // With the new token a stream opens again; the old one is refused.
    expect((await open(a)).status).toBe(401);
    const again = blockReader(await open(a, '', { authorization: `Bearer ${'b'.repeat(64)}` }));
    expect(await again.next()).toBe(': tableside events');
    await again.cancel();
  });
});
