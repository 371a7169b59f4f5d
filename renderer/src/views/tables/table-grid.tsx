// Every shown table grouped by area (in the POS's order) as compact cards. One card is in the tab
// order at a time (roving tabindex); arrow keys move between cards, Enter opens a card's bill.
import { useCallback, useMemo, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import type { TableView } from '../../../../preload/contract';
import { useAppState } from '../../services/app-context';
import { groupTablesByArea } from '../../store/selectors';
import { moveBetweenCards } from './card-keys';
import { TableCard } from './table-card';
import { matchesFilter, needsAttention, type TableFilter } from './table-filter';

export interface TableGridProps {
  filter: TableFilter;
  now: number;
  gridRef: RefObject<HTMLDivElement | null>;
}

export function TableGrid({ filter, now, gridRef }: TableGridProps) {
  const { t } = useTranslation();
  const tables = useAppState((s) => s.tables);
  const selected = useAppState((s) => s.selectedTableId);
  const selectTable = useAppState((s) => s.selectTable);
  const [active, setActive] = useState<string | null>(null);
  const groups = useMemo(() => groupTablesByArea(tables), [tables]);
  const shown = useMemo(
    () => groups.map((g) => ({ ...g, tables: g.tables.filter((tb) => matchesFilter(tb, filter, now)) })).filter((g) => g.tables.length > 0),
    [groups, filter, now],
  );
  const onFocus = useCallback((id: string) => setActive(id), []);

  if (groups.length === 0) return <p className="empty">{t('tables.none')}</p>;
  if (shown.length === 0) return <p className="empty">{t('tables.noneInFilter', { filter: t(`tables.filter.${filter}`) })}</p>;
  const all = shown.flatMap((g) => g.tables);
  const tabbable = all.some((tb) => tb.id === active) ? active : (all.find((tb) => tb.id === selected)?.id ?? all[0]?.id);

  return (
    <div
      className="table-areas"
      ref={gridRef}
      data-testid="table-grid"
      onKeyDown={(e) => {
        if (gridRef.current && moveBetweenCards(gridRef.current, e)) e.preventDefault();
      }}
    >
      {shown.map((group) => {
        const areaName = group.area ?? t('tables.noArea');
        return (
          <section key={group.area ?? ''} aria-label={areaName}>
            <h2>{areaName}</h2>
            <ul className="table-grid">
              {group.tables.map((table: TableView) => (
                <TableCard
                  key={table.id}
                  table={table}
                  selected={selected === table.id}
                  attention={needsAttention(table, now)}
                  tabbable={table.id === tabbable}
                  now={now}
                  onSelect={selectTable}
                  onFocus={onFocus}
                />
              ))}
            </ul>
          </section>
        );
      })}
    </div>
  );
}
