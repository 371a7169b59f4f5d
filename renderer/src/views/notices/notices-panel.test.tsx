import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail } from '../../test/fake-api';
import { burstEvents } from '../../test/burst';
import { noticeFixture, settingsFixture, snapshotFixture } from '../../test/fixture';
import { orderFixture } from '../../test/order-fixture';
import { expectNoMissingKeys, renderApp } from '../../test/render-app';
import { formatMoney } from '../../format/decimal-text';
import type { CompanionEvent } from '../../../../preload/contract';
import { PAID_NOTICES_KEPT } from '../../store/notices-slice';

/** A burst's events under other ids (a second burst in the same test). */
function rename(e: CompanionEvent, prefix: string): CompanionEvent {
  if (e.type !== 'notice') return e;
  return { ...e, notice: { ...e.notice, id: `${prefix}${e.notice.id}` } };
}

const panel = (name = 'Notifications') => screen.getByRole('region', { name });

describe('Notifications', () => {
  it('shows unacknowledged notices in words, hides acknowledged ones', async () => {
    const { missingKeys, beeps } = await renderApp();
    expect(panel()).toHaveTextContent('Table 12 paid CZK 324.00 + 30.00 tip');
    expect(panel()).not.toHaveTextContent('Table 9');
    expect(beeps).toHaveLength(0);
    expectNoMissingKeys(missingKeys);
  });

  it('adds a pushed notice once and beeps once, even when delivered twice', async () => {
    const now = Date.now();
    const { beeps, pushEvents } = await renderApp();
    const n = noticeFixture(now, { id: 'declined:p5', kind: 'declined', tableName: '4', at: new Date(now).toISOString() });
    pushEvents({ type: 'notice', seq: 11, notice: n });
    pushEvents({ type: 'notice', seq: 12, notice: n });
    expect(within(panel()).getAllByText(/Payment at Table 4 was declined/)).toHaveLength(1);
    expect(beeps).toEqual(['problem']);
  });

  it('stays silent when sound is off', async () => {
    const now = Date.now();
    const snapshot = snapshotFixture(now);
    snapshot.settings = settingsFixture({ sound: false });
    const { beeps, pushEvents } = await renderApp({ snapshot });
    pushEvents({ type: 'notice', seq: 11, notice: noticeFixture(now, { id: 'paid:p6' }) });
    expect(beeps).toHaveLength(0);
  });

  it('words cancelled and service-error notices, without a zero tip', async () => {
    const now = Date.now();
    const { pushEvents } = await renderApp();
    pushEvents(
      { type: 'notice', seq: 11, notice: noticeFixture(now, { id: 'cancelled:p1', kind: 'cancelled', amount: '80', tip: '0' }) },
      { type: 'notice', seq: 12, notice: noticeFixture(now, { id: 'err:1', kind: 'service-error', message: 'Rate limit exceeded', tableName: null }) },
      { type: 'notice', seq: 13, notice: noticeFixture(now, { id: 'paid:p9', tip: '0', amount: '99.5' }) },
    );
    expect(panel()).toHaveTextContent('Table 12: payment of CZK 80.00 refunded, the items are back on the bill.');
    expect(panel()).toHaveTextContent('The payment service reported an error: Rate limit exceeded');
    expect(panel()).toHaveTextContent(/Table 12 paid CZK\s99\.50(?! \+)/);
  });

  it("words a waiter's call from a phone: help or the manager", async () => {
    const now = Date.now();
    const { pushEvents } = await renderApp();
    pushEvents(
      {
        type: 'notice',
        seq: 11,
        notice: noticeFixture(now, { id: 'staff-call:1', kind: 'staff-call', message: 'help', amount: null, tip: null, paymentId: null }),
      },
      {
        type: 'notice',
        seq: 12,
        notice: noticeFixture(now, { id: 'staff-call:2', kind: 'staff-call', message: 'manager', tableName: '5', amount: null, tip: null, paymentId: null }),
      },
    );
    expect(panel()).toHaveTextContent('Table 12 calls for a waiter');
    expect(panel()).toHaveTextContent('Table 5 calls for the manager');
  });

  it('acknowledges with the keyboard; the notice goes when main says so', async () => {
    const now = Date.now();
    const { api, user, pushEvents } = await renderApp();
    const ok = within(panel()).getByRole('button', { name: 'OK' });
    ok.focus();
    await user.keyboard('{Enter}');
    expect(api.callsOf('acknowledgeNotice')).toEqual([{ noticeId: 'paid:p1' }]);
    pushEvents({ type: 'notice', seq: 11, notice: noticeFixture(now, { id: 'paid:p1', acknowledged: true }) });
    expect(screen.queryByRole('region', { name: 'Notifications' })).toBeNull();
  });

  it('shows the error when acknowledging fails', async () => {
    const { api, user } = await renderApp();
    api.answer('acknowledgeNotice', fail('INTERNAL_ERROR', undefined, 'acknowledgeNotice'));
    await user.click(within(panel()).getByRole('button', { name: 'OK' }));
    expect(await within(panel()).findByRole('alert')).toHaveTextContent('Something went wrong in Tableside');
  });

  it('folds a burst of payments into one line for their minute, in one frame and with one beep; "Show each" lists them', async () => {
    // Within one minute: 50 full payments arriving 20 ms apart.
    const now = Math.floor(Date.now() / 60_000) * 60_000 + 1_000;
    const { user, beeps, pushEvents, missingKeys } = await renderApp();
    // 50 payments: 200+ events, applied in one frame; plus the snapshot's open notice = 51 open.
    pushEvents(...burstEvents(now, 50));
    const rows = () => within(panel()).getAllByRole('listitem');
    expect(rows().map((r) => r.textContent)).toEqual([
      expect.stringContaining(`50 tables paid · ${formatMoney('16200', 'CZK', 'en')}`),
      expect.stringContaining('Table 12 paid'),
    ]);
    expect(panel()).toHaveAttribute('data-open-count', '51');
    expect(beeps).toHaveLength(1);

    const each = within(panel()).getByRole('button', { name: 'Show each' });
    expect(each).toHaveAttribute('aria-expanded', 'false');
    await user.click(each);
    expect(rows()).toHaveLength(51);
    expect(rows()[0]).toHaveTextContent('Table 149 paid');
    const fewer = within(panel()).getByRole('button', { name: 'Show only the newest' });
    expect(fewer).toHaveAttribute('aria-expanded', 'true');
    await user.click(fewer);
    expect(rows()).toHaveLength(2);
    expectNoMissingKeys(missingKeys);
  });

  it('shows the newest three rows with "+N more" when they do not fold', async () => {
    const now = Date.now();
    const { user, pushEvents } = await renderApp();
    // One payment a minute: nothing to fold.
    pushEvents(
      ...[1, 2, 3, 4, 5].map((i) => ({
        type: 'notice' as const,
        seq: 10 + i,
        notice: noticeFixture(now, { id: `paid:m${i}`, tableName: String(20 + i), at: new Date(now + (i - 5) * 60_000 + 30_000).toISOString() }),
      })),
    );
    const rows = () => within(panel()).getAllByRole('listitem');
    expect(rows().map((r) => r.textContent)).toEqual([
      expect.stringContaining('Table 25 paid'),
      expect.stringContaining('Table 24 paid'),
      expect.stringContaining('Table 12 paid'),
    ]);
    await user.click(within(panel()).getByRole('button', { name: '+3 more' }));
    expect(rows()).toHaveLength(6);
  });

  it('keeps a declined card first, with its own count, under eight payments that came after it', async () => {
    const now = Math.floor(Date.now() / 60_000) * 60_000 + 1_000;
    const { pushEvents, missingKeys } = await renderApp();
    pushEvents({
      type: 'notice',
      seq: 11,
      notice: noticeFixture(now, { id: 'declined:d1', kind: 'declined', tableName: '31', at: new Date(now).toISOString() }),
    });
    pushEvents(...burstEvents(now + 100, 8, 20));
    const rows = within(panel()).getAllByRole('listitem');
    expect(rows[0]).toHaveTextContent('Payment at Table 31 was declined');
    expect(rows[0]).toHaveClass('notice-problem');
    expect(rows[1]).toHaveTextContent('8 tables paid · CZK 2,592.00');
    expect(within(panel()).getByText('1 problem')).toBeInTheDocument();
    expectNoMissingKeys(missingKeys);
  });

  it('pins problems above newer good news and counts them', async () => {
    const now = Date.now();
    const { pushEvents } = await renderApp();
    const at = (ms: number) => new Date(now - ms).toISOString();
    pushEvents(
      { type: 'notice', seq: 11, notice: noticeFixture(now, { id: 'capture:c1', kind: 'capture', tableName: '7', amount: '1438.00', at: at(300_000) }) },
      { type: 'notice', seq: 12, notice: noticeFixture(now, { id: 'failed:f1', kind: 'failed', tableName: '8', message: 'LOCK_EXPIRED', at: at(200_000) }) },
      { type: 'notice', seq: 13, notice: noticeFixture(now, { id: 'paid:n1', tableName: '9', at: at(1_000) }) },
    );
    const rows = within(panel()).getAllByRole('listitem');
    expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringContaining('Table 8: payment of'),
      expect.stringContaining(`Table 7: capture ${formatMoney('1438', 'CZK', 'en')}`),
      expect.stringContaining('Table 9 paid'),
    ]);
    expect(within(panel()).getByText('2 problems')).toBeInTheDocument();
    // The snapshot's own paid notice is the fourth row, hidden.
    expect(within(panel()).getByRole('button', { name: '+1 more' })).toBeInTheDocument();
  });

  it('acknowledges a folded line as all its payments', async () => {
    const now = Math.floor(Date.now() / 60_000) * 60_000 + 1_000;
    const { api, user, pushEvents } = await renderApp();
    pushEvents(...burstEvents(now, 4));
    const group = within(panel()).getAllByRole('listitem')[0]!;
    expect(group).toHaveTextContent('4 tables paid');
    await user.click(within(group).getByRole('button', { name: 'OK' }));
    const acknowledged = api.callsOf('acknowledgeNotice') as { noticeId: string }[];
    expect(acknowledged.map((c) => c.noticeId).sort()).toEqual(['paid:bp-0', 'paid:bp-1', 'paid:bp-2', 'paid:bp-3']);
  });

  it('words the folded line and the problem count with Czech plurals', async () => {
    const now = Math.floor(Date.now() / 60_000) * 60_000 + 1_000;
    const { pushEvents, missingKeys } = await renderApp({ language: 'cs' });
    pushEvents(...burstEvents(now, 4));
    const amount = (v: string) => formatMoney(v, 'CZK', 'cs').replace(/\s/g, ' ');
    expect(within(panel('Oznámení')).getAllByRole('listitem')[0]).toHaveTextContent(`4 stoly zaplaceny · ${amount('1296.00')}`);
    pushEvents(...burstEvents(now + 100, 5, 100).map((e) => rename(e, 'c')));
    expect(within(panel('Oznámení')).getAllByRole('listitem')[0]).toHaveTextContent(`9 stolů zaplaceno · ${amount('2916.00')}`);
    pushEvents(
      ...[1, 2, 3, 4, 5].map((i) => ({
        type: 'notice' as const,
        seq: 200 + i,
        notice: noticeFixture(now, { id: `declined:x${i}`, kind: 'declined', tableName: String(i), at: new Date(now).toISOString() }),
      })),
    );
    expect(within(panel('Oznámení')).getByText('5 problémů')).toBeInTheDocument();
    expectNoMissingKeys(missingKeys);
  });

  it('pins an order nobody answered for too long; it opens Orders', async () => {
    const now = Date.now();
    const snapshot = snapshotFixture(now);
    snapshot.orders = [orderFixture(now, { id: 'o-late', created: new Date(now - 9 * 60_000).toISOString() })];
    const { user, store } = await renderApp({ snapshot });
    const first = within(panel()).getAllByRole('listitem')[0]!;
    expect(first).toHaveTextContent('Table 5: the order has waited too long, answer it in Orders');
    expect(within(panel()).getByText('1 problem')).toBeInTheDocument();
    await user.click(within(first).getByRole('button'));
    expect(store.getState().tab).toBe('orders');
  });

  it('acknowledges all open notices at once; they go when main says so', async () => {
    const now = Date.now();
    const { api, user, pushEvents } = await renderApp();
    pushEvents(...burstEvents(now, 4));
    await user.click(within(panel()).getByRole('button', { name: 'Acknowledge all (5)' }));
    const acknowledged = api.callsOf('acknowledgeNotice') as { noticeId: string }[];
    expect(acknowledged.map((c) => c.noticeId).sort()).toEqual(['paid:bp-0', 'paid:bp-1', 'paid:bp-2', 'paid:bp-3', 'paid:p1']);
    const notices = Object.values(api.snapshot.notices).filter((n) => !n.acknowledged);
    pushEvents(
      ...[...notices.map((n) => n.id), 'paid:bp-0', 'paid:bp-1', 'paid:bp-2', 'paid:bp-3'].map((id, i) => ({
        type: 'notice' as const,
        seq: 100 + i,
        notice: noticeFixture(now, { id, acknowledged: true }),
      })),
    );
    expect(screen.queryByRole('region', { name: 'Notifications' })).toBeNull();
  });

  it('says so when acknowledging all fails, and offers it only for two or more', async () => {
    const now = Date.now();
    const { api, user, pushEvents } = await renderApp();
    expect(within(panel()).queryByRole('button', { name: /Acknowledge all/ })).toBeNull();
    pushEvents({ type: 'notice', seq: 11, notice: noticeFixture(now, { id: 'paid:p5', at: new Date(now).toISOString() }) });
    api.answer('acknowledgeNotice', (input) =>
      input.noticeId === 'paid:p5' ? fail('INTERNAL_ERROR', undefined, 'acknowledgeNotice') : { ok: true, value: null },
    );
    await user.click(within(panel()).getByRole('button', { name: 'Acknowledge all (2)' }));
    expect(await within(panel()).findByRole('alert')).toHaveTextContent('Something went wrong in Tableside');
    expect(within(panel()).getAllByRole('listitem')).toHaveLength(2);
  });

  it('rolls the oldest payments of a long shift into one line; its OK and the open count cover them all', async () => {
    const now = Date.now();
    const { api, user, pushEvents } = await renderApp();
    const count = PAID_NOTICES_KEPT + 5;
    pushEvents(
      ...Array.from({ length: count }, (_, i) => ({
        type: 'notice' as const,
        seq: 11 + i,
        notice: noticeFixture(now, { id: `paid:r${i}`, at: new Date(now - (count - i) * 60_000).toISOString() }),
      })),
    );
    // The snapshot's paid notice and the five oldest of the shift.
    expect(panel()).toHaveAttribute('data-open-count', String(count + 1));
    await user.click(within(panel()).getByRole('button', { name: /more/ }));
    const earlier = within(panel()).getAllByRole('listitem').at(-1)!;
    expect(earlier).toHaveTextContent('6 earlier payments');
    await user.click(within(earlier).getByRole('button', { name: 'OK' }));
    const acknowledged = api.callsOf('acknowledgeNotice') as { noticeId: string }[];
    expect(acknowledged.map((c) => c.noticeId)).toEqual(['paid:p1', 'paid:r0', 'paid:r1', 'paid:r2', 'paid:r3', 'paid:r4']);
  });
});
