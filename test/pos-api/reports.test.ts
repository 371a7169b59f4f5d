// Restaurant days follow the PC's time zone: this file runs in Prague time (set before any Date use).
process.env.TZ = 'Europe/Prague';

import { Decimal } from 'decimal.js';
import { afterEach, describe, expect, it } from 'vitest';
import type { DayReport, PaymentHistoryEntry } from '../../preload/contract.js';
import { silentLogger } from '../../main/base/log.js';
import { startPosApi, type PosApi } from '../../main/app/pos-api.js';
import { pay, refund, reportStore } from '../reports/helpers.js';
import { csvHeader, parseCsv } from '../reports/parse-csv.js';
import { TOKEN, type ApiError } from './helpers.js';

const prague = (y: number, mo: number, d: number, h: number, min = 0) => new Date(y, mo - 1, d, h, min).getTime();
const garden = { id: 'g1', area: 'Garden' };
const bar = { id: 'b1', area: 'Bar' };

async function startReportsApi(options: { dayEndsAt?: () => string; now?: () => number } = {}) {
  const t = reportStore();
  const api: PosApi = await startPosApi({ store: t.store, port: 0, token: TOKEN, log: silentLogger(), ...options });
  const call = async <T = ApiError>(path: string, headers: Record<string, string> = {}) => {
    const res = await fetch(`${api.url}${path}`, { headers: { authorization: `Bearer ${TOKEN}`, ...headers } });
    const text = await res.text();
    return { status: res.status, headers: res.headers, text, json: () => JSON.parse(text) as T };
  };
  return { ...t, api, call, stop: async () => (await api.close(), t.cleanup()) };
}

/** Guests pay three tables on 21 November, one payment declined, one refunded the same day. */
function seedDay(t: ReturnType<typeof reportStore>): void {
  pay(t, { id: 'p1', table: garden, price: '125.50', tip: '12.25', provider: 'Visa', at: prague(2026, 11, 21, 12) });
  pay(t, { id: 'p2', table: bar, price: '0.1', tip: '0.2', provider: 'Mastercard', at: prague(2026, 11, 21, 13) });
  pay(t, {
    id: 'p3',
    table: { id: 'q1', area: 'Bar', name: 'Table "Q", by the door' },
    price: '10.005',
    tip: '0',
    provider: 'Visa',
    at: prague(2026, 11, 21, 14),
  });
  pay(t, { id: 'p4', table: garden, price: '66', tip: '4', provider: 'Visa', at: prague(2026, 11, 21, 15) });
  pay(t, { id: 'd1', table: bar, price: '999', outcome: 'DECLINED', at: prague(2026, 11, 21, 16) });
  refund(t, 'p4', prague(2026, 11, 21, 17));
}

const sum = (rows: { [k: string]: string }[], key: string, keep: (r: { [k: string]: string }) => boolean) =>
  rows.filter(keep).reduce((s, r) => s.plus(r[key]!), new Decimal(0));

describe('POS API: the day report and the payment history (CSV)', () => {
  let a: Awaited<ReturnType<typeof startReportsApi>>;
  afterEach(async () => a.stop());

  it('answers the day report, and the CSV of that day parsed back sums to it to the last decimal', async () => {
    a = await startReportsApi({ now: () => prague(2026, 11, 22, 2) }); // 02:00 on the 22nd: still the 21st's restaurant day
    seedDay(a);
    const report = (await a.call<DayReport>('/reports/day')).json();
    expect(report).toMatchObject({ date: '2026-11-21', currency: 'CZK', count: 4, amount: '201.605', tips: '16.45', refunded: '70.00', net: '148.055' });
    expect(report.byProvider).toEqual([
      { provider: 'Visa', count: 3, amount: '201.505', tips: '16.25' },
      { provider: 'Mastercard', count: 1, amount: '0.10', tips: '0.20' },
    ]);
    expect(report.byArea.map((s) => [s.area, s.count, s.amount])).toEqual([
      ['Garden', 2, '191.50'],
      ['Bar', 2, '10.105'],
    ]);
    expect((await a.call<DayReport>('/reports/day?date=2026-11-21')).json()).toEqual(report);

    const res = await a.call('/payments?from=2026-11-21&to=2026-11-21', { accept: 'text/csv' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="tableside-payments-2026-11-21.csv"');
    expect(csvHeader(res.text)).toBe('paymentId,time,table,bill,state,amount,tip,currency,provider,tender,waiterId,waiter,billId,note,posNotified');
    const rows = parseCsv(res.text);
    expect(rows.map((r) => [r.paymentId, r.state])).toEqual([
      ['p1', 'paid'],
      ['p2', 'paid'],
      ['p3', 'paid'],
      ['d1', 'declined'],
      ['p4', 'refunded'],
    ]);
    expect(rows.find((r) => r.paymentId === 'p3')!.table).toBe('Table "Q", by the door');
    const paid = (r: { [k: string]: string }) => r.state === 'paid' || r.state === 'refunded';
    const refunds = (r: { [k: string]: string }) => r.state === 'refunded' || r.state === 'refund';
    expect(sum(rows, 'amount', paid).toFixed()).toBe(new Decimal(report.amount).toFixed());
    expect(sum(rows, 'tip', paid).toFixed()).toBe(new Decimal(report.tips).toFixed());
    expect(
      sum(rows, 'amount', refunds)
        .plus(sum(rows, 'tip', refunds))
        .toFixed(),
    ).toBe(new Decimal(report.refunded).toFixed());
    expect(rows.filter(paid).length).toBe(report.count);

    // format=csv answers the same file; JSON lists the same payments.
    expect((await a.call('/payments?from=2026-11-21&to=2026-11-21&format=csv')).text).toBe(res.text);
    const json = (await a.call<PaymentHistoryEntry[]>('/payments?from=2026-11-21&to=2026-11-21')).json();
    expect(json.map((e) => [e.paymentId, e.amount, e.tip])).toEqual(rows.map((r) => [r.paymentId, r.amount, r.tip]));
    expect((await a.call<PaymentHistoryEntry[]>('/payments?from=2026-11-21&state=refunded,declined&tableId=b1')).json().map((e) => e.paymentId)).toEqual([
      'd1',
    ]);
  });

  it('answers the CSV for Czech Excel: BOM, semicolons, decimal comma, local times, Czech words, no formulas', async () => {
    a = await startReportsApi({ now: () => prague(2026, 11, 22, 2) });
    seedDay(a);
    pay(a, { id: 'f1', table: { id: 'x1', area: 'Bar', name: '=HYPERLINK("http://x";"Stůl")' }, price: '1250.5', at: prague(2026, 11, 21, 19, 29) });
    const report = (await a.call<DayReport>('/reports/day')).json();
    // The bytes as saved (fetch's text() would drop the BOM): Node's UTF-8 decoding keeps it.
    const bytes = async (path: string) => {
      const res = await fetch(`${a.api.url}${path}`, { headers: { authorization: `Bearer ${TOKEN}` } });
      expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
      return Buffer.from(await res.arrayBuffer()).toString('utf8');
    };
    const cs = await bytes('/payments?from=2026-11-21&to=2026-11-21&excel=cs');
    expect(cs.startsWith('\ufeffID platby;Čas;Stůl;Účet;Stav;Částka;Spropitné;Měna;')).toBe(true);
    // As Czech Excel reads it: the BOM stripped, split on ";", decimal comma.
    const rows = parseCsv(cs.slice(1), ';');
    expect(rows.map((r) => [r['ID platby'], r.Stav])).toEqual([
      ['p1', 'zaplaceno'],
      ['p2', 'zaplaceno'],
      ['p3', 'zaplaceno'],
      ['d1', 'zamítnuto'],
      ['p4', 'vráceno'],
      ['f1', 'zaplaceno'],
    ]);
    const f1 = rows.find((r) => r['ID platby'] === 'f1')!;
    expect(f1['Čas']).toBe('2026-11-21T19:29:00+01:00');
    expect(f1['Částka']).toBe('1250,50');
    expect(f1['Stůl']).toBe('\'=HYPERLINK("http://x";"Stůl")');
    const number = (text: string) => new Decimal(text.replace(',', '.'));
    const counted = rows.filter((r) => r.Stav === 'zaplaceno' || r.Stav === 'vráceno');
    expect(counted.reduce((s, r) => s.plus(number(r['Částka']!)), new Decimal(0)).toFixed()).toBe(new Decimal(report.amount).toFixed());
    expect(counted.reduce((s, r) => s.plus(number(r['Spropitné']!)), new Decimal(0)).toFixed()).toBe(new Decimal(report.tips).toFixed());

    // English Excel: comma and dot, the machine's words, yet the BOM, local times and no formulas.
    const en = await bytes('/payments?from=2026-11-21&to=2026-11-21&excel=en');
    const enRows = parseCsv(en.slice(1));
    expect(en.startsWith('\ufeffpaymentId,time,')).toBe(true);
    expect(enRows.find((r) => r.paymentId === 'f1')).toMatchObject({
      time: '2026-11-21T19:29:00+01:00',
      amount: '1250.50',
      table: '\'=HYPERLINK("http://x";"Stůl")',
    });
    // The machine form (the default) is unchanged: UTC, the name as it is.
    const machine = parseCsv((await a.call('/payments?from=2026-11-21&to=2026-11-21&format=csv')).text);
    expect(machine.find((r) => r.paymentId === 'f1')).toMatchObject({ time: '2026-11-21T18:29:00.000Z', table: '=HYPERLINK("http://x";"Stůl")' });
  });

  it('reads the dayEndsAt option per request: with midnight, 02:00 on the 22nd is the 22nd', async () => {
    let ends = '04:00';
    a = await startReportsApi({ dayEndsAt: () => ends, now: () => prague(2026, 11, 22, 12) });
    pay(a, { id: 'night', table: bar, price: '9', at: prague(2026, 11, 22, 2) });
    expect((await a.call<DayReport>('/reports/day?date=2026-11-21')).json()).toMatchObject({ count: 1, amount: '9.00' });
    ends = '00:00';
    expect((await a.call<DayReport>('/reports/day?date=2026-11-21')).json()).toMatchObject({ count: 0, amount: '0.00', net: '0.00', tipShare: null });
    expect((await a.call<DayReport>('/reports/day?date=2026-11-22')).json()).toMatchObject({ count: 1, amount: '9.00' });
  });

  it('refuses a bad date or range with 400 naming the field, and keeps `since` working', async () => {
    a = await startReportsApi({ now: () => prague(2026, 11, 22, 12) });
    const field = async (path: string) => {
      const res = await a.call<ApiError>(path);
      expect(res.status).toBe(400);
      return res.json().error.field;
    };
    expect(await field('/reports/day?date=2026-02-30')).toBe('date');
    expect(await field('/reports/day?date=21.11.2026')).toBe('date');
    expect(await field('/reports/day?currency=czk')).toBe('currency');
    expect(await field('/payments?from=yesterday')).toBe('from');
    expect(await field('/payments?from=2026-11-21&to=2026-13-01')).toBe('to');
    expect(await field('/payments?from=2026-11-22&to=2026-11-21')).toBe('to');
    expect(await field('/payments?from=2024-01-01&to=2026-01-01')).toBe('to');
    expect(await field('/payments?from=2026-11-21&format=xml')).toBe('format');
    expect(await field('/payments?from=2026-11-21&state=paid,lost')).toBe('state');
    expect(await field('/payments?since=yesterday')).toBe('since');
    pay(a, { id: 'p1', table: bar, price: '9', at: prague(2026, 11, 22, 11) });
    expect((await a.call<{ id: string }[]>('/payments?since=0')).json().map((p) => p.id)).toEqual(['p1']);
    // Times with an offset work as range ends too (to excluded).
    const around = encodeURIComponent('2026-11-22T10:59:00+01:00');
    const after = encodeURIComponent('2026-11-22T11:00:00+01:00');
    expect((await a.call<PaymentHistoryEntry[]>(`/payments?from=${around}&to=${after}`)).json()).toEqual([]);
    expect((await a.call<PaymentHistoryEntry[]>(`/payments?from=${after}&to=2026-11-22`)).json().map((e) => e.paymentId)).toEqual(['p1']);
  });
});
