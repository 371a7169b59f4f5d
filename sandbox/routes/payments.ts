import { CANCEL_WINDOW_MS, ProvideReceiptRequest, Receipt, parseWith } from '../../main/base/wire/index.js';
import { sendPaymentClosed } from '../guest/pos-calls.js';
import { accepted, empty, errorReply, must, ok } from '../http/replies.js';
import { posRoute, type PosContext, type Reply, type RouteFactory } from '../http/route-types.js';
import { restarting } from './orders.js';
import type { PaymentRecord } from '../core/state.js';

/** 404 unknown, 403 another restaurant's (both with empty bodies, as the interface document says). */
function own(ctx: PosContext, id: string): PaymentRecord | Reply {
  const rec = ctx.core.state.payments.get(id);
  if (!rec) return empty(404);
  if (rec.restaurantId !== ctx.restaurant.id) return empty(403);
  return rec;
}
const isReply = (x: PaymentRecord | Reply): x is Reply => 'status' in x;

export const paymentRoutes: RouteFactory = () => [
  posRoute('GET', '/api/v2/pos/payment/:id', (ctx) => {
    const rec = own(ctx, ctx.params.id!);
    return isReply(rec) ? rec : ok(rec.payment);
  }),

  // Cancel and refund, only within 3 hours of creation (sandbox clock); 410 with an empty body after.
  posRoute('DELETE', '/api/v2/pos/payment/:id', (ctx) => {
    const rec = own(ctx, ctx.params.id!);
    if (isReply(rec)) return rec;
    if (ctx.core.clock.now() - rec.created > CANCEL_WINDOW_MS) return empty(410);
    rec.payment.state = 'CANCELLED';
    rec.authorized = false;
    ctx.core.log(`payment ${rec.payment.id} cancelled by the POS (refund)`);
    return ok(rec.payment);
  }),

  posRoute('POST', '/api/v2/pos/payment/:id/capture', (ctx) => {
    const receipt = must(parseWith(Receipt, ctx.body), ctx.lang, ctx.body === undefined);
    const rec = own(ctx, ctx.params.id!);
    if (isReply(rec)) return rec;
    if (rec.payment.captureMode === 'manual' && rec.payment.state === 'PAID') return accepted(); // repeated capture
    if (!rec.authorized || rec.payment.state !== 'STARTED') {
      return errorReply(409, 'NOT_CAPTURABLE', `payment ${rec.payment.id} is not an authorized manual-capture payment (state ${rec.payment.state})`);
    }
    rec.authorized = false;
    rec.payment.state = 'PAID';
    rec.receipts.push(receipt);
    ctx.core.log(`payment ${rec.payment.id} captured`);
    // The POS learns it is paid the usual way; not awaited so the capture answers at once.
    void sendPaymentClosed(ctx.core, rec.restaurantId, rec.payment.id, 'PAID');
    return accepted();
  }),

  posRoute('POST', '/api/v2/pos/provide-payment-receipt', (ctx) => {
    // A restarting service refuses it too; the POS retries with backoff.
    const down = restarting(ctx, 'provide-payment-receipt');
    if (down) return down;
    const req = must(parseWith(ProvideReceiptRequest, ctx.body), ctx.lang, ctx.body === undefined);
    const rec = own(ctx, req.paymentId);
    if (isReply(rec)) return rec;
    rec.receipts.push(req.receipt);
    if (rec.postponed) rec.providedReceipt = req.receipt;
    ctx.core.log(`payment ${rec.payment.id} receipt provided (serial ${req.receipt.receiptInfo.serial})`);
    return accepted();
  }),
];
