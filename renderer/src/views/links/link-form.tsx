// The new link's amount, currency and description. Main checks the amount (more than zero, at
// most 2 places) and words nothing: the refusal's code is worded here, beside the field it names.
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { PaymentLinkView } from '../../../../preload/contract';
import { useCommand } from '../common/use-command';
import { linkMoney, wordLinkError } from './link-words';
import type { PaymentLinks } from './use-payment-links';

const MAX_DESCRIPTION = 200;

export function LinkForm({ links }: { links: PaymentLinks }) {
  const { t, i18n } = useTranslation();
  const command = useCommand();
  const [amount, setAmount] = useState('');
  const [currency, setCurrency] = useState('');
  const [description, setDescription] = useState('');
  const [made, setMade] = useState<PaymentLinkView | null>(null);
  const field = typeof command.error?.params?.field === 'string' ? command.error.params.field : null;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (command.pending) return;
    setMade(null);
    // Czech keyboards type "250,50": the comma is the decimal point, nothing else is changed.
    const input = { amount: amount.trim().replace(',', '.'), description, ...(currency.trim() ? { currency: currency.trim().toUpperCase() } : {}) };
    const link = await links.create(input, command);
    if (!link) return;
    setMade(link);
    setAmount('');
    setDescription('');
  };

  return (
    <form className="panel link-form" aria-label={t('links.form.title')} onSubmit={(e) => void submit(e)}>
      <h3>{t('links.form.title')}</h3>
      <div className="link-form-row">
        <label>
          {t('links.form.amount')}
          <input
            inputMode="decimal"
            required
            autoComplete="off"
            value={amount}
            aria-invalid={field === 'amount' || undefined}
            onChange={(e) => setAmount(e.target.value)}
          />
        </label>
        <label>
          {t('links.form.currency')}
          <input
            className="link-currency"
            maxLength={3}
            autoComplete="off"
            placeholder={t('links.form.currencyHint')}
            value={currency}
            aria-invalid={field === 'currency' || undefined}
            onChange={(e) => setCurrency(e.target.value)}
          />
        </label>
      </div>
      <label>
        {t('links.form.description')}
        <input
          maxLength={MAX_DESCRIPTION}
          autoComplete="off"
          placeholder={t('links.form.descriptionHint')}
          value={description}
          aria-invalid={field === 'description' || undefined}
          onChange={(e) => setDescription(e.target.value)}
        />
      </label>
      <div className="actions">
        <button type="submit" className="primary" aria-disabled={command.pending || undefined}>
          {t('links.form.create')}
        </button>
      </div>
      {command.error && (
        <p role="alert" className="error" data-code={command.error.code}>
          {wordLinkError(t, i18n, command.error)}
        </p>
      )}
      {made && <p role="status">{t('links.form.created', { money: linkMoney(t, made, i18n.language) })}</p>}
    </form>
  );
}
