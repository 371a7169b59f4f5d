import type { ErrorParams } from '../../preload/contract.js';
import { isStoreError, type StoreError, type StoreErrorCode } from './store-error.js';

/**
 * The POS API's English for the store's refusals, for integrators: the store sends a code and its
 * parameters (`reason` picks a code's variant), and this one table words them, saying what to do next.
 */
type Words = (p: ErrorParams, field: string) => string;

const s = (v: string | number | undefined): string => (v === undefined ? '?' : String(v));

// Every code has its sentence (the compiler holds it to the list); `CODE:reason` words a variant.
const ENGLISH: { [K in StoreErrorCode]: Words } & { [variant: `${StoreErrorCode}:${string}`]: Words } = {
  'INVALID:decimal': (_p, f) => `${f}: must be a non-negative decimal string such as "62.50"`,
  'INVALID:positive': (_p, f) => `${f}: must be greater than zero`,
  'INVALID:empty': (_p, f) => `${f}: must not be empty`,
  'INVALID:too-long': (p, f) => `${f}: must be at most ${s(p.max)} characters`,
  'INVALID:too-large': (p, f) => `${f}: ${s(p.bytes)} bytes as JSON; at most ${s(p.max)} are accepted. Send less and try again.`,
  'INVALID:too-many-items': (p, f) => `${f}: ${s(p.count)} lines; a bill takes at most ${s(p.max)}. Split it into several bills.`,
  'INVALID:bill-too-large': (p, f) =>
    `${f}: the bill as sent to the payment service would be ${s(p.bytes)} bytes; at most ${s(p.max)} are accepted. Send fewer or shorter items (or split the bill).`,
  'INVALID:currency': (_p, f) => `${f}: must be an ISO 4217 code of three capital letters, such as "CZK"`,
  'INVALID:list': (_p, f) => `${f}: must be a list`,
  'INVALID:duplicate-id': (p, f) => `${f}: "${s(p.id)}" appears twice`,
  'INVALID:fraction': (_p, f) => `${f}: a fraction of the plan from 0 to 1 is needed.`,
  'INVALID:one-of': (p, f) => `${f} must be one of ${s(p.allowed)}.`,
  'INVALID:unknown-table': (p, f) => `${f}: table "${s(p.tableId)}" does not exist; create it first (PUT /v1/tables/${s(p.tableId)}).`,
  'INVALID:menu-too-large': (p) => `menus: ${s(p.count)} items in all; the service takes at most ${s(p.max)}. Split off or remove items and send again.`,
  'INVALID:payment-closed': (p) => `Payment ${s(p.paymentId)} is already closed (${s(p.state)}); start a new payment.`,
  'INVALID:payment-ended': (p) => `Payment ${s(p.paymentId)} was already ended (${s(p.state)}); start a new payment.`,
  'INVALID:not-prepaid': (p) =>
    `Order ${s(p.orderId)} is a ${s(p.delivery)} order: it is paid on its bill (getBill / paymentStart), not with orderMarkAsPaid, which is for byCustomer orders only.`,
  'INVALID:order-currency': (p, f) => `${f}: this restaurant takes orders in ${s(p.expected)} only, not ${s(p.currency)}.`,
  'INVALID:restaurant-currency': (p, f) => `${f}: this restaurant's bills are in ${s(p.expected)}; a bill in ${s(p.currency)} cannot be paid here.`,
  'INVALID:reject-reason': () => 'reason: a rejected order needs a reason the guest will see',
  INVALID: (_p, f) => `${f}: the value is not accepted; correct it and send again.`,
  'NOT_FOUND:table': (p) => `Table ${s(p.tableId)} does not exist.`,
  'NOT_FOUND:bill-item': (p) => `Item ${s(p.itemId)} is not on bill ${s(p.billId)}; refresh the bill and try again.`,
  'NOT_FOUND:menu-item': (p) => `Menu item ${s(p.itemId)} does not exist; send the menu with it first (PUT /v1/menu).`,
  NOT_FOUND: () => 'It does not exist here; refresh and try again.',
  'CONFLICT:table-has-bills': (p) => `Table ${s(p.tableId)} still has ${s(p.open)} open bill(s); close or move them first, then delete the table.`,
  'CONFLICT:currency-fixed': (p) => `Bill ${s(p.billId)} already has payments in ${s(p.currency)}; its currency cannot change.`,
  'CONFLICT:move-while-paying': (p) => `Bill ${s(p.billId)} is being paid right now; move it to another table after the payment ends.`,
  'CONFLICT:close-while-paying': (p) => `Bill ${s(p.billId)} is being paid by a guest right now; close it after the payment ends.`,
  'CONFLICT:quantity-held': (p) => `"${s(p.item)}" has ${s(p.held)} paid or in payment; set at least ${s(p.held)}.`,
  'CONFLICT:item-held': (p) => `"${s(p.item)}" is paid or in a guest's payment and cannot be removed; keep it in the item list.`,
  'CONFLICT:lines-held': (p) => `Bill ${s(p.billId)}: ${s(p.count)} line(s) paid or in a guest's payment cannot change: ${s(p.lines)}. Nothing was changed.`,
  'CONFLICT:payment-in-progress': (p) => `Payment ${s(p.paymentId)} is still in progress; wait until it ends before cancelling it.`,
  'CONFLICT:order-status': (p) => `Order ${s(p.orderId)} is ${s(p.from)}; it cannot become ${s(p.to)}.`,
  CONFLICT: () => 'This change collides with the current state; refresh and try again.',
  'BILL_NOT_FOUND:scan': (p) => `Bill ${s(p.billId)} does not exist; scan the table again.`,
  BILL_NOT_FOUND: (p) => `Bill ${s(p.billId)} does not exist.`,
  'BILL_CLOSED:resend': (p) => `Bill ${s(p.billId)} is closed; send the items under a new bill id.`,
  'BILL_CLOSED:paid': (p) => `Bill ${s(p.billId)} is already paid.`,
  'BILL_CLOSED:closed': (p) => `Bill ${s(p.billId)} is already closed.`,
  BILL_CLOSED: (p) => `Bill ${s(p.billId)} is closed; open a new bill for the table instead.`,
  BILL_LOCKED: (p) => `Another guest is paying bill ${s(p.billId)} right now; try again in a moment.`,
  'ITEMS_CHANGED:started-otherwise': (p) => `Payment ${s(p.paymentId)} was already started with other items; start a new payment.`,
  'ITEMS_CHANGED:currency': (p) => `The bill is in ${s(p.billCurrency)}, the payment in ${s(p.paymentCurrency)}; scan the table again.`,
  'ITEMS_CHANGED:no-items': () => 'The payment has no items; choose items to pay.',
  'ITEMS_CHANGED:price-twice': (p) => `Item ${s(p.itemId)} appears twice with different prices; scan the table again.`,
  'ITEMS_CHANGED:item-gone': (p) => `Item "${s(p.item)}" is no longer on the bill; scan the table again.`,
  'ITEMS_CHANGED:price-changed': (p) => `The price of "${s(p.item)}" is now ${s(p.price)}, not ${s(p.was)}; scan the table again.`,
  'ITEMS_CHANGED:too-much': (p) => `Only ${s(p.left)} of "${s(p.item)}" is left to pay (${s(p.asked)} asked); scan the table again.`,
  'ITEMS_CHANGED:min-quantity': (p) => `"${s(p.item)}" can be paid in parts of at least ${s(p.min)}; choose a larger share.`,
  'ITEMS_CHANGED:whole-bill': (p) => `This bill must be paid whole; "${s(p.item)}" is missing from the payment.`,
  'ITEMS_CHANGED:no-tips': () => 'This bill does not accept tips; pay without a tip.',
  ITEMS_CHANGED: () => 'The bill changed; scan the table again.',
  'PAYMENT_NOT_FOUND:never-started': (p) => `Payment ${s(p.paymentId)} is unknown here; it was never started on this POS.`,
  PAYMENT_NOT_FOUND: (p) => `Payment ${s(p.paymentId)} is unknown here.`,
  SCHEMA_TOO_NEW: (p) => `This database was written by a newer Tableside (schema ${s(p.schema)}); update the app or choose another data folder.`,
  ITEM_UNAVAILABLE: (p) => `${s(p.count)} item(s) of the order are not on the menu or sold out: ${s(p.items)}.`,
  ORDERS_PAUSED: () => 'The restaurant is not taking orders right now; try again later.',
  'TABLE_NOT_FOUND:missing': (p) => `A ${s(p.type)} order needs delivery.idTable.`,
  TABLE_NOT_FOUND: (p) => `Table ${s(p.tableId)} does not exist at this restaurant.`,
  ORDER_NOT_FOUND: (p) => `Order ${s(p.orderId)} is unknown here.`,
  ORDER_CLOSED: (p) => `Order ${s(p.orderId)} is ${s(p.status).toLowerCase()}; it cannot be paid.`,
  'NOT_POSTPONED:unprocessed': (p) =>
    `Payment ${s(p.paymentId)} does not wait for a receipt from the POS: it is not processed yet (wait for its payment.processed event).`,
  NOT_POSTPONED: (p) => `Payment ${s(p.paymentId)} does not wait for a receipt from the POS: its receipt is ${s(p.type)}.`,
  RECEIPT_ALREADY_GIVEN: (p) => `Payment ${s(p.paymentId)} already has another receipt from the POS (serial ${s(p.serial)}).`,
  PAYMENT_NOT_PAID: (p) => `Payment ${s(p.paymentId)} ended unpaid (${s(p.state)}); it needs no receipt.`,
};

/** The English sentence of a store refusal, for the POS API's error body. */
export function storeErrorMessage(e: StoreError): string {
  const variant = typeof e.params.reason === 'string' ? ENGLISH[`${e.code}:${e.params.reason}`] : undefined;
  return (variant ?? ENGLISH[e.code])(e.params, e.field ?? 'input');
}

/** A failure in a sentence a person can act on: a store refusal in its English, anything else its message. */
export function failureSentence(e: unknown): string {
  return isStoreError(e) ? storeErrorMessage(e) : e instanceof Error ? e.message : String(e);
}
