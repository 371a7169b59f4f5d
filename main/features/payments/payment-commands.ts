import type { CommandApi } from '../../../preload/commands.js';
import type { Notice } from '../../../preload/views.js';
import type { Logger } from '../../base/log.js';
import type { ServiceClient } from '../../base/service/index.js';
import type { BillsStore, PaymentsStore, AttentionStore, StoreEngine } from '../../store/index.js';
import { attempt, fail, ok } from '../../base/command-result.js';
import { recordCapture, recordRefundFailure } from '../attention/index.js';
import { paymentContext } from '../bills/failure-context.js';
import { paymentView } from '../bills/views.js';

export interface PaymentCommandDeps {
  store: BillsStore & PaymentsStore & AttentionStore & StoreEngine;
  log: Logger;
  client(): ServiceClient;
  notices: { acknowledge(noticeId: string): Notice | null; open(): Notice[] };
  pushNotice(notice: Notice): void;
}

/** Payments, through the service; notices, in the book. */
export function paymentCommands(deps: PaymentCommandDeps): Pick<CommandApi, 'cancelPayment' | 'capturePayment' | 'acknowledgeNotice'> {
  const { store, log } = deps;
  return {
    cancelPayment: (input) =>
      attempt(
        log,
        'cancelPayment',
        async () => {
          if (!store.getPayment(input.paymentId)) return fail('PAYMENT_NOT_FOUND');
          const answer = await deps.client().cancelPayment(input.paymentId);
          if (!answer.ok) {
            recordRefundFailure(store, input.paymentId, answer); // Needs attention
            return fail(answer.code);
          }
          store.refundPayment(input.paymentId);
          log.info({ mod: 'ui', paymentId: input.paymentId }, 'payment cancelled by the cashier');
          return ok(paymentView(store, input.paymentId)!);
        },
        paymentContext(store, input.paymentId),
      ),
    capturePayment: (input) =>
      attempt(
        log,
        'capturePayment',
        async () => {
          const payment = store.getPayment(input.paymentId);
          if (!payment) return fail('PAYMENT_NOT_FOUND');
          if (payment.captureMode !== 'manual' || payment.captured) return fail('NOT_CAPTURABLE');
          if (!payment.receipt) return fail('NOT_CAPTURABLE', { reason: 'unfinished' });
          const answer = await deps.client().capturePayment(input.paymentId, payment.receipt);
          if (!answer.ok) return fail(answer.code);
          recordCapture(store, input.paymentId); // marks it captured; Needs attention records the resolution
          return ok(paymentView(store, input.paymentId)!);
        },
        paymentContext(store, input.paymentId),
      ),
    acknowledgeNotice: (input) =>
      attempt(log, 'acknowledgeNotice', () => {
        const notice = deps.notices.acknowledge(input.noticeId);
        if (!notice) return fail('NOT_FOUND');
        deps.pushNotice(notice);
        return ok(null);
      }),
  };
}
