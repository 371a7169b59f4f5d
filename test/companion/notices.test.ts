import { describe, expect, it } from 'vitest';
import type { Notice } from '../../preload/contract.js';
import { BEER, GOULASH, liveCompanion } from '../integration/helpers/harness.js';

describe('Notices from real payments', () => {
  const live = liveCompanion('ws');

  /** The next pushed notice with this id that satisfies `test` (already pushed ones count). */
  const noticeWhere = (id: string, test: (n: Notice) => boolean = () => true) =>
    new Promise<Notice>((resolve) => {
      const seen = live.pos.events.find((e) => e.type === 'notice' && e.notice.id === id && test(e.notice));
      if (seen && seen.type === 'notice') return resolve(seen.notice);
      const off = live.pos.companion.api.onEvent((e) => {
        if (e.type === 'notice' && e.notice.id === id && test(e.notice)) {
          off();
          resolve(e.notice);
        }
      });
    });

  it('a partial payment carries the table, the bill total and what is left', async () => {
    await live.pos.pos.seed('n1', 'bn1', [BEER]);
    const paid = await live.sandbox.guestPay({ idTable: 'n1', items: [{ id: 'beer', quantity: '1' }] });
    const notice = await noticeWhere(`paid:${paid.payment.id}`);
    expect(notice).toMatchObject({ kind: 'paid', tableId: 'n1', tableName: 'Table n1', amount: '62.00', billTotal: '248.00', billDue: '186.00' });
  });

  it('a declined card is "declined", never a refund', async () => {
    await live.pos.pos.seed('n2', 'bn2', [GOULASH]);
    const declined = await live.sandbox.guestPay({ idTable: 'n2', outcome: 'declined' });
    const notice = await noticeWhere(`declined:${declined.payment.id}`);
    expect(notice).toMatchObject({ kind: 'declined', tableId: 'n2', amount: '459.00' });
    expect(live.pos.events.some((e) => e.type === 'notice' && e.notice.id === `refunded:${declined.payment.id}`)).toBe(false);
  });

  it('an abandoned payment (the service ended it without a word) is "failed: abandoned", never "declined"', async () => {
    await live.pos.pos.seed('n5', 'bn5', [BEER]);
    live.sandbox.injectFault({ kind: 'abandon-payment' });
    const abandoned = await live.sandbox.guestPay({ idTable: 'n5', items: [{ id: 'beer', quantity: '1' }] });
    expect(abandoned.outcome).toBe('cancelled');
    const retried = await live.pos.companion.api.retryRecovery({ paymentId: abandoned.payment.id });
    expect(retried).toMatchObject({ ok: true, value: { outcome: 'unlocked', payment: { state: 'CANCELLED', closedState: 'CANCELLED', ending: 'abandoned' } } });
    const notice = await noticeWhere(`failed:${abandoned.payment.id}`);
    expect(notice).toMatchObject({ kind: 'failed', tableId: 'n5', message: 'ABANDONED' });
    expect(live.pos.events.some((e) => e.type === 'notice' && e.notice.id === `declined:${abandoned.payment.id}`)).toBe(false);
    // Today's restaurant day may have begun yesterday (it ends at 04:00): both days.
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const history = await live.pos.companion.api.listPayments({ from: day(-1), to: day(1), filters: { states: ['abandoned'] } });
    expect(history).toMatchObject({ ok: true, value: [{ paymentId: abandoned.payment.id, state: 'abandoned' }] });
  });

  it('a refund is its own notice and marks the earlier "paid" one as refunded', async () => {
    await live.pos.pos.seed('n3', 'bn3', [BEER]);
    const paid = await live.sandbox.guestPay({ idTable: 'n3' });
    await noticeWhere(`paid:${paid.payment.id}`);
    expect((await live.pos.companion.api.cancelPayment({ paymentId: paid.payment.id })).ok).toBe(true);
    expect(await noticeWhere(`refunded:${paid.payment.id}`)).toMatchObject({ kind: 'refunded', amount: '248.00' });
    expect(await noticeWhere(`paid:${paid.payment.id}`, (n) => n.refunded === true)).toMatchObject({ acknowledged: false, refunded: true });
    const snapshot = await live.pos.companion.api.getSnapshot();
    expect(snapshot.notices.find((n) => n.id === `paid:${paid.payment.id}`)?.refunded).toBe(true);
  });

  it('an authorised manual-capture payment raises "capture"; capturing settles it and the payment is paid', async () => {
    await live.pos.pos.seed('n4', 'bn4', [BEER]);
    const authorized = await live.sandbox.guestPay({ idTable: 'n4', captureMode: 'manual' });
    expect(authorized.outcome).toBe('authorized');
    const id = `capture:${authorized.payment.id}`;
    expect(await noticeWhere(id)).toMatchObject({ kind: 'capture', tableId: 'n4', amount: '248.00', currency: 'CZK', acknowledged: false });
    expect((await live.pos.companion.api.capturePayment({ paymentId: authorized.payment.id })).ok).toBe(true);
    await noticeWhere(id, (n) => n.acknowledged);
    await noticeWhere(`paid:${authorized.payment.id}`);
    expect((await live.pos.companion.api.getSnapshot()).notices.some((n) => n.id === id)).toBe(false);
  });
});

describe('The reminder setting through the companion', () => {
  const live = liveCompanion('ws');

  it('saveSettings stores reminderSeconds and the snapshot carries it; out of range is refused naming the field', async () => {
    const api = live.pos.companion.api;
    const saved = await api.saveSettings({ reminderSeconds: 30 });
    expect(saved.ok && saved.value.reminderSeconds).toBe(30);
    expect((await api.getSnapshot()).settings.reminderSeconds).toBe(30);
    const bad = await api.saveSettings({ reminderSeconds: 5000 });
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.error).toMatchObject({ code: 'INVALID', params: { field: 'reminderSeconds' } });
    expect((await api.getSnapshot()).settings.reminderSeconds).toBe(30);
  });
});
