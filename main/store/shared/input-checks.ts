import { StoreError } from '../../base/store-error.js';

/** Checks on values that reach the store from any door (POS API, UI, methods); each names its field. */
const DECIMAL = /^\d{1,15}(\.\d{1,6})?$/;

export function nonNegativeDecimal(value: unknown, field: string): string {
  if (typeof value !== 'string' || !DECIMAL.test(value)) {
    throw new StoreError('INVALID', { reason: 'decimal' }, field);
  }
  return value;
}

export function positiveDecimal(value: unknown, field: string): string {
  const text = nonNegativeDecimal(value, field);
  if (/^0+(\.0+)?$/.test(text)) throw new StoreError('INVALID', { reason: 'positive' }, field);
  return text;
}

export function nonEmptyText(value: unknown, field: string, max = 200): string {
  if (typeof value !== 'string' || value.trim() === '') throw new StoreError('INVALID', { reason: 'empty' }, field);
  if (value.length > max) throw new StoreError('INVALID', { reason: 'too-long', max }, field);
  return value;
}

export function currencyCode(value: unknown, field: string): string {
  if (typeof value !== 'string' || !/^[A-Z]{3}$/.test(value)) {
    throw new StoreError('INVALID', { reason: 'currency' }, field);
  }
  return value;
}
