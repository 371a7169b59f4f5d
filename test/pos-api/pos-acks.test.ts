import { afterEach, describe, expect, it } from 'vitest';
import type { AttentionEntry } from '../../preload/contract.js';
import { ATTENTION_PUSH_MS, createAttentionWatcher, type AttentionWatcher } from '../../main/features/attention/index.js';
import { dayReport, restaurantDate } from '../../main/features/reports/index.js';
import { startPosApi } from '../../main/app/pos-api.js';
import { silentLogger } from '../../main/base/log.js';
import { seedBill, tempStore, wirePayment } from '../store/helpers.js';
import { TOKEN, type ApiError } from './helpers.js';

type Cursor = { seq: number | null; at: string | null; lastSeq: number; behind: number };
type Event = { seq: number; kind: string; paymentId: string | null };
type Health = { pos: { cursor: number | null; lastSeq: number; behind: number; lastAckAt: string | null; oldestUnsyncedSeconds: number | null } };

const UNSYNCED_AFTER_MS = 30_000;

/** The CSV's posNotified column by payment id. */
function notifiedColumn(csv: string): Record<string, string> {
  const [header, ...rows] = csv.trim().split('\r\n');
  const at = header!.split(',').indexOf('posNotified');
  return Object.fromEntries(rows.map((r) => [r.split(',')[0]!, r.split(',')[at]!]));
}

// A real store on a manual clock behind the real POS API on 127.0.0.1, with the Needs attention
// watcher the companion runs: the POS reads the log over HTTP and acknowledges what it stored.
describe('the main POS acknowledges what it took in (POST /v1/events/ack)', () => {
  let stop: (() => Promise<void>) | null = null;
  let watcher: AttentionWatcher | null = null;
  afterEach(async () => {
    watcher?.stop();
    await stop?.();
    stop = null;
  });

  async function start() {
    const a = await startApiWithLimit();
    stop = a.stop;
    const pushed: AttentionEntry[][] = [];
    watcher = createAttentionWatcher({
      store: a.store,
      clock: a.clock,
      push: (entries) => pushed.push(entries),
      listening: () => true,
      unsyncedAfterMs: () => UNSYNCED_AFTER_MS,
    });
    watcher.start();
    seedBill(a.store);
    let n = 0;
    const pay = (): string => {
      const id = `p${++n}`;
      a.store.startPayment(wirePayment(id, [{ id: 'beer', price: '62.50', quantity: '1' }]));
      a.store.processPayment(id);
      a.store.closePayment(id, 'PAID');
      return id;
    };
    const unsynced = async () => (await a.call<AttentionEntry[]>('GET', '/attention?kind=pos-unsynced')).json.map((e) => e.paymentId);
    const lastPushed = () => (pushed.at(-1) ?? []).filter((e) => e.kind === 'pos-unsynced').map((e) => e.paymentId);
    const readAll = async (after: number) => (await a.call<Event[]>('GET', `/events?after=${after}`)).json;
    const ack = (seq: unknown) => a.call<Cursor & ApiError>('POST', '/events/ack', { seq });
    const csv = async () => notifiedColumn((await a.call('GET', '/payments?format=csv')).text);
    return { ...a, pay, unsynced, lastPushed, readAll, ack, csv };
  }

  /** A real store on a manual clock (tempStore) behind the POS API, with the setting as the companion passes it. */
  async function startApiWithLimit() {
    const t = tempStore();
    const api = await startPosApi({
      store: t.store,
      port: 0,
      token: TOKEN,
      log: silentLogger(),
      clock: t.clock,
      now: () => t.clock.now(),
      unsyncedAfterMs: () => UNSYNCED_AFTER_MS,
    });
    const call = async <T = ApiError>(method: string, path: string, body?: unknown) => {
      const res = await fetch(`${api.url}${path}`, {
        method,
        headers: { authorization: `Bearer ${TOKEN}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await res.text();
      return {
        status: res.status,
        text,
        get json(): T {
          return (text ? JSON.parse(text) : null) as T;
        },
      };
    };
    return {
      ...t,
      call,
      stop: async () => {
        await api.close();
        t.cleanup();
      },
    };
  }

  it('a POS that stops acknowledging turns its next payment unsynced at the set time; acknowledging again makes it POS notified and resolves the entry', async () => {
    const s = await start();

    // No POS has acknowledged yet: nothing is flagged however old, and "POS notified" does not apply.
    const before = s.pay();
    s.clock.advance(10 * 60_000);
    expect(await s.unsynced()).toEqual([]);
    expect(await s.csv()).toEqual({ [before]: '' });
    expect((await s.call<Health>('GET', '/health')).json.pos).toMatchObject({ cursor: null, lastAckAt: null, oldestUnsyncedSeconds: null });

    // The POS reads the log and commits what it stored.
    const log = await s.readAll(0);
    const first = await s.ack(log.at(-1)!.seq);
    expect(first.status).toBe(200);
    expect(first.json).toEqual({ seq: log.at(-1)!.seq, at: new Date(s.clock.now()).toISOString(), lastSeq: log.at(-1)!.seq, behind: 0 });
    expect(await s.csv()).toEqual({ [before]: 'yes' });

    // It stops acknowledging. The next payment is paid now; reading it is no acknowledgement.
    const paidAt = s.clock.now();
    const missed = s.pay();
    const unread = await s.readAll(log.at(-1)!.seq);
    expect(unread.map((e) => e.kind)).toContain('payment.paid');
    s.clock.advance(UNSYNCED_AFTER_MS - 1);
    expect(await s.unsynced()).toEqual([]);
    expect(s.lastPushed()).toEqual([]);
    s.clock.advance(1);
    expect(await s.unsynced()).toEqual([missed]);
    const [entry] = (await s.call<AttentionEntry[]>('GET', '/attention?kind=pos-unsynced')).json;
    expect(entry).toMatchObject({
      id: `pos-unsynced:${missed}`,
      since: new Date(paidAt).toISOString(),
      amount: '62.50',
      actions: [],
      detail: { cursor: String(log.at(-1)!.seq) },
    });
    // The cashier's screen hears of it at the watcher's next look (every 15 s).
    s.clock.advance(15_000);
    expect(s.lastPushed()).toEqual([missed]);
    expect(await s.csv()).toEqual({ [before]: 'yes', [missed]: 'no' });
    const date = restaurantDate(s.clock.now(), '04:00');
    expect(dayReport(s.store, { date, dayEndsAt: '04:00', defaultCurrency: 'CZK' }).posNotified).toEqual({ notified: 1, notYet: 1 });
    const health = (await s.call<Health>('GET', '/health')).json.pos;
    expect(health).toEqual({
      cursor: log.at(-1)!.seq,
      lastSeq: unread.at(-1)!.seq,
      behind: unread.at(-1)!.seq - log.at(-1)!.seq,
      lastAckAt: new Date(paidAt).toISOString(),
      oldestUnsyncedSeconds: 45,
    });
    // Acknowledging the entry is refused: it resolves only by the POS's acknowledgement.
    const resolve = await s.call('POST', `/attention/${encodeURIComponent(entry!.id)}/resolve`, {});
    expect(resolve.status).toBe(409);

    // The POS comes back and acknowledges what it stored: notified, and the entry leaves at once.
    const again = await s.ack(unread.at(-1)!.seq);
    expect(again.json).toMatchObject({ seq: unread.at(-1)!.seq, behind: 0 });
    expect(await s.unsynced()).toEqual([]);
    // Pushed without waiting for the next look: at most one computation per ATTENTION_PUSH_MS.
    s.clock.advance(ATTENTION_PUSH_MS);
    expect(s.lastPushed()).toEqual([]);
    expect(await s.csv()).toEqual({ [before]: 'yes', [missed]: 'yes' });
    expect(dayReport(s.store, { date, dayEndsAt: '04:00', defaultCurrency: 'CZK' }).posNotified).toEqual({ notified: 2, notYet: 0 });
    expect((await s.call<Health>('GET', '/health')).json.pos).toMatchObject({ behind: 0, oldestUnsyncedSeconds: null });
  });

  it('the cursor only moves forward; a seq past the last event or not a whole number is a 400 naming seq', async () => {
    const s = await start();
    s.pay();
    const last = (await s.readAll(0)).at(-1)!.seq;
    const moved = await s.ack(last - 1);
    expect(moved.json).toMatchObject({ seq: last - 1, behind: 1 });
    s.clock.advance(5_000);

    const lower = await s.ack(0);
    expect(lower.status).toBe(200);
    expect(lower.json).toEqual(moved.json);
    const same = await s.ack(last - 1);
    expect(same.json).toEqual(moved.json);

    const ahead = await s.ack(last + 1);
    expect(ahead.status).toBe(400);
    expect(ahead.json.error).toMatchObject({ code: 'BAD_REQUEST', field: 'seq' });
    for (const bad of [-1, 1.5, '3', null]) {
      const refused = await s.ack(bad);
      expect(refused.status, String(bad)).toBe(400);
      expect(refused.json.error.field).toBe('seq');
    }
    expect((await s.ack(last)).json).toEqual({ seq: last, at: new Date(s.clock.now()).toISOString(), lastSeq: last, behind: 0 });
  });
});
