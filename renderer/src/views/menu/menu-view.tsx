// The Menu: the store's menu by category, with search; the cashier marks an item sold
// out or available again in one press (guests cannot order a sold-out item; main tells the service).
import { memo, useDeferredValue, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MenuEntry } from '../../../../preload/contract';
import { useApi, useAppState, useServices } from '../../services/app-context';
import { formatMoney } from '../../format/decimal-text';
import { useCommand } from '../common/use-command';
import { orderErrorText } from '../orders/order-text';
import { categoriesOf, filterMenu, groupByCategory, isAvailable } from './menu-search';

export function MenuView() {
  const { t } = useTranslation();
  const menu = useAppState((s) => s.menu);
  const [query, setQuery] = useState('');
  const [category, setCategory] = useState<string | null>(null);
  // Typing stays instant with a 5,000-item menu: the list follows a beat later.
  const deferred = useDeferredValue(query);
  const categories = useMemo(() => categoriesOf(menu), [menu]);
  const shown = useMemo(() => filterMenu(menu, deferred, category), [menu, deferred, category]);

  return (
    <div className="menu-view">
      <div className="menu-toolbar">
        <h2>{t('orders.menu.title')}</h2>
        {menu.length > 0 && (
          <>
            <input
              type="search"
              aria-label={t('orders.menu.search')}
              placeholder={t('orders.menu.search')}
              value={query}
              onChange={(e) => setQuery(e.target.value)}
            />
            <span className="menu-count" role="status">
              {t('orders.menu.count', { shown: shown.length, total: menu.length })}
            </span>
          </>
        )}
      </div>
      {menu.length === 0 ? (
        <p className="empty">{t('orders.menu.none')}</p>
      ) : (
        <>
          <p className="hint">{t('orders.menu.hint')}</p>
          <CategoryPicker categories={categories} value={category} onChange={setCategory} />
          {shown.length === 0 && <p className="empty">{t('orders.menu.noMatch', { text: deferred })}</p>}
          <div className="menu-groups">
            {groupByCategory(shown).map(([name, items]) => (
              <section key={name} aria-label={name} className="menu-group">
                <h3>{name}</h3>
                <ul className="plain menu-items">
                  {items.map((m) => (
                    <MenuRow key={m.id} entry={m} />
                  ))}
                </ul>
              </section>
            ))}
          </div>
        </>
      )}
    </div>
  );
}

function CategoryPicker({ categories, value, onChange }: { categories: string[]; value: string | null; onChange(next: string | null): void }) {
  const { t } = useTranslation();
  const options: [string | null, string][] = [[null, t('orders.menu.allCategories')], ...categories.map((c): [string, string] => [c, c])];
  return (
    <div className="menu-categories" role="group" aria-label={t('orders.menu.categories')}>
      {options.map(([id, label]) => (
        <button key={id ?? ''} type="button" aria-pressed={value === id} onClick={() => onChange(id)}>
          {label}
        </button>
      ))}
    </div>
  );
}

const MenuRow = memo(function MenuRow({ entry }: { entry: MenuEntry }) {
  const { t, i18n } = useTranslation();
  const api = useApi();
  const { store } = useServices();
  const { run, error, pending } = useCommand();
  const available = isAvailable(entry);
  const toggle = async () => {
    const result = await run(() => api.setMenuItemAvailable({ itemId: entry.id, available: !available }));
    // Main's menu event brings the same entry; show it now so the row answers the press at once.
    if (result.ok) store.setState((s) => ({ menu: s.menu.map((m) => (m.id === result.value.id ? result.value : m)) }));
  };
  return (
    <li className={available ? 'menu-item' : 'menu-item sold-out'} data-item-id={entry.id}>
      <span className="menu-item-name">{entry.name}</span>
      {entry.description && <span className="menu-item-description">{entry.description}</span>}
      <span className="money">{formatMoney(entry.price, null, i18n.language)}</span>
      <span className={available ? 'badge menu-available' : 'badge menu-sold-out'}>{t(available ? 'orders.menu.available' : 'orders.menu.soldOut')}</span>
      <button
        type="button"
        aria-label={t(available ? 'orders.menu.markSoldOutOf' : 'orders.menu.markAvailableOf', { name: entry.name })}
        disabled={pending}
        onClick={() => void toggle()}
      >
        {t(available ? 'orders.menu.markSoldOut' : 'orders.menu.markAvailable')}
      </button>
      {error && (
        <p role="alert" className="error menu-item-error" data-code={error.code}>
          {orderErrorText(t, i18n, error)}
        </p>
      )}
    </li>
  );
});
