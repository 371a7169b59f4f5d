import { z } from 'zod';
import { Id, Receipt, parseWith, type Receipt as ReceiptValue } from '../../main/base/wire/index.js';
import type { SandboxCore } from '../core/core.js';
import { isError } from '../core/pos-channel.js';
import { SandboxError } from '../core/errors.js';
import type { GuestStep } from '../core/guest-schemas.js';
import { callPos } from './pos-calls.js';

export const GuestReceiptRequest = z.object({ paymentId: Id });
export type GuestReceiptRequest = z.input<typeof GuestReceiptRequest>;

export interface GuestReceiptResult {
  paymentId: string;
  /** The fiscal receipt, from provide-payment-receipt or from the POS's getPostponedReceipt; null: not ready yet. */
  receipt: ReceiptValue | null;
  /** Where it came from: the POS had provided it, or the service asked the POS now. */
  source: 'provided' | 'asked' | null;
  steps: GuestStep[];
}

/**
 * POST /sandbox/guest/receipt: the guest asks for the receipt of a POSTPONED payment, as the
 * service's receipt page would. A receipt the POS already provided (provide-payment-receipt) is
 * answered at once; otherwise the service asks the POS with getPostponedReceipt and keeps what it
 * answers (an error such as RECEIPT_NOT_READY: `receipt` null, the error in `steps`).
 */
export async function guestReceipt(core: SandboxCore, input: unknown): Promise<GuestReceiptResult> {
  const req = GuestReceiptRequest.safeParse(input);
  if (!req.success)
    throw new SandboxError('BAD_REQUEST', { detail: input === undefined ? 'body: a JSON object is required' : 'paymentId: must be a payment id' });
  const { paymentId } = req.data;
  const rec = core.state.payments.get(paymentId);
  if (!rec) throw new SandboxError('BAD_REQUEST', { detail: `paymentId: "${paymentId}" is not a payment of this sandbox` });
  const steps: GuestStep[] = [];
  if (rec.providedReceipt) return { paymentId, receipt: rec.providedReceipt, source: 'provided', steps };
  const answer = await callPos(core, rec.restaurantId, 'getPostponedReceipt', [paymentId], steps);
  if (isError(answer)) return { paymentId, receipt: null, source: null, steps };
  const receipt = parseWith(Receipt, answer.result);
  if (!receipt.ok) {
    steps.push({ method: 'getPostponedReceipt', ms: 0, ok: false, error: { code: 'BAD_POS_ANSWER', message: receipt.error } });
    return { paymentId, receipt: null, source: null, steps };
  }
  rec.receipts.push(receipt.value);
  rec.providedReceipt = receipt.value;
  return { paymentId, receipt: receipt.value, source: 'asked', steps };
}
