// The events main pushes for a burst of guest payments: per payment a payment, a bill, a table and
// a notice event, as in the renderer-burst benchmark; plus a repeat and a stale event, as a
// reconnecting link can deliver.
import type { CompanionEvent } from '../../../preload/contract';
import { billFixture, noticeFixture, paymentFixture, tableFixture } from './fixture';

export function burstEvents(now: number, payments: number, firstSeq = 11): CompanionEvent[] {
  const events: CompanionEvent[] = [];
  let seq = firstSeq;
  for (let i = 0; i < payments; i += 1) {
    const tableId = `bt-${i}`;
    const billId = `bb-${i}`;
    const paymentId = `bp-${i}`;
    const at = new Date(now + i * 20).toISOString();
    events.push(
      { type: 'payment', seq: seq++, payment: paymentFixture(now, { id: paymentId, billId, tableId, tableName: String(100 + i), created: at }) },
      { type: 'bill', seq: seq++, bill: billFixture(now, { id: billId, tableId, state: 'PAID', paymentIds: [paymentId] }) },
      { type: 'table', seq: seq++, table: tableFixture({ id: tableId, name: String(100 + i), area: 'Burst', state: 'paid', due: '0', currency: 'CZK' }) },
      { type: 'notice', seq: seq++, notice: noticeFixture(now, { id: `paid:${paymentId}`, paymentId, tableName: String(100 + i), at }) },
    );
  }
  const last = events[events.length - 1];
  // Delivered twice, and an old one late: both must change nothing.
  if (last) events.push({ ...last }, { type: 'table', seq: firstSeq, table: tableFixture({ id: 'bt-0', name: 'stale' }) });
  return events;
}
