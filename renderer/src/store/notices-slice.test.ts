import { describe, expect, it } from 'vitest';
import { noticeFixture, snapshotFixture } from '../test/fixture';
import { createAppStore } from './app-store';
import { watchNewNotices } from './notice-watcher';
import { PAID_NOTICES_KEPT } from './notices-slice';
import { openNotices } from './selectors';

describe('notices slice', () => {
  it('hides acknowledged notices and dedupes by id', () => {
    const now = Date.now();
    const store = createAppStore();
    store.getState().applySnapshot(snapshotFixture(now));
    expect(openNotices(store.getState().notices).map((n) => n.id)).toEqual(['paid:p1']);

    const n = noticeFixture(now, { id: 'paid:p7', at: new Date(now).toISOString() });
    store.getState().applyEvent({ type: 'notice', seq: 11, notice: n });
    // The same cause delivered again with a newer seq: still one notice.
    store.getState().applyEvent({ type: 'notice', seq: 12, notice: n });
    expect(openNotices(store.getState().notices).map((x) => x.id)).toEqual(['paid:p7', 'paid:p1']);
  });

  it('keeps an acknowledged notice hidden when a late copy arrives', () => {
    const now = Date.now();
    const store = createAppStore();
    store.getState().applySnapshot(snapshotFixture(now));
    store.getState().applyEvent({ type: 'notice', seq: 11, notice: noticeFixture(now, { id: 'paid:p1', acknowledged: true }) });
    store.getState().applyEvent({ type: 'notice', seq: 12, notice: noticeFixture(now, { id: 'paid:p1' }) });
    expect(openNotices(store.getState().notices)).toEqual([]);
  });

  it('reports each new notice once, never those of the first snapshot', () => {
    const now = Date.now();
    const store = createAppStore();
    const seen: string[] = [];
    const off = watchNewNotices(store, (fresh) => seen.push(...fresh.map((n) => n.id)));
    store.getState().applySnapshot(snapshotFixture(now));
    const n = noticeFixture(now, { id: 'declined:p8', kind: 'declined' });
    store.getState().applyEvent({ type: 'notice', seq: 11, notice: n });
    store.getState().applyEvent({ type: 'notice', seq: 12, notice: n });
    off();
    store.getState().applyEvent({ type: 'notice', seq: 13, notice: noticeFixture(now, { id: 'paid:p9' }) });
    expect(seen).toEqual(['declined:p8']);
  });

  it('keeps every problem and the newest paid notices whole over a shift, the older paid ones by id', () => {
    const now = Date.now();
    const store = createAppStore();
    store.getState().applySnapshot(snapshotFixture(now));
    const paid = Array.from({ length: PAID_NOTICES_KEPT + 50 }, (_, i) => noticeFixture(now, { id: `paid:s${i}`, paymentId: `s${i}` }));
    const declined = Array.from({ length: 30 }, (_, i) => noticeFixture(now, { id: `declined:d${i}`, kind: 'declined' }));
    store.getState().applyEvents([...paid, ...declined].map((notice, i) => ({ type: 'notice' as const, seq: 11 + i, notice })));
    const s = store.getState();
    // The snapshot's open paid notice and the 50 oldest of the shift rolled up, in order.
    expect(s.earlierPaid).toEqual(['paid:p1', ...paid.slice(0, 50).map((n) => n.id)]);
    expect(openNotices(s.notices).filter((n) => n.kind === 'paid')).toHaveLength(PAID_NOTICES_KEPT);
    expect(openNotices(s.notices).filter((n) => n.kind === 'declined')).toHaveLength(30);
    expect(openNotices(s.notices).length + s.earlierPaid.length).toBe(1 + PAID_NOTICES_KEPT + 50 + 30);

    // Acknowledged: a rolled-up one leaves the ids, a whole one the record; late copies stay out.
    const ack = (id: string, seq: number, acknowledged = true) =>
      store.getState().applyEvent({ type: 'notice', seq, notice: noticeFixture(now, { id, acknowledged }) });
    ack('paid:s0', 500);
    ack('declined:d0', 501);
    ack('paid:s0', 502, false);
    ack('declined:d0', 503, false);
    expect(store.getState().earlierPaid).not.toContain('paid:s0');
    expect(store.getState().notices['declined:d0']).toBeUndefined();
    expect(store.getState().earlierPaid).toHaveLength(50);
    // A rolled-up payment refunded later comes back whole: it is news again.
    store.getState().applyEvent({ type: 'notice', seq: 504, notice: noticeFixture(now, { id: 'paid:s1', refunded: true }) });
    expect(store.getState().earlierPaid).not.toContain('paid:s1');
    expect(store.getState().notices['paid:s1']?.refunded).toBe(true);
  });
});
