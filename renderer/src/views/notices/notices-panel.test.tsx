import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail } from '../../test/fake-api';
import { burstEvents } from '../../test/burst';
import { noticeFixture, settingsFixture, snapshotFixture } from '../../test/fixture';
import { expectNoMissingKeys, renderApp } from '../../test/render-app';

const panel = () => screen.getByRole('region', { name: 'Notifications' });

describe('Notifications', () => {
  it('shows unacknowledged notices in words, hides acknowledged ones', async () => {
    const { missingKeys, beeps } = await renderApp();
    expect(panel()).toHaveTextContent('Table 12 paid 324.00 CZK + 30.00 tip');
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
    expect(panel()).toHaveTextContent('Table 12: payment of 80.00 CZK refunded, the items are back on the bill.');
    expect(panel()).toHaveTextContent('The payment service reported an error: Rate limit exceeded');
    expect(panel()).toHaveTextContent(/Table 12 paid 99\.50 CZK(?! \+)/);
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

  it('shows the newest three of a burst with "+N more", in one frame and with one beep', async () => {
    const now = Date.now();
    const { user, beeps, pushEvents, missingKeys } = await renderApp();
    // 50 payments: 200+ events, applied in one frame; plus the snapshot's open notice = 51 open.
    pushEvents(...burstEvents(now, 50));
    const rows = () => within(panel()).getAllByRole('listitem');
    expect(rows()).toHaveLength(3);
    expect(rows().map((r) => r.textContent)).toEqual([
      expect.stringContaining('Table 149 paid'),
      expect.stringContaining('Table 148 paid'),
      expect.stringContaining('Table 147 paid'),
    ]);
    expect(panel()).toHaveAttribute('data-open-count', '51');
    expect(beeps).toHaveLength(1);

    const more = within(panel()).getByRole('button', { name: '+48 more' });
    expect(more).toHaveAttribute('aria-expanded', 'false');
    await user.click(more);
    expect(rows()).toHaveLength(51);
    const fewer = within(panel()).getByRole('button', { name: 'Show only the newest' });
    expect(fewer).toHaveAttribute('aria-expanded', 'true');
    await user.click(fewer);
    expect(rows()).toHaveLength(3);
    expectNoMissingKeys(missingKeys);
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
});
