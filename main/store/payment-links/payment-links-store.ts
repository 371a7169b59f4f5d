import type { Transactions } from '../repos/tx.js';
import type { PaymentLinkRecord } from '../repos/payment-links-repo.js';

/** Payment links this till created at the service (migration 010): no events, the list is read on demand. */
export interface PaymentLinksStore {
  savePaymentLink(link: Omit<PaymentLinkRecord, 'created'>): PaymentLinkRecord;
  removePaymentLink(id: string): boolean;
  paymentLinks(limit?: number): PaymentLinkRecord[];
  getPaymentLink(id: string): PaymentLinkRecord | null;
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
  };
}
