// The new link's amount, currency and description. Main checks the amount (more than zero, at
// most 2 places) and words nothing: the refusal's code is worded here, beside the field it names.
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { PaymentLinkView } from '../../../../preload/contract';
import { AmountInput, amountOf } from '../common/amount-input';
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
    // Read in the app's language; an ambiguous or too precise amount is refused here, never guessed.
    const code = currency.trim().toUpperCase();
    const read = amountOf(t, t('links.form.amount'), amount, i18n.language, code || null);
    if (!read.ok) return command.setError(read.error);
    const input = { amount: read.value ?? '', description, ...(code ? { currency: code } : {}) };
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
        <AmountInput
          label={t('links.form.amount')}
          required
          value={amount}
          currency={currency.trim().toUpperCase() || null}
          invalid={field === 'amount'}
          onChange={setAmount}
        />
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
