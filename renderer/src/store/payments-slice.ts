// Payments by id; a payment event carries the whole payment, so it simply replaces the entry.
import type { CompanionEvent, PaymentView, Snapshot } from '../../../preload/contract';

export interface PaymentsSlice {
  payments: Record<string, PaymentView>;
}

export const initialPayments: PaymentsSlice = { payments: {} };

export function paymentsFromSnapshot(s: Snapshot): PaymentsSlice {
  return { payments: Object.fromEntries(s.payments.map((p) => [p.id, p])) };
}

export function applyPaymentsEvent(state: PaymentsSlice, e: CompanionEvent): Partial<PaymentsSlice> | null {
  if (e.type !== 'payment') return null;
  return { payments: { ...state.payments, [e.payment.id]: e.payment } };
}
