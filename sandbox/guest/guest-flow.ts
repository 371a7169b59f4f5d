import { Decimal } from 'decimal.js';
import { z } from 'zod';
import { Bill, Receipt, parseWith, type Parsed, type Payment, type PaymentItem } from '../../main/base/wire/index.js';
import type { SandboxCore } from '../core/core.js';
import { isError, type CallOutcome } from '../core/pos-channel.js';
import { SandboxError } from '../core/errors.js';
import { newId } from '../core/ids.js';
import type { PaymentRecord } from '../core/state.js';
import { GUEST_CARD, GuestPayRequest, GuestScanRequest, type GuestPayResult, type GuestStep } from '../core/guest-schemas.js';
import { callPos, sendPaymentClosed } from './pos-calls.js';
import { sameJson } from './same-json.js';

const BillList = z.array(Bill);

/** The parsed request, or BAD_REQUEST naming the field (`body` when there was none). */
function must<T>(parsed: Parsed<T>, input: unknown): T {
  if (parsed.ok) return parsed.value;
  throw new SandboxError('BAD_REQUEST', { detail: input === undefined ? 'body: a JSON object is required' : parsed.error });
}

function requireConnection(core: SandboxCore, restaurantId: string): void {
  if (!core.channels.live(restaurantId)) throw new SandboxError('NO_POS_CONNECTION', {});
}

/** A POS failure before any payment exists (HTTP: 502 with the POS's error and the steps so far). */
function posFailed(method: string, outcome: CallOutcome, steps: GuestStep[]): never {
  const error = isError(outcome) ? outcome.error : { code: 'BAD_POS_ANSWER', message: 'unexpected answer' };
  throw new SandboxError('POS_CALL_FAILED', { method, error, steps });
}

function parseAnswer<T>(schema: z.ZodType<T>, method: string, outcome: CallOutcome, steps: GuestStep[]): T {
  if (isError(outcome)) posFailed(method, outcome, steps);
  const parsed = parseWith(schema, outcome.result);
  if (!parsed.ok) posFailed(method, { error: { code: 'BAD_POS_ANSWER', message: `the POS answered with a bad shape: ${parsed.error}` } }, steps);
  return parsed.value;
}

/** POST /sandbox/guest/scan: the guest scans the table's QR code; the service asks the POS for its bills. */
export async function guestScan(core: SandboxCore, input: unknown): Promise<Bill[]> {
  const req = must(parseWith(GuestScanRequest, input), input);
  const r = core.restaurant(req.restaurantId);
  requireConnection(core, r.id);
  const steps: GuestStep[] = [];
  return parseAnswer(BillList, 'getTableContents', await callPos(core, r.id, 'getTableContents', [req.idTable, null], steps), steps);
}

/** The payment's items: the guest's choice, or everything unpaid on the bill. Bad choices are BAD_REQUEST. */
function chooseItems(bill: Bill, wanted: { id: string; quantity: string }[] | undefined): PaymentItem[] {
  if (!wanted) {
    return bill.items.filter((i) => new Decimal(i.quantity).gt(0)).map((i) => ({ ...i, quantity: i.quantity }));
  }
  return wanted.map((w, n) => {
    const line = bill.items.find((i) => i.id === w.id);
    if (!line) throw new SandboxError('BAD_REQUEST', { detail: `items[${n}].id: "${w.id}" is not an unpaid item of bill ${bill.id}` });
    if (new Decimal(w.quantity).lte(0)) throw new SandboxError('BAD_REQUEST', { detail: `items[${n}].quantity: must be more than 0` });
    return { ...line, quantity: w.quantity };
  });
}

function buildPayment(core: SandboxCore, bill: Bill, items: PaymentItem[], tip: string, captureMode: 'auto' | 'manual'): Payment {
  const sum = items.reduce((acc, i) => acc.plus(new Decimal(i.price).times(i.quantity)), new Decimal(0));
  return {
    id: newId(),
    idBill: bill.id,
    idCustomer: newId(),
    currency: bill.currency,
    state: 'STARTED',
    items,
    parts: [{ total: sum.plus(tip).toFixed(), provider: { ...GUEST_CARD } }],
    tipBrutto: new Decimal(tip).toFixed(),
    tipNetto: new Decimal(tip).toFixed(),
    additionalData: bill.additionalData ?? null,
    discount: null,
    timestamp: core.nowIso(),
    captureMode,
  };
}

function finish(payment: Payment, state: string, outcome: GuestPayResult['outcome'], steps: GuestStep[]): GuestPayResult {
  payment.state = state;
  // A copy: the record's payment changes later (capture, refund) and the caller's result must not.
  return { payment: structuredClone(payment), steps, outcome };
}

/** POST /sandbox/guest/pay: the whole flow of docs/PROTOCOL.md §2 through the restaurant's channel. */
export async function guestPay(core: SandboxCore, input: unknown): Promise<GuestPayResult> {
  const req = must(parseWith(GuestPayRequest, input), input);
  const r = core.restaurant(req.restaurantId);
  requireConnection(core, r.id);
  const steps: GuestStep[] = [];

  const listed = await callPos(core, r.id, 'getTableContents', [req.idTable, null], steps);
  const bills = parseAnswer(BillList, 'getTableContents', listed, steps);
  const at = req.idBill ? bills.findIndex((b) => b.id === req.idBill) : bills.length > 0 ? 0 : -1;
  const chosen = bills[at];
  if (!chosen) {
    if (req.idBill) throw new SandboxError('BILL_NOT_FOUND', { idBill: req.idBill, idTable: req.idTable, steps });
    throw new SandboxError('NO_OPEN_BILL', { idTable: req.idTable, steps });
  }
  const answered = await callPos(core, r.id, 'getBill', [chosen.id, null], steps);
  // The POS usually answers getBill with the very bill it listed: that value was just validated.
  const sameAsListed = !isError(answered) && !isError(listed) && sameJson(answered.result, (listed.result as unknown[])[at]);
  const bill = sameAsListed ? chosen : parseAnswer(Bill, 'getBill', answered, steps);

  const items = chooseItems(bill, req.items);
  if (items.length === 0) throw new SandboxError('NOTHING_TO_PAY', { idBill: bill.id });
  const tip = req.tip ?? '0';
  if (!bill.allowTip && new Decimal(tip).gt(0)) throw new SandboxError('BAD_REQUEST', { detail: `tip: bill ${bill.id} does not allow a tip` });

  const payment = buildPayment(core, bill, items, tip, req.captureMode);
  const record: PaymentRecord = { restaurantId: r.id, created: core.clock.now(), payment, receipts: [], authorized: false };
  core.state.payments.set(payment.id, record);
  if (core.logging) core.log(`payment ${payment.id} started bill=${bill.id} total=${payment.parts[0]?.total} ${payment.currency}`);

  // No copy needed: every channel serializes the args before the call settles (a webhook replay
  // too), and `payment` only changes after that.
  const started = await callPos(core, r.id, 'paymentStart', [payment], steps);
  if (isError(started)) {
    payment.state = 'CANCELLED';
    // An explicit refusal locked nothing; a time-out or lost link may have: unlock (best effort).
    if (started.error.code === 'TIMEOUT' || started.error.code === 'CONNECTION_LOST') await sendPaymentClosed(core, r.id, payment.id, 'CANCELLED', steps);
    return finish(payment, 'CANCELLED', 'cancelled', steps);
  }
  if (core.faults.take(r.id, 'abandon-payment', () => `payment ${payment.id}`, core.nowIsoFn)) {
    // The guest walked away and the service gave up without a word to the POS: its lock stays until it asks.
    return finish(payment, 'CANCELLED', 'cancelled', steps);
  }
  if (req.outcome === 'declined') {
    payment.state = 'CANCELLED';
    await sendPaymentClosed(core, r.id, payment.id, 'CANCELLED', steps);
    return finish(payment, 'CANCELLED', 'declined', steps);
  }
  const processed = await callPos(core, r.id, 'paymentProcessed', [payment.id], steps);
  if (isError(processed)) {
    payment.state = 'CANCELLED';
    await sendPaymentClosed(core, r.id, payment.id, 'CANCELLED', steps);
    return finish(payment, 'CANCELLED', 'cancelled', steps);
  }
  const receipt = parseWith(Receipt, processed.result);
  if (receipt.ok) record.receipts.push(receipt.value);
  // The POS makes the fiscal receipt later (provide-payment-receipt / getPostponedReceipt).
  if (receipt.ok && receipt.value.receiptDeliveryType === 'POSTPONED') record.postponed = true;
  if (req.captureMode === 'manual') {
    record.authorized = true;
    return finish(payment, 'STARTED', 'authorized', steps);
  }
  // The money is taken once paymentProcessed succeeded; a lost paymentClosed is recovered by GET payment.
  payment.state = 'PAID';
  await sendPaymentClosed(core, r.id, payment.id, 'PAID', steps);
  return finish(payment, 'PAID', 'paid', steps);
}
