// Adds an item to a bill: picked from the store's menu (search and category narrow the list; a
// sold-out item cannot be picked) or as free text (name, price, quantity), which stays possible
// with no menu at all. Typing something the menu lacks carries the words into the free name.
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MenuEntry } from '../../../../preload/contract';
import { useApi, useAppState } from '../../services/app-context';
import { formatAmount, isZero, parseDecimalInput } from '../../format/decimal-text';
import { AmountInput, amountOf } from '../common/amount-input';
import { CommandErrorText, inputError } from '../common/command-error';
import { useCommand } from '../common/use-command';
import { categoriesOf, filterMenu, groupByCategory, isAvailable } from '../menu/menu-search';

export function AddItemForm({ billId }: { billId: string }) {
  const { t, i18n } = useTranslation();
  const api = useApi();
  const menu = useAppState((s) => s.menu);
  const currency = useAppState((s) => s.bills[billId]?.currency ?? null);
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
      // Read in the app's language: "1.250" in Czech is asked about, "12,345" refused, never rounded.
      const parsedPrice = amountOf(t, t('addItem.price'), price, i18n.language, currency);
      if (!parsedPrice.ok) return setError(parsedPrice.error);
      input = { billId, name: trimmed, price: parsedPrice.value ?? '0', quantity: qty };
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
      {menu.length > 0 && <MenuPicker menu={menu} menuId={menuId} onPick={setMenuId} onNoMatch={setName} />}
      {menuId === '' && (
        <>
          <label>
            {t('addItem.name')}
            <input value={name} onChange={(e) => setName(e.target.value)} />
          </label>
          <AmountInput label={t('addItem.price')} value={price} onChange={setPrice} currency={currency} />
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

interface PickerProps {
  menu: MenuEntry[];
  menuId: string;
  onPick(id: string): void;
  /** Nothing matches the search: its words become the free item's name. */
  onNoMatch(text: string): void;
}

/** Search, category, and the list (grouped by category); the first available match is picked as you type. */
function MenuPicker({ menu, menuId, onPick, onNoMatch }: PickerProps) {
  const { t, i18n } = useTranslation();
  const [query, setQuery] = useState('');
  const [category, setCategory] = useState<string | null>(null);
  const categories = useMemo(() => categoriesOf(menu), [menu]);
  const shown = useMemo(() => filterMenu(menu, query, category), [menu, query, category]);
  const narrow = (nextQuery: string, nextCategory: string | null) => {
    setQuery(nextQuery);
    setCategory(nextCategory);
    if (!nextQuery.trim() && nextCategory === null) return;
    const first = filterMenu(menu, nextQuery, nextCategory).find(isAvailable);
    onPick(first?.id ?? '');
    if (!first && nextQuery.trim()) onNoMatch(nextQuery.trim());
  };
  return (
    <>
      <label>
        {t('orders.addItem.search')}
        <input type="search" value={query} onChange={(e) => narrow(e.target.value, category)} />
      </label>
      {categories.length > 1 && (
        <label>
          {t('orders.addItem.category')}
          <select value={category ?? ''} onChange={(e) => narrow(query, e.target.value || null)}>
            <option value="">{t('orders.addItem.allCategories')}</option>
            {categories.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
        </label>
      )}
      <label>
        {t('addItem.fromMenu')}
        <select value={menuId} onChange={(e) => onPick(e.target.value)}>
          <option value="">{t('addItem.freeText')}</option>
          {groupByCategory(shown).map(([group, items]) => (
            <optgroup key={group} label={group}>
              {items.map((m) => (
                <option key={m.id} value={m.id} disabled={!isAvailable(m)}>
                  {isAvailable(m) ? m.name : t('orders.addItem.soldOut', { name: m.name })} ({formatAmount(m.price, i18n.language)})
                </option>
              ))}
            </optgroup>
          ))}
        </select>
      </label>
      {query.trim() && shown.length === 0 && <p className="hint">{t('orders.addItem.noMatch', { text: query.trim() })}</p>}
    </>
  );
}
