// The cashier's input for a new payment link, checked before anything is sent. A refusal is a code
// with parameters (the renderer words it); nothing is rounded: "12.345" is refused, not made 12.35.
import { Decimal } from 'decimal.js';
import type { ErrorParams, PaymentLinkInput } from '../../../preload/contract.js';

export const MAX_DESCRIPTION = 200;
/** The wire's decimals carry at most 15 digits before the point. */
const AMOUNT_SHAPE = /^\d{1,15}(\.\d{1,2})?$/;
const LOOSE_NUMBER = /^-?\d+(\.\d+)?$/;
const CURRENCY = /^[A-Z]{3}$/;

export type LinkInputRefusal = { code: 'INVALID_AMOUNT' | 'INVALID_CURRENCY' | 'DESCRIPTION_TOO_LONG'; params: ErrorParams };

export interface CheckedLinkInput {
  /** Two decimal places, as the service and every view show money. */
  amount: string;
  currency: string;
  description: string;
}

function amountRefusal(text: string): LinkInputRefusal | null {
  const params = { field: 'amount', value: text.slice(0, 40) };
  if (!LOOSE_NUMBER.test(text)) return { code: 'INVALID_AMOUNT', params: { ...params, reason: 'format' } };
  if (text.startsWith('-') || new Decimal(text).isZero()) return { code: 'INVALID_AMOUNT', params: { ...params, reason: 'positive' } };
  if (!AMOUNT_SHAPE.test(text)) {
    const places = (text.split('.')[1] ?? '').length > 2;
    return places ? { code: 'INVALID_AMOUNT', params: { ...params, reason: 'places' } } : { code: 'INVALID_AMOUNT', params: { ...params, reason: 'large' } };
  }
  return null;
}

/** The checked input, or the first refusal (amount, then currency, then description). */
export function checkLinkInput(
  input: PaymentLinkInput,
  defaultCurrency: string,
): { ok: true; value: CheckedLinkInput } | { ok: false; refusal: LinkInputRefusal } {
  const amount = input.amount.trim();
  const refused = amountRefusal(amount);
  if (refused) return { ok: false, refusal: refused };
  const currency = (input.currency ?? defaultCurrency).trim().toUpperCase();
  if (!CURRENCY.test(currency)) {
    return { ok: false, refusal: { code: 'INVALID_CURRENCY', params: { field: 'currency', currency: currency.slice(0, 10) } } };
  }
  const description = (input.description ?? '').trim();
  if (description.length > MAX_DESCRIPTION) {
    return { ok: false, refusal: { code: 'DESCRIPTION_TOO_LONG', params: { field: 'description', max: MAX_DESCRIPTION } } };
  }
  return { ok: true, value: { amount: new Decimal(amount).toFixed(2), currency, description } };
}
