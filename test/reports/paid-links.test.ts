// The PC's time zone is the restaurant's: this file runs in Prague time (set before any Date use).
process.env.TZ = 'Europe/Prague';

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { dayReport } from '../../main/features/reports/index.js';
import { pay, reportStore } from './helpers.js';

/** Local Prague time → ms. */
const prague = (y: number, mo: number, d: number, h: number, min = 0) => new Date(y, mo - 1, d, h, min).getTime();
const iso = (ms: number) => new Date(ms).toISOString();

describe('day report: payment links paid that day, as their own line', () => {
  let t: ReturnType<typeof reportStore>;
  let n = 0;
  const link = (amount: string | null, currency = 'CZK') => {
    const id = `L${++n}`;
    t.store.savePaymentLink({ id, idMerchant: 'm', amount, currency, description: id, url: `https://pay.example/link/${id}` });
    return id;
  };
  const paidAt = (id: string, at: number, amount: string) =>
    t.store.learnPaymentLinkState(id, { state: 'paid', payment: { id: `pay-${id}`, amount, time: iso(at) } });

  beforeEach(() => {
    t = reportStore();
  });
  afterEach(() => t.cleanup());

  it('counts the links paid within the restaurant day, in its currency, apart from the payments', () => {
    pay(t, { id: 'p1', table: { id: 'g1', area: 'Garden' }, price: '100', tip: '10', at: prague(2026, 11, 21, 12) });
    paidAt(link('250.50'), prague(2026, 11, 21, 18), '250.50');
    // After midnight, before the day ends at 04:00: still the 21st.
    paidAt(link(null), prague(2026, 11, 22, 3, 59), '0.1');
    // The guest chose; exact decimals.
    paidAt(link(null), prague(2026, 11, 21, 9), '0.2');
    // Another currency, the day before and the day after, and links not paid: left out.
    paidAt(link('12', 'EUR'), prague(2026, 11, 21, 19), '12');
    paidAt(link('99'), prague(2026, 11, 21, 3, 59), '99');
    paidAt(link('77'), prague(2026, 11, 22, 4), '77');
    link('55');
    t.store.learnPaymentLinkState(link('44'), { state: 'expired', payment: null });

    const report = dayReport(t.store, { date: '2026-11-21', dayEndsAt: '04:00', defaultCurrency: 'CZK' });
    expect(report.paidLinks).toEqual({ count: 3, amount: '250.80' });
    // The payments' totals are the payments' alone.
    expect(report).toMatchObject({ count: 1, amount: '100.00', tips: '10.00', net: '110.00' });
    expect(dayReport(t.store, { date: '2026-11-21', dayEndsAt: '04:00', currency: 'EUR', defaultCurrency: 'CZK' }).paidLinks).toEqual({
      count: 1,
      amount: '12.00',
    });
    expect(dayReport(t.store, { date: '2026-11-23', dayEndsAt: '04:00', defaultCurrency: 'CZK' }).paidLinks).toEqual({ count: 0, amount: '0.00' });
  });

  it('a link the service called paid without naming its payment counts its own amount, when the till learned it', () => {
    t.clock.set(prague(2026, 11, 21, 20));
    const id = link('30');
    t.store.learnPaymentLinkState(id, { state: 'paid', payment: null });
    expect(t.store.getPaymentLink(id)).toMatchObject({ state: 'paid', paymentAmount: '30', paidAt: iso(prague(2026, 11, 21, 20)) });
    // A later "deleted" does not undo the payment.
    t.store.learnPaymentLinkState(id, { state: 'gone', payment: null });
    expect(t.store.getPaymentLink(id)?.state).toBe('paid');
    expect(dayReport(t.store, { date: '2026-11-21', dayEndsAt: '04:00', defaultCurrency: 'CZK' }).paidLinks).toEqual({ count: 1, amount: '30.00' });
  });
});
