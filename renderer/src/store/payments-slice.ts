// Payments by id; a payment event carries the whole payment, so it simply replaces the entry. Over
// a shift the page keeps every payment still under way (started, processing, awaiting capture) and
// the newest settled ones; the day's whole list is main's (the Payments tab reads it from there).
import type { CompanionEvent, PaymentView, Snapshot } from '../../../preload/contract';

/** Settled payments (paid or cancelled) held, newest by arrival; older ones leave the page's memory. */
export const SETTLED_PAYMENTS_KEPT = 100;

export interface PaymentsSlice {
  payments: Record<string, PaymentView>;
}

export const initialPayments: PaymentsSlice = { payments: {} };

const settled = (p: PaymentView) => p.state === 'PAID' || p.state === 'CANCELLED';

/** Drops the oldest settled payments (insertion order) past SETTLED_PAYMENTS_KEPT. */
function keepNewest(payments: Record<string, PaymentView>): Record<string, PaymentView> {
  const all = Object.values(payments);
  let over = all.filter(settled).length - SETTLED_PAYMENTS_KEPT;
  if (over <= 0) return payments;
  const kept: Record<string, PaymentView> = {};
  for (const p of all) {
    if (over > 0 && settled(p)) over -= 1;
    else kept[p.id] = p;
  }
  return kept;
}

export function paymentsFromSnapshot(s: Snapshot): PaymentsSlice {
  // Oldest first, as events would have brought them, so the newest settled ones are those kept.
  const oldestFirst = [...s.payments].sort((a, b) => a.created.localeCompare(b.created));
  return { payments: keepNewest(Object.fromEntries(oldestFirst.map((p) => [p.id, p]))) };
}

export function applyPaymentsEvent(state: PaymentsSlice, e: CompanionEvent): Partial<PaymentsSlice> | null {
  if (e.type !== 'payment') return null;
  return { payments: keepNewest({ ...state.payments, [e.payment.id]: e.payment }) };
}
