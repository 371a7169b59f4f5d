// Restaurant days follow the PC's time zone: this file runs in Prague time (set before any Date use).
process.env.TZ = 'Europe/Prague';

import { Decimal } from 'decimal.js';
import { afterEach, describe, expect, it } from 'vitest';
import type { DayReport, PaymentHistoryEntry } from '../../preload/contract.js';
import type { Payment } from '../../main/base/wire/index.js';
import { silentLogger } from '../../main/base/log.js';
import { startPosApi, type PosApi } from '../../main/app/pos-api.js';
import { createReportCommands } from '../../main/features/reports/report-commands.js';
import { reportStore } from '../reports/helpers.js';
import { parseCsv } from '../reports/parse-csv.js';
import { TOKEN } from './helpers.js';

const prague = (h: number, min = 0) => new Date(2026, 10, 21, h, min).getTime();

async function startEvening() {
  const t = reportStore();
  const api: PosApi = await startPosApi({ store: t.store, port: 0, token: TOKEN, log: silentLogger(), now: () => prague(23, 30) });
  const call = async <T = unknown>(method: string, path: string, body?: unknown) => {
    const res = await fetch(`${api.url}${path}`, {
      method,
      headers: { authorization: `Bearer ${TOKEN}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await res.text();
    return { status: res.status, text, json: () => JSON.parse(text) as T };
  };
  return { ...t, api, call, stop: async () => (await api.close(), t.cleanup()) };
}

/** What the evening did, line by line: the test's own book, which the report must match. */
interface Done {
  tender: string;
  waiterId: string | null;
  amount: string;
  tip: string;
}

const jana = { id: 'w-jana', name: 'Jana' };
const petr = { id: 'w-petr', name: 'Petr' };
const eva = { id: 'w-eva', name: 'Eva' };

function wire(id: string, billId: string, line: { id: string; name: string; price: string; quantity: string }, tip: string, outcome = 'Visa'): Payment {
  return {
    id,
    idBill: billId,
    idCustomer: null,
    currency: 'CZK',
    state: 'STARTED',
    items: [{ ...line, tags: [] }],
    parts: [{ total: new Decimal(line.price).times(line.quantity).toFixed(), provider: { id: outcome.toLowerCase(), name: outcome, type: 'CARD' } }],
    tipBrutto: tip,
    tipNetto: tip,
    additionalData: null,
    discount: null,
  };
}

const totalOf = (done: Done[], keep: (d: Done) => boolean, key: 'amount' | 'tip') => done.filter(keep).reduce((s, d) => s.plus(d[key]), new Decimal(0));
const money = (d: Decimal) => (d.decimalPlaces() > 2 ? d.toFixed() : d.toFixed(2));

describe('waiters and every tender in the close of day', () => {
  let a: Awaited<ReturnType<typeof startEvening>>;
  afterEach(async () => a.stop());

  it('one evening: card payments, cash, a write-off and a walkout under three waiters add up per tender and per waiter', async () => {
    a = await startEvening();
    const done: Done[] = [];
    const at = (h: number, min = 0) => a.clock.set(prague(h, min));
    const put = async (path: string, body: unknown) => {
      const res = await a.call('PUT', path, body);
      expect(res.status, res.text).toBeLessThan(300);
    };
    const close = async (billId: string, method: string, note: string, due: string, waiterId: string | null) => {
      const res = await a.call('DELETE', `/bills/${billId}`, { settlement: { method, note } });
      expect(res.status, res.text).toBe(200);
      done.push({ tender: method, waiterId, amount: due, tip: '0' });
    };
    const cardPay = (id: string, billId: string, line: { id: string; name: string; price: string; quantity: string }, tip: string, waiterId: string | null) => {
      a.store.startPayment(wire(id, billId, line, tip));
      a.store.processPayment(id);
      a.store.closePayment(id, 'PAID');
      done.push({ tender: 'card', waiterId, amount: new Decimal(line.price).times(line.quantity).toFixed(), tip });
    };

    at(17);
    // Tables: the window is Jana's and the bar Petr's by default; the garden has no waiter.
    await put('/tables/window', { name: 'Window', area: 'Hall', waiter: jana });
    await put('/tables/bar', { name: 'Bar', area: 'Bar', waiter: petr });
    await put('/tables/garden', { name: 'Garden', area: 'Garden' });

    const soup = { id: 'soup', name: 'Soup', price: '89.90', quantity: '2' };
    const steak = { id: 'steak', name: 'Steak', price: '450.50', quantity: '1' };
    const wine = { id: 'wine', name: 'Wine', price: '0.1', quantity: '3' };
    const beer = { id: 'beer', name: 'Beer', price: '55.55', quantity: '1' };
    const cake = { id: 'cake', name: 'Cake', price: '120', quantity: '1' };
    const duck = { id: 'duck', name: 'Duck', price: '310.40', quantity: '1' };
    const fries = { id: 'fries', name: 'Fries', price: '174.60', quantity: '0.5' };

    // A: the window's bill names no waiter, so Jana's; paid by card with a tip.
    await put('/bills/A', { tableId: 'window', currency: 'CZK', items: [steak] });
    at(18);
    cardPay('pA', 'A', steak, '40', jana.id);

    // B: Eva serves the bar's bill; the soup is paid by card under her, then Petr takes the bill
    // over and the rest is paid in cash at the close: the payment stays Eva's, the cash is Petr's.
    at(18, 30);
    await put('/bills/B', { tableId: 'bar', currency: 'CZK', waiter: eva, items: [soup, wine] });
    cardPay('pB', 'B', soup, '20.20', eva.id);
    at(19);
    await put('/bills/B', { tableId: 'bar', currency: 'CZK', waiter: petr, items: [soup, wine] });
    // The POS reads back the bill's own waiter; a bill that names none says null (its table's counts).
    expect((await a.call<{ waiter: unknown }>('GET', '/bills/B')).json().waiter).toEqual(petr);
    expect((await a.call<{ waiter: unknown }>('GET', '/bills/A')).json().waiter).toBeNull();
    at(19, 15);
    await close('B', 'cash', 'paid at the bar', '0.30', petr.id);

    // C: the garden, no waiter anywhere: a card payment, and a declined one that counts nowhere.
    at(19, 30);
    await put('/bills/C', { tableId: 'garden', currency: 'CZK', items: [beer, cake] });
    a.store.startPayment(wire('pC-declined', 'C', cake, '5'));
    a.store.processPayment('pC-declined');
    a.store.closePayment('pC-declined', 'DECLINED');
    cardPay('pC', 'C', beer, '0', null);
    // …and the cake is written off (no waiter).
    at(20);
    await close('C', 'written-off', 'the cake was burnt', '120.00', null);

    // D: Jana's window bill walks out.
    at(21);
    await put('/bills/D', { tableId: 'window', currency: 'CZK', items: [duck] });
    at(21, 45);
    await close('D', 'walkout', 'left by the terrace', '310.40', jana.id);

    // E: Eva's garden bill, half a portion, is paid in cash.
    at(22);
    await put('/bills/E', { tableId: 'garden', currency: 'CZK', waiter: eva, items: [fries] });
    await close('E', 'cash', '', '87.30', eva.id);

    // F: Petr's bar bill paid by card at the counter.
    at(22, 30);
    await put('/bills/F', { tableId: 'bar', currency: 'CZK', items: [cake] });
    await close('F', 'card-at-counter', 'terminal 2', '120.00', petr.id);

    // The day report (what the Z-report prints) and the CSV, both through the POS API.
    const report = (await a.call<DayReport>('GET', '/reports/day?date=2026-11-21')).json();
    const csvRes = await a.call('GET', '/payments?from=2026-11-21&to=2026-11-21&format=csv');
    const rows = parseCsv(csvRes.text);
    // The cashier's day report and CSV export (the Z-report sheet prints the former) say the same.
    const commands = createReportCommands({
      store: a.store,
      clock: a.clock,
      log: silentLogger(),
      shell: {},
      defaultCurrency: 'CZK',
      dayEndsAt: () => '04:00',
    });
    const cashierReport = await commands.dayReport({ date: '2026-11-21' });
    const cashierCsv = await commands.exportPaymentsCsv({ from: '2026-11-21', to: '2026-11-21' });
    expect(cashierReport.ok && cashierReport.value).toEqual(report);
    expect(cashierCsv.ok && cashierCsv.value.csv).toBe(csvRes.text);

    const all = () => true;
    const tenders = ['card', 'cash', 'card-at-counter', 'written-off', 'walkout'];
    const waiters = [jana.id, petr.id, eva.id, null];

    // Whole day.
    expect(report).toMatchObject({
      count: 3,
      amount: money(totalOf(done, (d) => d.tender === 'card', 'amount')),
      tips: money(totalOf(done, all, 'tip')),
      settled: money(totalOf(done, (d) => d.tender !== 'card', 'amount')),
      billed: money(totalOf(done, all, 'amount')),
    });
    expect(report.billed).toBe('1323.85');

    // Per tender: the report's lines, and the CSV's rows.
    expect(report.byTender).toEqual(
      tenders.map((tender) => ({
        tender,
        count: done.filter((d) => d.tender === tender).length,
        amount: money(totalOf(done, (d) => d.tender === tender, 'amount')),
        tips: money(totalOf(done, (d) => d.tender === tender, 'tip')),
      })),
    );
    const counted = rows.filter((r) => r.state === 'paid' || r.state === 'settled');
    for (const tender of tenders) {
      const mine = counted.filter((r) => r.tender === tender);
      expect(money(mine.reduce((s, r) => s.plus(r.amount!), new Decimal(0))), tender).toBe(report.byTender.find((x) => x.tender === tender)!.amount);
      expect(mine.length, tender).toBe(done.filter((d) => d.tender === tender).length);
    }

    // Per waiter, "no waiter" a row of its own.
    const expectedWaiters = waiters
      .map((waiterId) => ({
        waiterId,
        waiter: [jana, petr, eva].find((w) => w.id === waiterId)?.name ?? null,
        count: done.filter((d) => d.waiterId === waiterId).length,
        amount: money(totalOf(done, (d) => d.waiterId === waiterId, 'amount')),
        tips: money(totalOf(done, (d) => d.waiterId === waiterId, 'tip')),
      }))
      .sort((x, y) => new Decimal(y.amount).comparedTo(x.amount));
    expect(report.byWaiter).toEqual(expectedWaiters);
    for (const w of waiters) {
      const mine = counted.filter((r) => r.waiterId === (w ?? ''));
      expect(money(mine.reduce((s, r) => s.plus(r.amount!), new Decimal(0))), String(w)).toBe(report.byWaiter.find((x) => x.waiterId === w)!.amount);
      expect(money(mine.reduce((s, r) => s.plus(r.tip!), new Decimal(0))), String(w)).toBe(report.byWaiter.find((x) => x.waiterId === w)!.tips);
    }
    // Eva keeps the card payment she served although Petr took bill B over before its close.
    expect(rows.find((r) => r.paymentId === 'pB')).toMatchObject({ waiterId: eva.id, waiter: 'Eva', tender: 'card' });
    expect(rows.find((r) => r.billId === 'B' && r.state === 'settled')).toMatchObject({ waiterId: petr.id, tender: 'cash', note: 'paid at the bar' });

    // The settlements as lines of their own, with their notes, in time order.
    expect(report.settlements.map((s) => [s.billId, s.tender, s.amount, s.note, s.waiterId])).toEqual([
      ['B', 'cash', '0.30', 'paid at the bar', petr.id],
      ['C', 'written-off', '120.00', 'the cake was burnt', null],
      ['D', 'walkout', '310.40', 'left by the terrace', jana.id],
      ['E', 'cash', '87.30', null, eva.id],
      ['F', 'card-at-counter', '120.00', 'terminal 2', petr.id],
    ]);
    expect(rows.map((r) => r.paymentId || r.billId)).toEqual(['pA', 'pB', 'B', 'pC', 'pC-declined', 'C', 'D', 'E', 'F']);

    // The history filters by waiter; an empty waiterId keeps the payments under none.
    const ofWaiter = async (q: string) =>
      (await a.call<PaymentHistoryEntry[]>('GET', `/payments?from=2026-11-21&waiterId=${q}`)).json().map((e) => [e.paymentId, e.waiter]);
    expect(await ofWaiter('w-eva')).toEqual([['pB', 'Eva']]);
    expect(await ofWaiter('w-jana')).toEqual([['pA', 'Jana']]);
    expect(await ofWaiter('')).toEqual([
      ['pC', null],
      ['pC-declined', null],
    ]);
    const evaCsv = parseCsv((await a.call('GET', '/payments?from=2026-11-21&waiterId=w-eva&format=csv')).text);
    expect(evaCsv.map((r) => r.paymentId || r.billId)).toEqual(['pB', 'E']);
    const cashierList = await commands.listPayments({ from: '2026-11-21', to: '2026-11-21', filters: { waiterId: null } });
    expect(cashierList.ok && cashierList.value.map((e) => e.paymentId)).toEqual(['pC', 'pC-declined']);
  });

  it('refuses a settlement method it does not know, and a waiter without an id', async () => {
    a = await startEvening();
    await a.call('PUT', '/tables/t', { name: 'T' });
    expect((await a.call('PUT', '/bills/x', { tableId: 't', currency: 'CZK', waiter: { name: 'Nobody' }, items: [] })).status).toBe(400);
    await a.call('PUT', '/bills/x', { tableId: 't', currency: 'CZK', items: [{ id: 'i', name: 'I', price: '1', quantity: '1' }] });
    const res = await a.call<{ error: { field?: string } }>('DELETE', '/bills/x', { settlement: { method: 'dine-and-dash' } });
    expect(res.status).toBe(400);
    expect(res.json().error.field).toBe('settlement.method');
  });
});
