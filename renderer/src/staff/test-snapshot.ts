// A small floor for the phone page's tests: two areas, a table in every state, notices of each group.
import type { StaffBill, StaffNotice, StaffSnapshot, StaffTable } from '../../../preload/staff-frames';

export function tableOf(id: string, over: Partial<StaffTable> = {}): StaffTable {
  return { id, name: `Table ${id}`, area: 'Terrace', state: 'open', total: '120.00', due: '120.00', currency: 'CZK', call: null, ...over };
}

export function noticeOf(id: string, over: Partial<StaffNotice> = {}): StaffNotice {
  return {
    id,
    kind: 'paid',
    problem: false,
    tableId: '1',
    tableName: 'Table 1',
    amount: '120.00',
    left: null,
    currency: 'CZK',
    at: '2026-11-29T09:00:00.000Z',
    ...over,
  };
}

export function snapshotOf(over: Partial<StaffSnapshot> = {}): StaffSnapshot {
  return {
    restaurantName: 'U Zlatého lva',
    language: 'en',
    tables: [
      tableOf('1'),
      tableOf('2', { state: 'partly-paid', due: '80.00' }),
      tableOf('3', { state: 'free', total: null, due: null }),
      tableOf('4', { area: 'Hall', state: 'paid', due: '0.00' }),
      tableOf('5', { area: 'Hall', state: 'problem', call: 'help' }),
    ],
    notices: [],
    following: { tableIds: ['1', '2'], areas: [] },
    managerUntil: null,
    ...over,
  };
}

export function billOf(tableId: string, over: Partial<StaffBill> = {}): StaffBill {
  return {
    tableId,
    tableName: `Table ${tableId}`,
    billId: `bill-${tableId}`,
    currency: 'CZK',
    lines: [
      { id: 'l1', name: 'Pilsner', quantity: '3', price: '60.00', paidQuantity: '1', payingQuantity: '1' },
      { id: 'l2', name: 'Goulash', quantity: '1', price: '180.00', paidQuantity: '0', payingQuantity: '0' },
    ],
    total: '360.00',
    paid: '60.00',
    due: '300.00',
    tips: '10.00',
    payments: [
      { id: 'pay-000000aaaaaa', state: 'PROCESSED', amount: '60.00', tip: '0.00', at: '2026-11-29T09:05:00.000Z', captureNeeded: true },
      { id: 'pay-000000bbbbbb', state: 'PAID', amount: '60.00', tip: '10.00', at: '2026-11-29T09:01:00.000Z', captureNeeded: false },
    ],
    ...over,
  };
}
