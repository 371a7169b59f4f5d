import { describe, expect, it } from 'vitest';
import { formatAmount, formatMoney, formatQuantity, isZero, parseDecimalInput } from './decimal-text';
import { formatCountdown } from './time-text';

describe('decimal text', () => {
  it('formats amounts with two decimals without rounding', () => {
    expect(formatAmount('324', 'en')).toBe('324.00');
    expect(formatAmount('0.5', 'en')).toBe('0.50');
    expect(formatAmount('1.125', 'en')).toBe('1.125');
    expect(formatMoney('324', 'CZK', 'cs')).toBe('324,00\u00a0Kč');
  });
  it('formats money through Intl for the language, exactly, with odd codes kept as text', () => {
    expect(formatMoney('1432', 'CZK', 'cs')).toBe('1\u00a0432,00\u00a0Kč');
    expect(formatMoney('1432', 'CZK', 'en')).toBe('CZK\u00a01,432.00');
    expect(formatAmount('1432.5', 'cs')).toBe('1\u00a0432,50');
    // No float on the way: 17 significant digits survive.
    expect(formatMoney('123456789012345.67', 'EUR', 'en')).toBe('€123,456,789,012,345.67');
    expect(formatMoney('-0.1', 'CZK', 'cs')).toBe('-0,10\u00a0Kč');
    expect(formatMoney('5', 'POINTS', 'cs')).toBe('5,00 POINTS');
  });
  it('parses cashier input with either separator and refuses the rest', () => {
    expect(parseDecimalInput(' 12,50 ')).toBe('12.50');
    expect(parseDecimalInput('3')).toBe('3');
    expect(parseDecimalInput('-1')).toBeNull();
    expect(parseDecimalInput('1e3')).toBeNull();
    expect(parseDecimalInput('')).toBeNull();
  });
  it('knows zero and trims quantities', () => {
    expect(isZero('0.000')).toBe(true);
    expect(isZero('0.01')).toBe(false);
    expect(formatQuantity('2.000', 'en')).toBe('2');
    expect(formatQuantity('1.50', 'cs')).toBe('1,5');
  });
  it('counts down as h:mm:ss', () => {
    expect(formatCountdown(3 * 3600_000 - 1000)).toBe('2:59:59');
    expect(formatCountdown(-5)).toBe('0:00:00');
  });
});
