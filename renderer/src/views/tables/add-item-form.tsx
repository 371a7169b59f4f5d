// Adds an item to a bill: from the local menu or as free text (name, price, quantity).
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApi, useAppState } from '../../app-context';
import { formatAmount, isZero, parseDecimalInput } from '../../format/decimal-text';
import { CommandErrorText, inputError } from '../common/command-error';
import { useCommand } from '../common/use-command';

export function AddItemForm({ billId }: { billId: string }) {
  const { t, i18n } = useTranslation();
  const api = useApi();
  const menu = useAppState((s) => s.menu);
  const [menuId, setMenuId] = useState('');
  const [name, setName] = useState('');
  const [price, setPrice] = useState('');
  const [quantity, setQuantity] = useState('1');
  const { run, error, setError, pending } = useCommand();

  const submit = async () => {
    const qty = parseDecimalInput(quantity);
    if (qty === null || isZero(qty)) return setError(inputError(t('addItem.quantity'), t('errors.positiveNumber')));
    const entry = menu.find((m) => m.id === menuId);
    let input;
    if (entry) {
      input = { billId, name: entry.name, price: entry.price, quantity: qty, menuId: entry.id };
    } else {
      const trimmed = name.trim();
      if (!trimmed) return setError(inputError(t('addItem.name'), t('errors.required')));
      const parsedPrice = parseDecimalInput(price);
      if (parsedPrice === null) return setError(inputError(t('addItem.price'), t('errors.number')));
      input = { billId, name: trimmed, price: parsedPrice, quantity: qty };
    }
    const result = await run(() => api.addItem(input));
    if (result.ok) {
      setName('');
      setPrice('');
      setQuantity('1');
    }
  };

  return (
    <form
      className="add-item"
      aria-label={t('addItem.title')}
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <h3>{t('addItem.title')}</h3>
      <label>
        {t('addItem.fromMenu')}
        <select value={menuId} onChange={(e) => setMenuId(e.target.value)}>
          <option value="">{t('addItem.freeText')}</option>
          {menu.map((m) => (
            <option key={m.id} value={m.id}>
              {m.name} ({formatAmount(m.price, i18n.language)})
            </option>
          ))}
        </select>
      </label>
      {menuId === '' && (
        <>
          <label>
            {t('addItem.name')}
            <input value={name} onChange={(e) => setName(e.target.value)} />
          </label>
          <label>
            {t('addItem.price')}
            <input inputMode="decimal" value={price} onChange={(e) => setPrice(e.target.value)} />
          </label>
        </>
      )}
      <label>
        {t('addItem.quantity')}
        <input inputMode="decimal" value={quantity} onChange={(e) => setQuantity(e.target.value)} />
      </label>
      <button type="submit" disabled={pending}>
        {t('addItem.add')}
      </button>
      <CommandErrorText error={error} />
    </form>
  );
}
