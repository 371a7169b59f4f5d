// Every table grouped by area, with its state and the amount still due. Arrow keys are not
// needed: each card is a button in tab order, Enter opens its bill.
import { memo, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { TableView } from '../../../../preload/contract';
import { useAppState } from '../../app-context';
import { formatAmount } from '../../format/decimal-text';
import { groupTablesByArea } from '../../store/selectors';
import { tableLabel } from '../common/labels';

export function TableGrid() {
  const { t } = useTranslation();
  const tables = useAppState((s) => s.tables);
  const selected = useAppState((s) => s.selectedTableId);
  const selectTable = useAppState((s) => s.selectTable);
  const groups = useMemo(() => groupTablesByArea(tables), [tables]);

  if (groups.length === 0) return <p className="empty">{t('tables.none')}</p>;
  return (
    <div className="table-areas">
      {groups.map((group) => {
        const areaName = group.area ?? t('tables.noArea');
        return (
          <section key={group.area ?? ''} aria-label={areaName}>
            <h2>{areaName}</h2>
            <ul className="table-grid">
              {group.tables.map((table) => (
                <TableCard key={table.id} table={table} selected={selected === table.id} onSelect={selectTable} />
              ))}
            </ul>
          </section>
        );
      })}
    </div>
  );
}

// Memoised: an event replaces one table object, so only that card re-renders (200 tables, bursts).
const TableCard = memo(function TableCard({ table, selected, onSelect }: { table: TableView; selected: boolean; onSelect(id: string): void }) {
  const { t, i18n } = useTranslation();
  return (
    <li>
      <button type="button" className={`table-card state-${table.state}`} aria-pressed={selected} onClick={() => onSelect(table.id)}>
        <span className="table-name">{tableLabel(t, table.name)}</span>
        <span className="badge">{t(`tables.state.${table.state}`)}</span>
        <span className="amount">
          {table.state === 'free' ? '\u00a0' : formatAmount(table.due, i18n.language)}
          {table.state !== 'free' && table.currency && <span className="currency">{` ${table.currency}`}</span>}
        </span>
      </button>
    </li>
  );
});
