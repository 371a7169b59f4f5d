import type { AttentionResolution } from '../repos/attention-repo.js';
import { StoreError } from '../../base/store-error.js';
import type { Transactions } from '../repos/tx.js';

/** What a resolution is about, for its event (the POS's stream filters by table, bill, payment). */
export interface ResolutionSubject {
  tableId?: string | null;
  billId?: string | null;
  paymentId?: string | null;
}

/** Needs attention: each write one transaction with its event (main/features/attention says when). */
export interface AttentionStore {
  /** Records how an entry was resolved; an `acknowledge` takes it off the list. */
  resolveAttention(r: AttentionResolution, subject?: ResolutionSubject): void;
  /** The service refused to refund (cancel) a payment: kept until acknowledged or refunded after all. */
  recordRefundRefusal(paymentId: string, code: string): void;
}

export function createAttentionStore({ write }: Transactions): AttentionStore {
  return {
    resolveAttention: (r, subject = {}) =>
      write('resolveAttention', (tx) => {
        tx.attention.addResolution(tx, r);
        tx.emit({
          kind: 'attention.resolved',
          tableId: subject.tableId ?? null,
          billId: subject.billId ?? null,
          paymentId: subject.paymentId ?? null,
          data: { entryId: r.entryId, kind: r.kind, action: r.action, note: r.note },
        });
      }),
    recordRefundRefusal: (paymentId, code) =>
      write('recordRefundRefusal', (tx) => {
        const p = tx.payments.get(paymentId);
        if (!p) throw new StoreError('PAYMENT_NOT_FOUND', { paymentId }, 'paymentId');
        tx.attention.addRefundRefusal(tx, paymentId, code);
        const bill = tx.bills.get(p.billId);
        tx.emit({ kind: 'refund.refused', tableId: bill?.tableId ?? null, billId: p.billId, paymentId, data: { code } });
      }),
  };
}
