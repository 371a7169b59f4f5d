import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import type { Language } from '../../../../preload/contract';
import { readDate } from '../../format/date-text';
import { createI18n } from '../../i18n/create-i18n';
import { DateField } from './date-field';

function Field({ picked }: { picked: string[] }) {
  const [value, setValue] = useState('2026-11-29');
  return (
    <DateField
      label="Day"
      value={value}
      max="2026-11-30"
      onChange={(date) => {
        picked.push(date);
        setValue(date);
      }}
    />
  );
}

function renderField(language: Language) {
  const missing: string[] = [];
  const picked: string[] = [];
  render(
    <I18nextProvider i18n={createI18n(language, { onMissingKey: (k) => missing.push(k) })}>
      <Field picked={picked} />
    </I18nextProvider>,
  );
  return { input: screen.getByRole('textbox'), picked, missing, user: userEvent.setup() };
}

describe('readDate', () => {
  it('reads day, month and year in the forms a cashier types, and tells a wrong text from a day that does not exist', () => {
    expect(readDate('29. 11. 2026')).toEqual({ kind: 'date', value: '2026-11-29' });
    expect(readDate('1.2.2026')).toEqual({ kind: 'date', value: '2026-02-01' });
    expect(readDate(' 29/11/2026 ')).toEqual({ kind: 'date', value: '2026-11-29' });
    expect(readDate('2026-11-29')).toEqual({ kind: 'date', value: '2026-11-29' });
    expect(readDate('29. 2. 2028')).toEqual({ kind: 'date', value: '2028-02-29' });
    expect(readDate('29. 2. 2026')).toEqual({ kind: 'impossible' });
    expect(readDate('31/04/2026')).toEqual({ kind: 'impossible' });
    expect(readDate('1/13/2026')).toEqual({ kind: 'impossible' });
    expect(readDate('29/11/26')).toEqual({ kind: 'invalid' });
    expect(readDate('tomorrow')).toEqual({ kind: 'invalid' });
    expect(readDate('')).toEqual({ kind: 'empty' });
  });
});

describe('DateField', () => {
  it('Czech: shows and takes "29. 11. 2026", whatever the browser locale', async () => {
    const { input, picked, missing, user } = renderField('cs');
    expect(input).toHaveValue('29. 11. 2026');
    await user.clear(input);
    await user.type(input, '3. 11. 2026{Enter}');
    expect(picked).toEqual(['2026-11-03']);
    expect(input).toHaveValue('3. 11. 2026');
    await user.click(screen.getByRole('button', { name: 'Následující den' }));
    expect(input).toHaveValue('4. 11. 2026');
    await user.clear(input);
    await user.type(input, '30. 2. 2026');
    await user.tab();
    expect(screen.getByRole('alert')).toHaveTextContent('Takový den neexistuje: zkontrolujte den a měsíc');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    await user.clear(input);
    await user.type(input, '30/11{Enter}');
    expect(screen.getByRole('alert')).toHaveTextContent('Toto není datum: zadejte ho jako 29. 11. 2026');
    expect(picked).toEqual(['2026-11-03', '2026-11-04']);
    expect(missing).toEqual([]);
  });

  it('English: shows and takes "29/11/2026", steps a day either way and not past the last day', async () => {
    const { input, picked, missing, user } = renderField('en');
    expect(input).toHaveValue('29/11/2026');
    await user.click(screen.getByRole('button', { name: 'Previous day' }));
    expect(input).toHaveValue('28/11/2026');
    const next = screen.getByRole('button', { name: 'Next day' });
    await user.click(next);
    await user.click(next);
    expect(input).toHaveValue('30/11/2026');
    expect(next).toBeDisabled();
    await user.clear(input);
    await user.type(input, '1/12/2026{Enter}');
    expect(screen.getByRole('alert')).toHaveTextContent('Pick 30/11/2026 or an earlier day');
    await user.clear(input);
    await user.type(input, '02/11/2026{Enter}');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(input).toHaveValue('02/11/2026');
    expect(picked).toEqual(['2026-11-28', '2026-11-29', '2026-11-30', '2026-11-02']);
    expect(missing).toEqual([]);
  });
});
