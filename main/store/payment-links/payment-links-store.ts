import type { Transactions } from '../repos/tx.js';
import type { LearnedLinkState, PaidLinkRow, PaymentLinkRecord } from '../repos/payment-links-repo.js';

type NewLink = Pick<PaymentLinkRecord, 'id' | 'idMerchant' | 'amount' | 'currency' | 'description' | 'url'>;

/** Payment links this till created at the service (migrations 010, 017): no events, the list is read on demand. */
export interface PaymentLinksStore {
  savePaymentLink(link: NewLink): PaymentLinkRecord;
  removePaymentLink(id: string): boolean;
  paymentLinks(limit?: number): PaymentLinkRecord[];
  getPaymentLink(id: string): PaymentLinkRecord | null;
  /** Links whose state may still change, newest first: the ones worth asking the service about. */
  unsettledPaymentLinks(limit: number): PaymentLinkRecord[];
  /**
   * Records what the service said of a link: the stored link after, and whether its state or payment
   * changed (null when the link is no longer stored).
   */
  learnPaymentLinkState(id: string, learned: LearnedLinkState): { record: PaymentLinkRecord; changed: boolean } | null;
  /** Links paid in [from, to) (ISO times in UTC), oldest first. */
  paidPaymentLinks(from: string, to: string): PaidLinkRow[];
}

export function createPaymentLinksStore({ write, read }: Transactions): PaymentLinksStore {
  return {
    savePaymentLink: (link) =>
      write('savePaymentLink', (tx) => {
        tx.paymentLinks.putLink(tx, link);
        return tx.paymentLinks.get(link.id)!;
      }),
    removePaymentLink: (id) => write('removePaymentLink', (tx) => tx.paymentLinks.removeLink(tx, id)),
    paymentLinks: (limit = 200) => read.paymentLinks.list(limit),
    getPaymentLink: (id) => read.paymentLinks.get(id),
    unsettledPaymentLinks: (limit) => read.paymentLinks.notFinal(limit),
    learnPaymentLinkState: (id, learned) =>
      write('learnPaymentLinkState', (tx) => {
        const before = tx.paymentLinks.get(id);
        if (!before) return null;
        tx.paymentLinks.learnState(tx, id, learned);
        const record = tx.paymentLinks.get(id)!;
        const changed = record.state !== before.state || record.paymentId !== before.paymentId || record.paidAt !== before.paidAt;
        return { record, changed };
      }),
    paidPaymentLinks: (from, to) => read.paymentLinks.paidBetween(from, to),
  };
}
