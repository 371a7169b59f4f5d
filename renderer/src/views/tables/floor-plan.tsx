// The floor view: tables placed on a plan by their stored place (fractions of the plan), the same
// cards, states and live updates as the grid. Drag a card (from the plan or from the tray of
// unplaced tables) to place it; Shift+arrow keys move the focused table; Enter opens its bill.
import { useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { TableView } from '../../../../preload/contract';
import { useApi, useAppState } from '../../services/app-context';
import { byPosOrder } from '../../store/selectors';
import { CommandErrorText } from '../common/command-error';
import { useCommand } from '../common/use-command';
import { moveBetweenCards } from './card-keys';
import { CardBody } from './table-card';
import { matchesFilter, needsAttention, type TableFilter } from './table-filter';
import { nudge, pointOnPlan, startPress, type PlanPoint } from './floor-drag';

interface FloorCardProps {
  table: TableView;
  at: PlanPoint | null;
  now: number;
  selected: boolean;
  onSelect(id: string): void;
  onPress(e: React.PointerEvent<HTMLElement>, table: TableView): void;
  onKey(e: KeyboardEvent<HTMLElement>, table: TableView): void;
  wasDragged(id: string): boolean;
}

function FloorCard({ table, at, now, selected, onSelect, onPress, onKey, wasDragged }: FloorCardProps) {
  const attention = needsAttention(table, now);
  const style = at ? { left: `${at.x * 100}%`, top: `${at.y * 100}%` } : undefined;
  return (
    <li className={at ? 'placed' : undefined} style={style}>
      <button
        type="button"
        data-table-id={table.id}
        className={`table-card state-${table.state}${attention ? ' needs-attention' : ''}`}
        aria-pressed={selected}
        onPointerDown={(e) => onPress(e, table)}
        onKeyDown={(e) => onKey(e, table)}
        onClick={() => {
          if (!wasDragged(table.id)) onSelect(table.id);
        }}
      >
        <CardBody table={table} attention={attention} now={now} />
      </button>
    </li>
  );
}

export function FloorPlan({ filter, now }: { filter: TableFilter; now: number }) {
  const { t } = useTranslation();
  const api = useApi();
  const tables = useAppState((s) => s.tables);
  const selected = useAppState((s) => s.selectedTableId);
  const selectTable = useAppState((s) => s.selectTable);
  const { run, error } = useCommand();
  const planRef = useRef<HTMLUListElement | null>(null);
  const rootRef = useRef<HTMLDivElement | null>(null);
  const dragged = useRef<string | null>(null);
  // Where a table is drawn while it is dragged or until its new place comes back from main.
  const [moving, setMoving] = useState<Record<string, PlanPoint>>({});
  const shown = useMemo(
    () =>
      Object.values(tables)
        .sort(byPosOrder)
        .filter((tb) => matchesFilter(tb, filter, now)),
    [tables, filter, now],
  );

  const place = async (table: TableView, at: PlanPoint | null) => {
    if (at) setMoving((m) => ({ ...m, [table.id]: at }));
    await run(() => api.setTablePosition({ tableId: table.id, position: at }));
    setMoving((m) => Object.fromEntries(Object.entries(m).filter(([id]) => id !== table.id)));
  };
  const onPress = (e: React.PointerEvent<HTMLElement>, table: TableView) => {
    dragged.current = null;
    startPress(e, {
      onMove: (x, y) => {
        const at = planRef.current ? pointOnPlan(planRef.current.getBoundingClientRect(), x, y) : null;
        if (at) setMoving((m) => ({ ...m, [table.id]: at }));
      },
      onDrop: (x, y) => {
        dragged.current = table.id;
        const at = planRef.current ? pointOnPlan(planRef.current.getBoundingClientRect(), x, y) : null;
        if (at) void place(table, at);
        else setMoving((m) => Object.fromEntries(Object.entries(m).filter(([id]) => id !== table.id)));
      },
    });
  };
  const onKey = (e: KeyboardEvent<HTMLElement>, table: TableView) => {
    if (e.shiftKey && !e.altKey && !e.ctrlKey && !e.metaKey) {
      const at = nudge(moving[table.id] ?? table.position, e.key);
      if (!at) return;
      e.preventDefault();
      void place(table, at);
      return;
    }
    if (rootRef.current && moveBetweenCards(rootRef.current, e)) e.preventDefault();
  };
  const wasDragged = (id: string) => {
    const was = dragged.current === id;
    dragged.current = null;
    return was;
  };
  const card = (table: TableView) => (
    <FloorCard
      key={table.id}
      table={table}
      at={moving[table.id] ?? table.position}
      now={now}
      selected={selected === table.id}
      onSelect={selectTable}
      onPress={onPress}
      onKey={onKey}
      wasDragged={wasDragged}
    />
  );
  const unplaced = shown.filter((tb) => !(moving[tb.id] ?? tb.position));

  return (
    <div className="floor" ref={rootRef}>
      <p className="muted floor-hint">{t('tables.floor.hint')}</p>
      <CommandErrorText error={error} />
      <ul className="floor-plan" ref={planRef} aria-label={t('tables.floor.planLabel')} data-testid="floor-plan">
        {shown.filter((tb) => moving[tb.id] ?? tb.position).map(card)}
      </ul>
      {unplaced.length > 0 && (
        <section className="floor-tray" aria-label={t('tables.floor.unplaced')}>
          <h2>{t('tables.floor.unplaced')}</h2>
          <ul className="table-grid">{unplaced.map(card)}</ul>
        </section>
      )}
    </div>
  );
}
