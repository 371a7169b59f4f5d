// The PC's time zone is the restaurant's: this file runs in Prague time (set before any Date use).
process.env.TZ = 'Europe/Prague';

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Decimal } from 'decimal.js';
import { dayRange, dayReport, paymentsOfDays, restaurantDate } from '../../main/features/reports/index.js';
import { pay, refund, reportStore } from './helpers.js';

const garden = { id: 'g1', area: 'Garden' };
const bar = { id: 'b1', area: 'Bar' };
/** Local Prague time → ms (the Date constructor reads the process's zone). */
const prague = (y: number, mo: number, d: number, h: number, min = 0) => new Date(y, mo - 1, d, h, min).getTime();
const HOUR = 3_600_000;

describe('day report: the summary arithmetic over the store', () => {
  let t: ReturnType<typeof reportStore>;
  beforeEach(() => {
    t = reportStore();
  });
  afterEach(() => t.cleanup());

  it('runs in Prague time', () => {
    expect(new Date(Date.UTC(2026, 6, 1, 12)).getHours()).toBe(14);
  });

  it('sums decimals exactly: 0.1 + 0.2 is 0.30, tips apart, net = amount + tips', () => {
    pay(t, { id: 'p1', table: garden, price: '0.1', tip: '0.1', at: prague(2026, 11, 21, 12) });
    pay(t, { id: 'p2', table: garden, price: '0.2', tip: '0.2', at: prague(2026, 11, 21, 13) });
    const report = dayReport(t.store, { date: '2026-11-21', dayEndsAt: '04:00', defaultCurrency: 'CZK' });
    expect(report).toMatchObject({
      date: '2026-11-21',
      currency: 'CZK',
      count: 2,
      amount: '0.30',
      tips: '0.30',
      refunded: '0.00',
      net: '0.60',
      tipShare: '1.0000',
    });
  });

  it('splits by provider and area, averages the tip share, and leaves out what was not paid', () => {
    pay(t, { id: 'p1', table: garden, price: '100', tip: '10', provider: 'Visa', at: prague(2026, 11, 21, 12) });
    pay(t, { id: 'p2', table: bar, price: '300', tip: '20', provider: 'Mastercard', at: prague(2026, 11, 21, 13) });
    pay(t, { id: 'p3', table: bar, price: '50.55', tip: '0', provider: 'Visa', at: prague(2026, 11, 21, 14) });
    pay(t, { id: 'd1', table: garden, price: '999', outcome: 'DECLINED', at: prague(2026, 11, 21, 15) });
    pay(t, { id: 'w1', table: garden, price: '888', outcome: 'pending', at: prague(2026, 11, 21, 16) });
    pay(t, { id: 'c1', table: bar, price: '777', outcome: 'capture', at: prague(2026, 11, 21, 17) });
    const report = dayReport(t.store, { date: '2026-11-21', dayEndsAt: '04:00', defaultCurrency: 'CZK' });
    expect(report).toMatchObject({ count: 3, amount: '450.55', tips: '30.00', refunded: '0.00', net: '480.55', tipShare: '0.0666' });
    expect(report.byProvider).toEqual([
      { provider: 'Mastercard', count: 1, amount: '300.00', tips: '20.00' },
      { provider: 'Visa', count: 2, amount: '150.55', tips: '10.00' },
    ]);
    expect(report.byArea).toEqual([
      { area: 'Bar', count: 2, amount: '350.55', tips: '20.00' },
      { area: 'Garden', count: 1, amount: '100.00', tips: '10.00' },
    ]);
    const listed = paymentsOfDays(t.store, { from: '2026-11-21', to: '2026-11-21', dayEndsAt: '04:00' });
    expect(listed.map((e) => [e.paymentId, e.state])).toEqual([
      ['p1', 'paid'],
      ['p2', 'paid'],
      ['p3', 'paid'],
      ['d1', 'declined'],
      ['w1', 'pending'],
      ['c1', 'capture_needed'],
    ]);
  });

  it('orders splits of equal amounts by their names code unit by code unit, the same on every PC', () => {
    const terrace = { id: 't1', area: 'Zahrádka' };
    const lounge = { id: 'l1', area: 'bar' };
    pay(t, { id: 'p1', table: lounge, price: '100', tip: '0', provider: 'visa', at: prague(2026, 11, 21, 12) });
    pay(t, { id: 'p2', table: terrace, price: '100', tip: '0', provider: 'Visa', at: prague(2026, 11, 21, 13) });
    const report = dayReport(t.store, { date: '2026-11-21', dayEndsAt: '04:00', defaultCurrency: 'CZK' });
    // Capitals before lower case ("Z" is U+005A, "b" U+0062), where a collator would put "bar" first.
    expect(report.byArea.map((a) => a.area)).toEqual(['Zahrádka', 'bar']);
    expect(report.byProvider.map((p) => p.provider)).toEqual(['Visa', 'visa']);
  });

  it('counts a refund on the day it happened: the day it was paid keeps its totals', () => {
    pay(t, { id: 'p1', table: garden, price: '125.50', tip: '12.25', at: prague(2026, 11, 21, 22) });
    pay(t, { id: 'p2', table: garden, price: '40', tip: '0', at: prague(2026, 11, 22, 11) });
    refund(t, 'p1', prague(2026, 11, 22, 12));
    const day1 = dayReport(t.store, { date: '2026-11-21', dayEndsAt: '04:00', defaultCurrency: 'CZK' });
    const day2 = dayReport(t.store, { date: '2026-11-22', dayEndsAt: '04:00', defaultCurrency: 'CZK' });
    expect(day1).toMatchObject({ count: 1, amount: '125.50', tips: '12.25', refunded: '0.00', net: '137.75' });
    expect(day2).toMatchObject({ count: 1, amount: '40.00', tips: '0.00', refunded: '137.75', net: '-97.75' });
    const list = (d: string) => paymentsOfDays(t.store, { from: d, to: d, dayEndsAt: '04:00' }).map((e) => [e.paymentId, e.state]);
    expect(list('2026-11-21')).toEqual([['p1', 'paid']]);
    expect(list('2026-11-22')).toEqual([
      ['p2', 'paid'],
      ['p1', 'refund'],
    ]);
    // Both days together: paid and refunded within the range.
    expect(paymentsOfDays(t.store, { from: '2026-11-21', to: '2026-11-22', dayEndsAt: '04:00' }).map((e) => e.state)).toEqual(['paid', 'refunded']);
  });

  it('a refund on the same day cancels out in net', () => {
    pay(t, { id: 'p1', table: garden, price: '10', tip: '1', at: prague(2026, 11, 21, 12) });
    refund(t, 'p1', prague(2026, 11, 21, 13));
    expect(dayReport(t.store, { date: '2026-11-21', dayEndsAt: '04:00', defaultCurrency: 'CZK' })).toMatchObject({
      count: 1,
      amount: '10.00',
      tips: '1.00',
      refunded: '11.00',
      net: '0.00',
    });
  });

  it('ends the day at 04:00, not midnight: 03:59 belongs to the day before', () => {
    pay(t, { id: 'late', table: bar, price: '1', at: prague(2026, 11, 22, 3, 59) });
    pay(t, { id: 'early', table: bar, price: '2', at: prague(2026, 11, 22, 4, 0) });
    expect(dayReport(t.store, { date: '2026-11-21', dayEndsAt: '04:00', defaultCurrency: 'CZK' })).toMatchObject({ count: 1, amount: '1.00' });
    expect(dayReport(t.store, { date: '2026-11-22', dayEndsAt: '04:00', defaultCurrency: 'CZK' })).toMatchObject({ count: 1, amount: '2.00' });
    // With midnight as the boundary both are on the 22nd.
    expect(dayReport(t.store, { date: '2026-11-22', dayEndsAt: '00:00', defaultCurrency: 'CZK' })).toMatchObject({ count: 2, amount: '3.00' });
    expect(restaurantDate(prague(2026, 11, 22, 3, 59), '04:00')).toBe('2026-11-21');
    expect(restaurantDate(prague(2026, 11, 22, 4, 0), '04:00')).toBe('2026-11-22');
  });

  it('a day across a daylight-saving change is 23 or 25 hours, and its payments are where the wall clock says', () => {
    const spring = dayRange('2026-03-28', '04:00');
    const autumn = dayRange('2026-10-24', '04:00');
    expect((spring.to - spring.from) / HOUR).toBe(23);
    expect((autumn.to - autumn.from) / HOUR).toBe(25);
    expect(new Date(autumn.to).toISOString()).toBe('2026-10-25T03:00:00.000Z'); // 04:00 CET
    // 02:30 local twice on 25 October: 00:30 UTC (CEST) and 01:30 UTC (CET); both before 04:00, both the 24th.
    pay(t, { id: 'first-0230', table: bar, price: '5', at: Date.UTC(2026, 9, 25, 0, 30) });
    pay(t, { id: 'second-0230', table: bar, price: '7', at: Date.UTC(2026, 9, 25, 1, 30) });
    pay(t, { id: 'after-0400', table: bar, price: '11', at: Date.UTC(2026, 9, 25, 3, 0) });
    expect(dayReport(t.store, { date: '2026-10-24', dayEndsAt: '04:00', defaultCurrency: 'CZK' })).toMatchObject({ count: 2, amount: '12.00' });
    expect(dayReport(t.store, { date: '2026-10-25', dayEndsAt: '04:00', defaultCurrency: 'CZK' })).toMatchObject({ count: 1, amount: '11.00' });
  });

  it('keeps amounts unrounded, so the listed payments sum to the report to the last decimal', () => {
    pay(t, { id: 'p1', table: garden, price: '10.005', tip: '0.333', at: prague(2026, 11, 21, 12) });
    pay(t, { id: 'p2', table: garden, price: '0.01', tip: '0.001', at: prague(2026, 11, 21, 13) });
    const report = dayReport(t.store, { date: '2026-11-21', dayEndsAt: '04:00', defaultCurrency: 'CZK' });
    const listed = paymentsOfDays(t.store, { from: '2026-11-21', to: '2026-11-21', dayEndsAt: '04:00' });
    const total = (k: 'amount' | 'tip') => listed.reduce((s, e) => s.plus(e[k]), new Decimal(0));
    expect(report.amount).toBe('10.015');
    expect(report.tips).toBe('0.334');
    expect(total('amount').equals(report.amount)).toBe(true);
    expect(total('tip').equals(report.tips)).toBe(true);
  });

  it('filters by state, table and search (payment id or amount)', () => {
    pay(t, { id: 'pay-aaa', table: garden, price: '125', tip: '5', at: prague(2026, 11, 21, 12) });
    pay(t, { id: 'pay-bbb', table: bar, price: '80', at: prague(2026, 11, 21, 13) });
    pay(t, { id: 'pay-ccc', table: bar, price: '80', outcome: 'DECLINED', at: prague(2026, 11, 21, 14) });
    refund(t, 'pay-bbb', prague(2026, 11, 21, 15));
    const ids = (filter: Parameters<typeof paymentsOfDays>[2]) =>
      paymentsOfDays(t.store, { from: '2026-11-21', to: '2026-11-21', dayEndsAt: '04:00' }, filter).map((e) => e.paymentId);
    expect(ids({ states: ['paid'] })).toEqual(['pay-aaa']);
    expect(ids({ states: ['refunded'] })).toEqual(['pay-bbb']);
    expect(ids({ states: ['declined'] })).toEqual(['pay-ccc']);
    expect(ids({ tableId: 'b1' })).toEqual(['pay-ccc', 'pay-bbb']);
    expect(ids({ search: 'AAA' })).toEqual(['pay-aaa']);
    expect(ids({ search: '130,00' })).toEqual(['pay-aaa']); // amount + tip, with a decimal comma
    expect(ids({ search: '125' })).toEqual(['pay-aaa']);
    expect(ids({ search: '80.00', states: ['declined'] })).toEqual(['pay-ccc']);
  });
});
