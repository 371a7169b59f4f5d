// Demo mode: a guest orders from the menu, to a table's bill or for pickup.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MenuEntry } from '../../../../preload/contract';
import { formatMoney } from '../../format/decimal-text';
import { CommandErrorText } from '../common/command-error';
import { tableLabel } from '../common/labels';
import { useDemoOrder, type DemoOrder } from './use-demo-order';

/** More than this many matches: the list is cut and the search narrows it (a till may have 5,000 items). */
const SHOWN = 40;

export function DemoOrderForm() {
  const { t } = useTranslation();
  const demo = useDemoOrder();
  const { choice, command } = demo;
  return (
    <section aria-label={t('demo.order.title')} className="stack demo demo-order">
      <h2>{t('demo.order.title')}</h2>
      <p className="muted">{t('demo.order.intro')}</p>
      <fieldset>
        <legend>{t('demo.order.where')}</legend>
        <label className="check">
          <input type="radio" name="demo-order-where" checked={choice.where === 'table'} onChange={() => demo.update({ where: 'table' })} />
          {t('demo.order.toTable')}
        </label>
        <label className="check">
          <input type="radio" name="demo-order-where" checked={choice.where === 'pickup'} onChange={() => demo.update({ where: 'pickup' })} />
          {t('demo.order.pickup')}
        </label>
      </fieldset>
      {choice.where === 'table' ? <OrderTablePicker demo={demo} /> : <PickupTime demo={demo} />}
      <MenuItems demo={demo} />
      <label>
        {t('demo.order.note')}
        <input value={choice.note} maxLength={1000} onChange={(e) => demo.update({ note: e.target.value })} />
      </label>
      <div className="actions">
        <button type="button" className="primary" disabled={command.pending} onClick={() => void demo.place()}>
          {t('demo.order.place')}
        </button>
      </div>
      <CommandErrorText error={command.error} />
      {demo.outcome && <p role="status">{demo.outcome}</p>}
    </section>
  );
}

function OrderTablePicker({ demo }: { demo: DemoOrder }) {
  const { t } = useTranslation();
  return (
    <label>
      {t('demo.order.table')}
      <select value={demo.choice.tableId} onChange={(e) => demo.update({ tableId: e.target.value })}>
        <option value="">{t('demo.order.pickTable')}</option>
        {demo.tables.map((tb) => (
          <option key={tb.id} value={tb.id}>
            {tableLabel(t, tb.name)}
          </option>
        ))}
      </select>
    </label>
  );
}

function PickupTime({ demo }: { demo: DemoOrder }) {
  const { t } = useTranslation();
  return (
    <label>
      {t('demo.order.pickupAt')}
      <input type="time" value={demo.choice.pickupTime} onChange={(e) => demo.update({ pickupTime: e.target.value })} />
    </label>
  );
}

/** The menu with a quantity per item; a search narrows a long menu. */
function MenuItems({ demo }: { demo: DemoOrder }) {
  const { t, i18n } = useTranslation();
  const [search, setSearch] = useState('');
  if (demo.menu.length === 0) return <p className="empty">{t('demo.order.noMenu')}</p>;
  const needle = search.trim().toLocaleLowerCase();
  const matches = needle ? demo.menu.filter((m) => `${m.name} ${m.category}`.toLocaleLowerCase().includes(needle)) : demo.menu;
  return (
    <>
      <label>
        {t('demo.order.search')}
        <input type="search" value={search} onChange={(e) => setSearch(e.target.value)} />
      </label>
      {matches.length === 0 ? (
        <p className="empty">{t('demo.order.noMatch')}</p>
      ) : (
        <table className="items">
          <thead>
            <tr>
              <th>{t('demo.order.item')}</th>
              <th>{t('demo.order.price')}</th>
              <th>{t('demo.order.quantity')}</th>
            </tr>
          </thead>
          <tbody>
            {matches.slice(0, SHOWN).map((m) => (
              <MenuRow key={m.id} entry={m} lang={i18n.language} value={demo.choice.quantities[m.id] ?? ''} onChange={(text) => demo.setQuantity(m.id, text)} />
            ))}
          </tbody>
        </table>
      )}
      {matches.length > SHOWN && <p className="muted">{t('demo.order.more', { count: matches.length - SHOWN })}</p>}
    </>
  );
}

function MenuRow({ entry, lang, value, onChange }: { entry: MenuEntry; lang: string; value: string; onChange(text: string): void }) {
  const { t } = useTranslation();
  const soldOut = entry.available === false;
  return (
    <tr>
      <td>
        {entry.name}
        {soldOut && <span className="muted"> ({t('demo.order.soldOut')})</span>}
      </td>
      <td>{formatMoney(entry.price, null, lang)}</td>
      <td>
        <input
          className="qty"
          inputMode="decimal"
          aria-label={t('demo.order.quantityOf', { name: entry.name })}
          value={value}
          onChange={(e) => onChange(e.target.value)}
        />
      </td>
    </tr>
  );
}
