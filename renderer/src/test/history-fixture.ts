// The history and day report a FakeApi answers by default: the snapshot's payments as one
// restaurant day, oldest first (as main lists them). Tests answer their own where it matters.
import type { DayReport, PaymentHistoryEntry, Snapshot } from '../../../preload/contract';

export function historyFixture(snapshot: Snapshot): PaymentHistoryEntry[] {
  return [...snapshot.payments]
    .sort((a, b) => Date.parse(a.created) - Date.parse(b.created))
    .map((p) => ({
      paymentId: p.id,
      time: p.closedAt ?? p.created,
      tableId: p.tableId,
      table: p.tableName,
      area: null,
      billId: p.billId,
      bill: p.billName,
      state: p.state === 'PAID' ? 'paid' : p.state === 'CANCELLED' ? (p.closedState === 'DECLINED' ? 'declined' : 'refunded') : 'pending',
      amount: p.amount,
      tip: p.tip,
      currency: p.currency,
      provider: p.provider,
      waiterId: null,
      waiter: null,
      posNotified: p.state === 'PAID' ? true : null,
    }));
}

export function dayReportFixture(_snapshot: Snapshot, date: string): DayReport {
  return {
    date,
    from: `${date}T03:00:00.000Z`,
    to: `${date}T03:00:00.000Z`,
    currency: 'CZK',
    count: 3,
    amount: '1432.00',
    tips: '86.00',
    refunded: '324.00',
    net: '1194.00',
    tipShare: '0.0601',
    byProvider: [{ provider: 'card', count: 3, amount: '1432.00', tips: '86.00' }],
    byArea: [
      { area: 'Hall', count: 2, amount: '1000.00', tips: '56.00' },
      { area: null, count: 1, amount: '432.00', tips: '30.00' },
    ],
    paidLinks: { count: 1, amount: '250.00' },
    settled: '0.00',
    billed: '1432.00',
    byTender: [{ tender: 'card', count: 3, amount: '1432.00', tips: '86.00' }],
    byWaiter: [{ waiterId: null, waiter: null, count: 3, amount: '1432.00', tips: '86.00' }],
    settlements: [],
    posNotified: { notified: 3, notYet: 0 },
  };
}
