import { Receipt, parseWith, type MenuItem, type MethodError, type Order, type Payment } from '../../main/base/wire/index.js';
import { isError, type CallOutcome } from '../core/pos-channel.js';
import type { SandboxCore } from '../core/core.js';
import { SandboxError } from '../core/errors.js';
import { newId } from '../core/ids.js';
import { newServiceOrder, ORDER_DECISION_MS, type CloseCause, type GuestOrder, type ServiceOrder } from '../core/order-records.js';
import type { Restaurant } from '../core/state.js';
import { GUEST_CARD, type GuestStep } from '../core/guest-schemas.js';
import { GuestOrderRequest, PreparedOrder, StartedOrder, type GuestOrderResult } from './order-schemas.js';
import { callPos } from './pos-calls.js';

/**
 * The guest who orders (docs/PROTOCOL.md §5): orderPrepare → orderStart (→ the guest pays and
 * orderMarkAsPaid, pickup only) → the staff's statuses arrive on update-<svc>-order-status →
 * orderClose. REJECTED or no decision within ORDER_DECISION_MS closes it CANCELLED (a prepaid
 * order is refunded); COMPLETE closes it COMPLETED.
 */

/** The item a guest can order: the last upload-menu-items entry of that id, else the pushed menus'. */
export function orderableItem(r: Restaurant, id: string): MenuItem | null {
  const uploaded = r.menuItems.find((i) => i.id === id);
  if (uploaded) return uploaded;
  for (const m of r.menus) {
    const item = m.items.find((i) => i.id === id);
    if (item) return item;
  }
  return null;
}

function must(input: unknown): ReturnType<typeof GuestOrderRequest.parse> {
  const parsed = parseWith(GuestOrderRequest, input);
  if (parsed.ok) return parsed.value;
  throw new SandboxError('BAD_REQUEST', { detail: input === undefined ? 'body: a JSON object is required' : parsed.error });
}

/** The order a guest sends, its lines named and priced from the pushed menu; a line off the menu is NOT_ON_MENU (409). */
function buildOrder(r: Restaurant, req: ReturnType<typeof GuestOrderRequest.parse>): Order {
  if (r.menus.length === 0 && r.menuItems.length === 0) {
    throw new SandboxError('NOT_ON_MENU', { detail: 'items: the POS has pushed no menu yet (update-menus)', items: req.items.map((l) => l.id) });
  }
  const items = req.items.map((line, n) => {
    const item = orderableItem(r, line.id);
    if (!item) throw new SandboxError('NOT_ON_MENU', { detail: `items[${n}].id: "${line.id}" is not on the menu the POS pushed`, items: [line.id] });
    if (!item.available)
      throw new SandboxError('NOT_ON_MENU', { detail: `items[${n}].id: "${item.name}" is marked unavailable on the pushed menu`, items: [line.id] });
    return line.note
      ? { id: item.id, name: item.name, price: item.price, quantity: line.quantity, note: line.note }
      : { id: item.id, name: item.name, price: item.price, quantity: line.quantity };
  });
  const delivery: Order['delivery'] =
    req.idTable !== undefined ? { type: req.delivery, idTable: req.idTable } : { type: 'byCustomer', pickupAt: req.pickupAt ?? null };
  const order: Order = { id: newId(), currency: req.currency, delivery, items };
  if (req.note) order.note = req.note;
  if (req.customerName) order.customer = { name: req.customerName };
  return order;
}

function answerError(method: string, outcome: CallOutcome, parsedError: string | null): MethodError {
  if (isError(outcome)) return outcome.error;
  return { code: 'BAD_POS_ANSWER', message: `${method}: the POS answered with a bad shape: ${parsedError ?? ''}` };
}

/** Sends a call twice when the `repeat-order-calls` fault is on for this order (the POS must be idempotent). */
async function sendOrderCall(core: SandboxCore, r: Restaurant, g: GuestOrder, method: string, args: unknown[]): Promise<CallOutcome> {
  const first = await callPos(core, r.id, method, args, g.steps);
  if (!g.repeatCalls) return first;
  await callPos(core, r.id, method, args, g.steps);
  return first;
}

/**
 * Closes a guest order at the service: refunds a prepaid order that is cancelled, then sends
 * orderClose (best effort: a POS that misses it still sees the status it sent). Synchronous up to
 * the call, so a second cause arriving meanwhile finds the order closed.
 */
export async function closeGuestOrder(core: SandboxCore, r: Restaurant, so: ServiceOrder, state: 'COMPLETED' | 'CANCELLED', cause: CloseCause): Promise<void> {
  const g = so.guest;
  if (!g || g.phase === 'closed') return;
  g.phase = 'closed';
  g.closed = { state, cause, at: core.nowIso() };
  if (state === 'CANCELLED' && g.payment?.state === 'PAID') g.payment.state = 'REFUNDED';
  core.log(`order ${so.idOrder} closed ${state} (${cause})${g.payment?.state === 'REFUNDED' ? ', refunded' : ''}`);
  await sendOrderCall(core, r, g, 'orderClose', [so.idOrder, state]);
}

function paymentFor(core: SandboxCore, order: Order, total: string): Payment {
  return {
    id: newId(),
    // A pickup order has no bill: the order stands for it.
    idBill: order.id,
    idCustomer: null,
    currency: order.currency,
    state: 'PAID',
    items: order.items.map((i) => ({ id: i.id, name: i.name, price: i.price ?? '0', quantity: i.quantity, tags: [] })),
    parts: [{ total, provider: { ...GUEST_CARD } }],
    tipBrutto: '0',
    tipNetto: '0',
    additionalData: null,
    discount: null,
    timestamp: core.nowIso(),
  };
}

/** Read after an await: a status may have closed the order meanwhile (a function, so the compiler does not keep an earlier narrowing). */
const cancelledMeanwhile = (g: GuestOrder): boolean => g.closed?.state === 'CANCELLED';

/** The guest pays a pickup order in advance; the POS is told with orderMarkAsPaid. False = the order was cancelled. */
async function payInAdvance(core: SandboxCore, r: Restaurant, so: ServiceOrder, declined: boolean): Promise<boolean> {
  const g = so.guest!;
  // The staff may have rejected it already (a fast REJECTED while orderStart was answered): charge nothing.
  if (g.closed) return false;
  const payment = paymentFor(core, g.order, g.prepared!.total);
  g.payment = payment;
  core.state.payments.set(payment.id, { restaurantId: r.id, created: core.clock.now(), payment, receipts: [], authorized: false });
  if (declined) {
    payment.state = 'CANCELLED';
    await closeGuestOrder(core, r, so, 'CANCELLED', 'DECLINED');
    return false;
  }
  const paid = await sendOrderCall(core, r, g, 'orderMarkAsPaid', [so.idOrder, payment]);
  const receipt = isError(paid) ? null : parseWith(Receipt, paid.result);
  if (!receipt?.ok) {
    // The POS did not take the payment: the guest gets the money back and the order is off.
    await closeGuestOrder(core, r, so, 'CANCELLED', 'POS_FAILED');
    return false;
  }
  g.receipt = receipt.value;
  core.state.payments.get(payment.id)?.receipts.push(receipt.value);
  // Cancelled while orderMarkAsPaid was on its way (rejected, no decision): the money goes back.
  if (cancelledMeanwhile(g)) {
    payment.state = 'REFUNDED';
    return false;
  }
  return true;
}

function result(so: ServiceOrder | null, idOrder: string, outcome: GuestOrderResult['outcome'], steps: GuestStep[], error?: MethodError): GuestOrderResult {
  const out: GuestOrderResult = {
    idOrder,
    outcome,
    billId: so?.guest?.billId ?? null,
    total: so?.guest?.prepared?.total ?? null,
    order: so ? structuredClone(so) : null,
    steps,
  };
  if (error) out.error = error;
  return out;
}

/** POST /sandbox/guest/order. Answers once the order waits for the staff (or was refused); the rest follows their statuses. */
export async function guestOrder(core: SandboxCore, input: unknown): Promise<GuestOrderResult> {
  const req = must(input);
  const r = core.restaurant(req.restaurantId);
  const order = buildOrder(r, req);
  if (!core.channels.live(r.id)) throw new SandboxError('NO_POS_CONNECTION', {});
  const steps: GuestStep[] = [];

  const prepareAnswer = await callPos(core, r.id, 'orderPrepare', [order], steps);
  const prepared = isError(prepareAnswer) ? null : parseWith(PreparedOrder, prepareAnswer.result);
  if (!prepared?.ok)
    return result(null, order.id, 'refused', steps, answerError('orderPrepare', prepareAnswer, prepared && !prepared.ok ? prepared.error : null));
  // The POS prices the order (it may give discounts): the guest confirms what it answered.
  order.items = prepared.value.items.map((i) => ({ ...i, name: i.name || (orderableItem(r, i.id)?.name ?? '') }));

  const now = core.clock.now();
  const guest: GuestOrder = {
    order,
    prepared: prepared.value,
    billId: null,
    phase: 'placed',
    payment: null,
    receipt: null,
    closed: null,
    startedMs: now,
    decideByMs: now + ORDER_DECISION_MS,
    steps,
    repeatCalls: core.faults.take(r.id, 'repeat-order-calls', () => `order ${order.id}`, core.nowIsoFn) !== null,
  };
  const so = newServiceOrder(order.id, r.id, guest);
  r.orders.set(order.id, so);
  watchers.get(core)?.wake();

  const startAnswer = await sendOrderCall(core, r, guest, 'orderStart', [order]);
  const started = isError(startAnswer) ? null : parseWith(StartedOrder, startAnswer.result);
  if (!started?.ok) {
    const error = answerError('orderStart', startAnswer, started && !started.ok ? started.error : null);
    // An explicit refusal stored nothing; a time-out or lost link may have: close it (best effort).
    if (error.code === 'TIMEOUT' || error.code === 'CONNECTION_LOST') await closeGuestOrder(core, r, so, 'CANCELLED', 'POS_FAILED');
    else guest.phase = 'closed';
    guest.closed ??= { state: 'CANCELLED', cause: 'POS_FAILED', at: core.nowIso() };
    return result(so, order.id, 'cancelled', steps, error);
  }
  guest.billId = started.value.billId ?? null;
  if (order.delivery.type === 'byCustomer' && !(await payInAdvance(core, r, so, req.outcome === 'declined'))) return result(so, order.id, 'cancelled', steps);
  core.log(`order ${order.id} placed (${order.delivery.type}) total=${prepared.value.total} ${order.currency}`);
  return result(so, order.id, 'placed', steps);
}

/** A staff status arrived for an order a guest placed: REJECTED and COMPLETE close it. */
export async function followStatus(core: SandboxCore, r: Restaurant, so: ServiceOrder): Promise<void> {
  const g = so.guest;
  if (!g || g.phase === 'closed' || so.status === null) return;
  if (so.status === 'REJECTED') return closeGuestOrder(core, r, so, 'CANCELLED', 'REJECTED');
  if (so.status === 'COMPLETE') return closeGuestOrder(core, r, so, 'COMPLETED', 'COMPLETE');
  g.phase = 'accepted';
}

/** Cancels (and refunds) every placed order nobody accepted or rejected by its deadline (sandbox clock). */
export async function cancelUndecided(core: SandboxCore): Promise<void> {
  const now = core.clock.now();
  const due: Promise<void>[] = [];
  for (const r of core.state.restaurants.values()) {
    for (const so of r.orders.values()) {
      if (so.guest?.phase === 'placed' && now >= so.guest.decideByMs) due.push(closeGuestOrder(core, r, so, 'CANCELLED', 'NO_DECISION'));
    }
  }
  await Promise.all(due);
}

/** Each running sandbox's deadline watcher, so a new order can start its real-time check. */
const watchers = new WeakMap<SandboxCore, { wake(): void }>();

function anyPlaced(core: SandboxCore): boolean {
  for (const r of core.state.restaurants.values()) {
    for (const so of r.orders.values()) if (so.guest?.phase === 'placed') return true;
  }
  return false;
}

/**
 * Checks the deadlines whenever the sandbox clock is moved, and every second of real time while
 * some order waits for a decision (the clock also runs on its own; an idle sandbox wakes for
 * nothing). Stopped when the sandbox closes.
 */
export function watchOrderDeadlines(core: SandboxCore, everyMs = 1000): { close(): void } {
  let timer: NodeJS.Timeout | null = null;
  const sleep = (): void => {
    if (timer) clearInterval(timer);
    timer = null;
  };
  const check = (): void => {
    cancelUndecided(core)
      .catch((e: unknown) => core.log(`order deadline check failed: ${String(e)}`))
      .finally(() => {
        if (!anyPlaced(core)) sleep();
      });
  };
  const unsubscribe = core.clock.onAdvance(check);
  watchers.set(core, {
    wake() {
      if (timer) return;
      timer = setInterval(check, everyMs);
      timer.unref();
    },
  });
  return {
    close() {
      unsubscribe();
      sleep();
      watchers.delete(core);
    },
  };
}
