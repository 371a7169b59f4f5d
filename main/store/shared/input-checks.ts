import { StoreError } from '../../base/store-error.js';

/** Checks on values that reach the store from any door (POS API, UI, methods); each names its field. */
const DECIMAL = /^\d{1,15}(\.\d{1,6})?$/;

export function nonNegativeDecimal(value: unknown, field: string): string {
  if (typeof value !== 'string' || !DECIMAL.test(value)) {
    throw new StoreError('INVALID', `${field}: must be a non-negative decimal string such as "62.50"`, field);
  }
  return value;
}

export function positiveDecimal(value: unknown, field: string): string {
  const text = nonNegativeDecimal(value, field);
  if (/^0+(\.0+)?$/.test(text)) throw new StoreError('INVALID', `${field}: must be greater than zero`, field);
  return text;
}

export function nonEmptyText(value: unknown, field: string, max = 200): string {
  if (typeof value !== 'string' || value.trim() === '') throw new StoreError('INVALID', `${field}: must not be empty`, field);
  if (value.length > max) throw new StoreError('INVALID', `${field}: must be at most ${max} characters`, field);
  return value;
}

export function currencyCode(value: unknown, field: string): string {
  if (typeof value !== 'string' || !/^[A-Z]{3}$/.test(value)) {
    throw new StoreError('INVALID', `${field}: must be an ISO 4217 code of three capital letters, such as "CZK"`, field);
  }
  return value;
}
