import { Decimal } from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { canon } from '../../main/store/shared/decimal.js';

/** What canon() has always meant: Decimal's plain notation, "0" for any zero. */
const byDecimal = (text: string) => {
  const d = new Decimal(text);
  return d.isZero() ? '0' : d.toFixed();
};

describe('canon: plain decimal text is trimmed without a Decimal, to the same text Decimal gives', () => {
  it('trims leading zeros, trailing fractional zeros and a bare point exactly as Decimal does', () => {
    const cases = [
      '0',
      '00',
      '000.000',
      '0.0',
      '0.5',
      '00.50',
      '62.50',
      '62.5',
      '1',
      '1.000',
      '10',
      '100',
      '100.00',
      '007',
      '7.0700',
      '0.000001',
      '1.10',
      '123456789012345.123456',
      '999999999999999.999',
      '.5',
      '5.',
    ];
    for (const text of cases) expect(canon(text), text).toBe(byDecimal(text));
    expect(canon('62.50')).toBe('62.5');
    expect(canon('000.000')).toBe('0');
    expect(canon('007')).toBe('7');
  });

  it('every plain value from 0 to 9.999 with leading and trailing zeros gives the same text as Decimal', () => {
    for (let n = 0; n < 10_000; n++) {
      const int = String(Math.floor(n / 1000));
      const frac = String(n % 1000).padStart(3, '0');
      for (const text of [`${int}.${frac}`, `0${int}.${frac}0`, `${int}.${frac.replace(/0+$/, '') || '0'}`]) expect(canon(text)).toBe(byDecimal(text));
    }
  });

  it('other text still goes through Decimal: exponents and signs are canonical, and what Decimal refuses still throws', () => {
    expect(canon('1e5')).toBe('100000');
    expect(canon('-1.50')).toBe('-1.5');
    expect(canon('-0')).toBe('0');
    expect(canon(new Decimal('2.500'))).toBe('2.5');
    expect(() => canon('1.2.3')).toThrow();
    expect(() => canon('')).toThrow();
  });
});
