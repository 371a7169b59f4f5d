import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatMoney } from '../../format/decimal-text';
import { noticeFixture, paymentFixture, snapshotFixture } from '../../test/fixture';
import { expectNoMissingKeys, renderApp } from '../../test/render-app';

const panel = () => screen.getByRole('region', { name: 'Notifications' });
const rows = () => within(panel()).getAllByRole('listitem');

function withNotices(now: number, ...notices: Parameters<typeof noticeFixture>[1][]) {
  const snapshot = snapshotFixture(now);
  snapshot.notices = notices.map((n) => noticeFixture(now, n));
  return snapshot;
}

afterEach(() => vi.useRealTimers());

describe('Notices that lead somewhere', () => {
  it('says a partial payment is partial: paid X of Y, Z left', async () => {
    const now = Date.now();
    const snapshot = withNotices(now, { id: 'paid:p7', tableId: 't3', tableName: '5', amount: '321.00', tip: '0.00', billTotal: '840.00', billDue: '519.00' });
    const { missingKeys } = await renderApp({ snapshot });
    expect(panel()).toHaveTextContent('Table 5 paid 321.00 of CZK 840.00, 519.00 left');
    expectNoMissingKeys(missingKeys);
  });

  it('in Czech too, and a full payment stays a plain "paid"', async () => {
    const now = Date.now();
    const snapshot = withNotices(
      now,
      { id: 'paid:p7', tableId: 't3', tableName: '5', amount: '321.00', tip: '0.00', billTotal: '840.00', billDue: '519.00' },
      { id: 'paid:p8', tableId: 't2', tableName: '2', amount: '100.00', tip: '0.00', billTotal: '100.00', billDue: '0.00' },
    );
    const { missingKeys } = await renderApp({ snapshot, language: 'cs' });
    const region = screen.getByRole('region', { name: 'Oznámení' });
    expect(region).toHaveTextContent(/Stůl 5 zaplatil 321,00 z 840,00 Kč, zbývá 519,00/);
    expect(region).toHaveTextContent(/Stůl 2 zaplatil 100,00 Kč(?! z)/);
    expectNoMissingKeys(missingKeys);
  });

  it('opens its table on click and on Enter: the Tables tab with that table selected', async () => {
    const now = Date.now();
    const snapshot = withNotices(
      now,
      { id: 'paid:p7', tableId: 't3', tableName: '12' },
      { id: 'paid:p9', tableId: 't2', tableName: '2', at: new Date(now).toISOString() },
    );
    const { user, store } = await renderApp({ snapshot });
    await user.click(screen.getByRole('tab', { name: /Payments/ }));
    await user.click(within(panel()).getByRole('button', { name: /Table 12 paid/ }));
    expect(store.getState().tab).toBe('tables');
    expect(store.getState().selectedTableId).toBe('t3');
    within(panel())
      .getByRole('button', { name: /Table 2 paid/ })
      .focus();
    await user.keyboard('{Enter}');
    expect(store.getState().selectedTableId).toBe('t2');
  });

  it('marks a refunded payment on its paid notice, and words why a payment ended unpaid', async () => {
    const now = Date.now();
    const snapshot = withNotices(
      now,
      { id: 'paid:p7', tableId: 't3', refunded: true },
      { id: 'failed:p8', kind: 'failed', tableId: 't2', tableName: '2', amount: '54.00', message: 'LOCK_EXPIRED' },
      { id: 'failed:p9', kind: 'failed', tableId: 't2', tableName: '2', amount: '60.00', message: 'NOT_FOUND' },
    );
    await renderApp({ snapshot });
    const paid = rows().find((r) => r.textContent?.includes('Table 12 paid'));
    expect(paid).toHaveClass('notice-was-refunded');
    expect(paid).toHaveTextContent('refunded');
    expect(panel()).toHaveTextContent('Table 2: payment of CZK 54.00 timed out');
    expect(panel()).toHaveTextContent('Table 2: payment of CZK 60.00 was lost (connection lost');
    expect(panel()).not.toHaveTextContent('declined');
  });

  it('a capture notice offers Capture right there', async () => {
    const now = Date.now();
    const snapshot = withNotices(now, { id: 'capture:p3', kind: 'capture', paymentId: 'p3', tableId: 't2', tableName: '8', amount: '1137.00', tip: '0.00' });
    snapshot.payments = [
      paymentFixture(now, { id: 'p3', tableId: 't2', tableName: '8', amount: '1137.00', state: 'PROCESSED', captureMode: 'manual', captured: false }),
    ];
    const { user, api } = await renderApp({ snapshot });
    expect(panel()).toHaveTextContent(/Table 8: capture CZK\s1,137\.00/);
    await user.click(within(panel()).getByRole('button', { name: `Capture ${formatMoney('1137', 'CZK', 'en')} at Table 8` }));
    expect(api.callsOf('capturePayment')).toEqual([{ paymentId: 'p3' }]);
  });
});

describe('Notice sounds', () => {
  it('one pattern for paid, another for problems (declined, failed, capture, service error)', async () => {
    const now = Date.now();
    const { beeps, pushEvents } = await renderApp();
    pushEvents({ type: 'notice', seq: 11, notice: noticeFixture(now, { id: 'paid:a' }) });
    for (const [i, kind] of (['declined', 'failed', 'capture', 'service-error'] as const).entries()) {
      pushEvents({ type: 'notice', seq: 12 + i, notice: noticeFixture(now, { id: `${kind}:x`, kind }) });
    }
    expect(beeps).toEqual(['paid', 'problem', 'problem', 'problem', 'problem']);
  });

  it('reminds every interval while a problem stays unacknowledged, not sooner, and stops once it is', async () => {
    const now = Date.now();
    const snapshot = snapshotFixture(now);
    snapshot.settings.reminderSeconds = 30;
    const { beeps, pushEvents } = await renderApp({ snapshot });
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    pushEvents({ type: 'notice', seq: 11, notice: noticeFixture(now, { id: 'declined:d', kind: 'declined' }) });
    expect(beeps).toEqual(['problem']);
    act(() => {
      vi.advanceTimersByTime(29_999);
    });
    expect(beeps).toHaveLength(1);
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(beeps).toEqual(['problem', 'problem']);
    act(() => {
      vi.advanceTimersByTime(30_000);
    });
    expect(beeps).toHaveLength(3);
    pushEvents({ type: 'notice', seq: 12, notice: noticeFixture(now, { id: 'declined:d', kind: 'declined', acknowledged: true }) });
    act(() => {
      vi.advanceTimersByTime(120_000);
    });
    expect(beeps).toHaveLength(3);
  });

  it('has no reminder for good news, nor with the reminder set to 0', async () => {
    const now = Date.now();
    const snapshot = snapshotFixture(now);
    snapshot.settings.reminderSeconds = 0;
    const { beeps, pushEvents } = await renderApp({ snapshot });
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    pushEvents({ type: 'notice', seq: 11, notice: noticeFixture(now, { id: 'declined:d', kind: 'declined' }) });
    act(() => {
      vi.advanceTimersByTime(600_000);
    });
    expect(beeps).toEqual(['problem']);
  });
});
