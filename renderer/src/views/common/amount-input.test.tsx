import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import type { Language } from '../../../../preload/contract';
import { readAmount } from '../../format/amount-text';
import { createI18n } from '../../i18n/create-i18n';
import { AmountInput } from './amount-input';

/** Intl groups with no-break spaces: compared as plain spaces. */
const plain = (text: string | null | undefined) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');

function Field({ onValue }: { onValue?: (text: string) => void }) {
  const [value, setValue] = useState('');
  return (
    <AmountInput
      label="Price"
      value={value}
      currency="CZK"
      onChange={(text) => {
        setValue(text);
        onValue?.(text);
      }}
    />
  );
}

function renderField(language: Language) {
  const missing: string[] = [];
  render(
    <I18nextProvider i18n={createI18n(language, { onMissingKey: (k) => missing.push(k) })}>
      <Field />
    </I18nextProvider>,
  );
  const input = screen.getByRole('textbox', { name: 'Price' });
  const reading = () => plain(document.querySelector('.amount-reading')?.textContent);
  return { input, reading, missing };
}

describe('readAmount: money as typed, never guessed or rounded', () => {
  it('reads Czech marks: space groups, decimal comma', () => {
    expect(readAmount('1 250,50', 'cs', 'CZK')).toEqual({ kind: 'amount', value: '1250.50' });
    expect(readAmount('1250,5', 'cs', 'CZK')).toEqual({ kind: 'amount', value: '1250.5' });
    expect(readAmount('1\u00a0250', 'cs', 'CZK')).toEqual({ kind: 'amount', value: '1250' });
    expect(readAmount('1 250', 'cs', 'CZK')).toEqual({ kind: 'amount', value: '1250' });
    expect(readAmount('1 250,00 Kč', 'cs', 'CZK')).toEqual({ kind: 'amount', value: '1250.00' });
    expect(readAmount('1.250,50', 'cs', 'CZK')).toEqual({ kind: 'amount', value: '1250.50' });
  });

  it('asks about "1.250" in Czech and refuses "12,345"', () => {
    expect(readAmount('1.250', 'cs', 'CZK')).toEqual({ kind: 'ambiguous', grouped: '1250', decimal: '1.25' });
    expect(readAmount('12,345', 'cs', 'CZK')).toEqual({ kind: 'too-precise', places: 2 });
    expect(readAmount('12 50', 'cs', 'CZK')).toEqual({ kind: 'invalid' });
    expect(readAmount('abc', 'cs', 'CZK')).toEqual({ kind: 'invalid' });
  });

  it('reads English marks and asks about "1,250"', () => {
    expect(readAmount('1,250.50', 'en', 'CZK')).toEqual({ kind: 'amount', value: '1250.50' });
    expect(readAmount('12,50', 'en', 'CZK')).toEqual({ kind: 'amount', value: '12.50' });
    expect(readAmount('1,250', 'en', 'CZK')).toEqual({ kind: 'ambiguous', grouped: '1250', decimal: '1.25' });
    expect(readAmount('12.345', 'en', 'CZK')).toEqual({ kind: 'too-precise', places: 2 });
  });
});

describe('AmountInput', () => {
  it('Czech: shows what it reads as the cashier types, asks about "1.250" and takes the answer', async () => {
    const user = userEvent.setup();
    const { input, reading, missing } = renderField('cs');
    await user.type(input, '1 250,50');
    expect(reading()).toBe('Čte se jako 1 250,50 Kč');
    await user.clear(input);
    await user.type(input, '1.250');
    expect(reading()).toContain('Myslíte 1 250,00 Kč, nebo 1,25 Kč?');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    const ask = screen.getByRole('group', { name: 'vyberte, kterou částku jste mysleli' });
    await user.click(within(ask).getByRole('button', { name: (name) => plain(name) === '1 250,00 Kč' }));
    expect(plain((input as HTMLInputElement).value)).toBe('1 250');
    expect(reading()).toBe('Čte se jako 1 250,00 Kč');
    expect(input).not.toHaveAttribute('aria-invalid');
    await user.clear(input);
    await user.type(input, '12,345');
    expect(reading()).toBe('Příliš mnoho desetinných míst (nejvýše 2): nic se nezaokrouhluje');
    expect(missing).toEqual([]);
  });

  it('Czech: the smaller reading is taken as 1,25 when the cashier means it', async () => {
    const user = userEvent.setup();
    const { input, reading } = renderField('cs');
    await user.type(input, '1.250');
    await user.click(screen.getByRole('button', { name: (name) => plain(name) === '1,25 Kč' }));
    expect((input as HTMLInputElement).value).toBe('1,25');
    expect(reading()).toBe('Čte se jako 1,25 Kč');
  });

  it('English: reads "1,250.50", asks about "1,250", refuses "12.345"', async () => {
    const user = userEvent.setup();
    const { input, reading, missing } = renderField('en');
    await user.type(input, '1,250.50');
    expect(reading()).toBe('Reads as CZK 1,250.50');
    await user.clear(input);
    await user.type(input, '1,250');
    expect(reading()).toContain('Did you mean CZK 1,250.00 or CZK 1.25?');
    await user.clear(input);
    await user.type(input, '12.345');
    expect(reading()).toBe('Too many decimal places (at most 2): nothing is rounded');
    expect(missing).toEqual([]);
  });
});
