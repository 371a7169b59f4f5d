// The one input for money: read in the app's language as it is typed, its reading shown beside
// it, an ambiguous text asked about (two buttons) and too many decimals refused, never rounded.
import { useId } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { Decimal } from '../../../../preload/contract';
import { readAmount, type AmountReading } from '../../format/amount-text';
import { formatAmount, formatMoney } from '../../format/decimal-text';
import { inputError } from './command-error';
import type { CommandError } from './use-command';

interface Props {
  label: string;
  value: string;
  onChange(text: string): void;
  /** The currency the amount is in (its decimal places and symbol); null: two places, no symbol. */
  currency: string | null;
  required?: boolean;
  invalid?: boolean;
  className?: string;
  placeholder?: string;
}

/** An amount typed by hand, as text to put back in the field: "1 250" (cs) / "1,250" (en). */
function typedForm(value: Decimal, language: string): string {
  return formatAmount(value, language).replace(/[.,]00$/, '');
}

export function AmountInput({ label, value, onChange, currency, required, invalid, className, placeholder }: Props) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const id = useId();
  const reading = readAmount(value, language, currency);
  const bad = reading.kind === 'invalid' || reading.kind === 'too-precise' || reading.kind === 'ambiguous';
  return (
    <div className={`amount-input${className ? ` ${className}` : ''}`}>
      <label>
        {label}
        <input
          inputMode="decimal"
          autoComplete="off"
          required={required}
          placeholder={placeholder}
          value={value}
          aria-invalid={invalid || bad || undefined}
          aria-describedby={`${id}-reading`}
          onChange={(e) => onChange(e.target.value)}
        />
      </label>
      {/* A live span, not <output>: its implicit status role would compete with the form's own status line. */}
      <span id={`${id}-reading`} className={`amount-reading${bad ? ' error' : ''}`} aria-live="polite">
        {reading.kind === 'amount' && t('amount.reads', { amount: formatMoney(reading.value, currency, language) })}
        {reading.kind === 'invalid' && t('amount.invalid')}
        {reading.kind === 'too-precise' && t('amount.tooPrecise', { count: reading.places })}
        {reading.kind === 'ambiguous' && (
          <span className="amount-ask" role="group" aria-label={t('amount.choose')}>
            {t('amount.ask', { grouped: formatMoney(reading.grouped, currency, language), decimal: formatMoney(reading.decimal, currency, language) })}{' '}
            <button type="button" onClick={() => onChange(typedForm(reading.grouped, language))}>
              {formatMoney(reading.grouped, currency, language)}
            </button>{' '}
            <button type="button" onClick={() => onChange(typedForm(reading.decimal, language))}>
              {formatMoney(reading.decimal, currency, language)}
            </button>
          </span>
        )}
      </span>
    </div>
  );
}

/**
 * The amount a form sends, or the error to show: `field` names the input in the error line. An
 * ambiguous or too precise text is never sent.
 */
export function amountOf(
  t: TFunction,
  field: string,
  text: string,
  language: string,
  currency: string | null,
  options: { allowEmpty?: boolean } = {},
): { ok: true; value: Decimal | null } | { ok: false; error: CommandError } {
  const reading: AmountReading = readAmount(text, language, currency);
  switch (reading.kind) {
    case 'amount':
      return { ok: true, value: reading.value };
    case 'empty':
      return options.allowEmpty ? { ok: true, value: null } : { ok: false, error: inputError(field, t('errors.required')) };
    case 'ambiguous':
      return {
        ok: false,
        error: inputError(
          field,
          t('amount.ask', { grouped: formatMoney(reading.grouped, currency, language), decimal: formatMoney(reading.decimal, currency, language) }),
        ),
      };
    case 'too-precise':
      return { ok: false, error: inputError(field, t('amount.tooPrecise', { count: reading.places })) };
    case 'invalid':
      return { ok: false, error: inputError(field, t('errors.number')) };
  }
}
