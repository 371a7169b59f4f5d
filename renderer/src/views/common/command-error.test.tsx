import { render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { formatMoney } from '../../format/decimal-text';
import type { Language } from '../../../../preload/contract';
import { ERROR_CODES } from '../../../../preload/error-codes';
import { createI18n } from '../../i18n/create-i18n';
import { CommandErrorText } from './command-error';
import type { CommandError } from './use-command';

function shown(error: CommandError, language: Language = 'en') {
  const missing: string[] = [];
  const view = render(
    <I18nextProvider i18n={createI18n(language, { onMissingKey: (k) => missing.push(k) })}>
      <CommandErrorText error={error} />
    </I18nextProvider>,
  );
  const text = screen.getByRole('alert').textContent;
  view.unmount();
  expect(missing).toEqual([]);
  return text;
}

const locked: CommandError = {
  code: 'BILL_LOCKED',
  message: 'Bill b-42 is being paid',
  action: 'closeBill',
  params: { table: '5', bill: 'Window', currency: 'CZK' },
};

describe('command errors in the cashier language', () => {
  it('words a code with the table name in English and Czech, never the English message or an id', () => {
    expect(shown(locked)).toBe('Table 5: a guest is paying this bill right now. Close it after the payment ends.');
    const cs = shown(locked, 'cs');
    expect(cs).toBe('Stůl 5: host právě platí tento účet. Zavřete ho, až platba skončí.');
    expect(cs).not.toContain('b-42');
  });

  it('names the item of a per-action refusal and keeps a named table as it is', () => {
    const error: CommandError = { code: 'CONFLICT', message: 'x', action: 'removeItem', params: { table: 'Terasa 3', item: 'Guláš' } };
    expect(shown(error, 'cs')).toBe('Terasa 3: položka Guláš je zaplacená nebo v platbě hosta a nejde odebrat.');
  });

  it('words amounts through Intl in each language', () => {
    const error: CommandError = {
      code: 'NOT_CAPTURABLE',
      message: 'x',
      action: 'capturePayment',
      params: { table: '8', amount: '1137', currency: 'CZK', reason: 'unfinished' },
    };
    expect(shown(error, 'cs')).toContain('Zachyťte 1\u00a0137,00\u00a0Kč');
    expect(shown(error)).toContain(`Capture ${formatMoney('1137', 'CZK', 'en')}`);
  });

  it('falls back to a translated sentence naming the failed action for an unknown code', () => {
    const error: CommandError = { code: 'WEIRD_NEW', message: 'Some English', action: 'closeBill' };
    expect(shown(error)).toBe('Closing the bill failed (code WEIRD_NEW). Try again.');
    expect(shown(error, 'cs')).toBe('Nepodařilo se dokončit akci „Zavření účtu“ (kód WEIRD_NEW). Zkuste to znovu.');
    expect(shown({ code: 'WEIRD_NEW', message: 'x' })).toBe('That did not work (code WEIRD_NEW). Try again.');
  });

  it('says "restart" only for a real defect, not for ordinary situations', () => {
    expect(shown({ code: 'INTERNAL_ERROR', message: 'x', action: 'closeBill' })).toMatch(/restart the app/);
    expect(shown({ code: 'bridge-failed', message: 'TypeError: boom' })).toMatch(/restart the app/);
    for (const code of ['NETWORK_ERROR', 'NOTHING_TO_PAY', 'BILL_LOCKED', 'SERVICE_RESTARTING']) {
      expect(shown({ code, message: 'x', params: { table: '2' } })).not.toMatch(/restart the app/);
    }
    expect(shown({ code: 'NOTHING_TO_PAY', message: 'x', params: { table: '2' } }, 'cs')).toBe('Stůl 2: už není co platit.');
  });

  it('words every code the core can send, in English and in Czech, with its parameters filled in', () => {
    const params = { table: '2', item: 'Goulash', max: 366, minutes: 5, port: 4100, triesLeft: 3, waitMinutes: 5, field: 'amount', fields: 'amount' };
    for (const language of ['en', 'cs'] as const) {
      const i18n = createI18n(language);
      for (const code of ERROR_CODES) {
        expect(i18n.exists(`errors.refusal.code.${code}`), `${language} ${code}`).toBe(true);
        const text = shown({ code, params, action: 'closeBill' }, language) ?? '';
        expect(text, `${language} ${code}`).not.toMatch(/{{|\(code |\(kód /);
      }
    }
  });
});
