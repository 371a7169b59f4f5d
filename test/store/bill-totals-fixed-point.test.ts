import { Decimal } from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { billTotals } from '../../main/store/bills-and-tables/bill-rules.js';
import { money } from '../../main/store/shared/decimal.js';
import { lineProduct, scaledInteger, scaledText } from '../../main/store/shared/fixed-point.js';

/** What billTotals has always meant: Decimal sums, canonical text, due never below zero. */
function byDecimal(items: { price: string; quantity: string; paidQuantity: string }[]) {
  let total = new Decimal(0);
  let paid = new Decimal(0);
  for (const i of items) {
    total = total.plus(new Decimal(i.price).times(i.quantity));
    paid = paid.plus(new Decimal(i.price).times(i.paidQuantity));
  }
  const due = total.minus(paid);
  const text = (d: Decimal) => (d.isZero() ? '0' : d.toFixed());
  return { total: text(total), paid: text(paid), due: text(due.isNegative() ? new Decimal(0) : due) };
}

/** A deterministic stream of numbers (no Math.random: a failure must repeat). */
function numbers(seed: number): () => number {
  let x = seed;
  return () => {
    x = (x * 1103515245 + 12345) % 2147483648;
    return x / 2147483648;
  };
}

describe('billTotals in integers: the same text Decimal gives, or Decimal itself', () => {
  it('scales plain decimal text exactly and refuses what is not plain or has too many places', () => {
    expect(scaledInteger('62.5', 4)).toBe(625_000);
    expect(scaledInteger('-3', 4)).toBe(-30_000);
    expect(scaledInteger('0.125', 3)).toBe(125);
    expect(scaledInteger('007.10', 2)).toBe(710);
    for (const bad of ['', '-', '.5', '5.', '1e3', '1.23456', '+1', '1,5', ' 1', '1.2.3', '1234567890123456']) expect(scaledInteger(bad, 4)).toBeNaN();
    expect(scaledText(625_000, 4)).toBe('62.5');
    expect(scaledText(-30_000, 4)).toBe('-3');
    expect(scaledText(5, 4)).toBe('0.0005');
    expect(scaledText(0, 7)).toBe('0');
    expect(lineProduct('99999999999', '999999')).toBeNaN();
  });

  it('gives Decimal’s totals for thousands of generated bills, fast path and fallback alike', () => {
    const next = numbers(7);
    const pick = <T>(xs: readonly T[]) => xs[Math.floor(next() * xs.length)]!;
    const prices = ['0', '62.5', '62.50', '79', '0.01', '-15', '-0.5', '123.4567', '10.005', '99999.99', '1e2', '0.00001', '12345678901.5', '3.3333'];
    const quantities = ['0', '1', '2', '0.5', '0.333', '3.25', '0.0001', '1000000', '17'];
    for (let b = 0; b < 3_000; b++) {
      const items = Array.from({ length: 1 + Math.floor(next() * 25) }, () => {
        const quantity = pick(quantities);
        return { price: pick(prices), quantity, paidQuantity: next() < 0.5 ? '0' : pick(['0', quantity, '1', '0.5']) };
      });
      expect(billTotals(items)).toEqual(byDecimal(items));
    }
  });

  it('money() pads plain text as Decimal would round it, and leaves the rest to Decimal', () => {
    const texts = [
      '0',
      '-0',
      '0.0',
      '0.00',
      '1',
      '-1',
      '62.5',
      '62.50',
      '-0.5',
      '0.05',
      '10',
      '100.1',
      '007.5',
      '10.005',
      '10.004',
      '-10.005',
      '1e3',
      '12345678901234567890.5',
      '0.001',
    ];
    for (const text of texts) {
      const d = new Decimal(text);
      expect(money(text), text).toBe(d.isZero() ? '0.00' : d.toFixed(2));
    }
  });

  it('leaves a sum past 2^53 to Decimal', () => {
    const items = Array.from({ length: 3 }, () => ({ price: '99999999999', quantity: '90000', paidQuantity: '0' }));
    expect(billTotals(items)).toEqual(byDecimal(items));
  });
});
