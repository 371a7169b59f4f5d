// Tables: the toolbar and the grid (or the floor plan) on the left, the selected table's bill in a
// side sheet on the right that is always on screen, whatever the grid's scroll position.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppState, useNow } from '../../services/app-context';
import { byPosOrder } from '../../store/selectors';
import { FloorPlan } from './floor-plan';
import { BillPanel } from './bill-panel';
import { focusCard } from './card-keys';
import { TableGrid } from './table-grid';
import { findTable, matchesFilter, type TableFilter } from './table-filter';
import { TablesToolbar, type TablesLayout } from './tables-toolbar';
import { useTypeToJump } from './use-type-to-jump';

export function TablesView() {
  const { t } = useTranslation();
  const tables = useAppState((s) => s.tables);
  const selected = useAppState((s) => s.selectedTableId);
  const selectTable = useAppState((s) => s.selectTable);
  const dialogOpen = useAppState((s) => s.dialog !== null);
  const density = useAppState((s) => s.settings?.tableDensity ?? 'compact');
  const now = useNow(15_000);
  const [filter, setFilter] = useState<TableFilter>('all');
  const [layout, setLayout] = useState<TablesLayout>('grid');
  const [pendingFocus, setPendingFocus] = useState<string | null>(null);
  const [missed, setMissed] = useState(false);
  const viewRef = useRef<HTMLDivElement | null>(null);
  const gridRef = useRef<HTMLDivElement | null>(null);
  const ordered = useMemo(() => Object.values(tables).sort(byPosOrder), [tables]);

  const jump = useCallback(
    (text: string) => {
      const table = findTable(ordered, text);
      setMissed(table === null);
      if (!table) return;
      // A table hidden by the filter is still found: show every table, then focus it.
      if (!matchesFilter(table, filter, now)) setFilter('all');
      setPendingFocus(table.id);
    },
    [ordered, filter, now],
  );
  const typed = useTypeToJump(!dialogOpen, jump);

  useEffect(() => {
    if (pendingFocus && focusCard(viewRef.current, pendingFocus)) setPendingFocus(null);
  }, [pendingFocus, filter, tables]);

  const hideBill = () => {
    const id = selected;
    selectTable(null);
    if (id) setPendingFocus(id);
  };

  return (
    <div className={`tables-view density-${density}${selected ? ' with-bill' : ''}`} ref={viewRef}>
      <div className="tables-main">
        <TablesToolbar filter={filter} onFilter={setFilter} layout={layout} onLayout={setLayout} typed={typed} missed={missed && typed !== ''} />
        {layout === 'grid' ? <TableGrid filter={filter} now={now} gridRef={gridRef} /> : <FloorPlan filter={filter} now={now} />}
      </div>
      {selected && (
        <div className="bill-sheet">
          <button type="button" className="sheet-close" onClick={hideBill}>
            {t('tables.hideBill')}
          </button>
          <BillPanel />
        </div>
      )}
    </div>
  );
}
