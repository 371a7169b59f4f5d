// The reason the guest sees when an order is rejected: a ready sentence from the list or the
// cashier's own words, asked after Reject and sent on Confirm.
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

export const REASONS = ['busy', 'soldOut', 'closed', 'pickupTime'] as const;
export const OTHER = 'other';
export type ReasonChoice = (typeof REASONS)[number] | typeof OTHER;

export interface ReasonState {
  choice: ReasonChoice;
  text: string;
}

/** The sentence sent to the service, in the cashier's language; empty when "other" is blank. */
export function reasonText(t: (key: string) => string, state: ReasonState): string {
  return state.choice === OTHER ? state.text.trim() : t(`orders.reasons.${state.choice}`);
}

export function RejectReason(props: { state: ReasonState; onChange(next: ReasonState): void; disabled: boolean; autoFocus?: boolean }) {
  const { state, onChange, disabled, autoFocus } = props;
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="reject-reason">
      <label htmlFor={`${id}-choice`}>{t('orders.reasonLabel')}</label>
      <select
        id={`${id}-choice`}
        autoFocus={autoFocus}
        value={state.choice}
        disabled={disabled}
        onChange={(e) => onChange({ ...state, choice: e.target.value as ReasonChoice })}
      >
        {REASONS.map((r) => (
          <option key={r} value={r}>
            {t(`orders.reasons.${r}`)}
          </option>
        ))}
        <option value={OTHER}>{t('orders.reasonOther')}</option>
      </select>
      {state.choice === OTHER && (
        <input
          aria-label={t('orders.reasonText')}
          placeholder={t('orders.reasonPlaceholder')}
          value={state.text}
          maxLength={200}
          disabled={disabled}
          onChange={(e) => onChange({ ...state, text: e.target.value })}
        />
      )}
    </div>
  );
}
