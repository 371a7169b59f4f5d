// The floor view: tables placed on a plan by their stored place (fractions of the plan), the same
// cards, states and live updates as the grid. Tables without a place fill free slots of the plan
// (floor-layout.ts) and the cards scale with the room the plan has, so nothing overlaps when a
// bill opens beside it. Drag a card to place it; Shift+arrow keys move the focused table; Enter
// opens its bill.
import { useEffect, useMemo, useRef, useState, type CSSProperties, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { TableView } from '../../../../preload/contract';
import { useApi, useAppState } from '../../services/app-context';
import { byPosOrder } from '../../store/selectors';
import { CommandErrorText } from '../common/command-error';
import { useCommand } from '../common/use-command';
import { moveBetweenCards } from './card-keys';
import { CardBody, cardState, useGuestsCannotPay } from './table-card';
import { cardOrigin, floorLayout } from './floor-layout';
import { matchesFilter, needsAttention, type TableFilter } from './table-filter';
import { nudge, pointOnPlan, startPress, type PlanPoint } from './floor-drag';

interface FloorCardProps {
  table: TableView;
  at: PlanPoint | null;
  /** Where the card's corner goes (px) once the plan has a size: the centre at `at`, kept on the plan. */
  origin: { left: number; top: number } | null;
  auto: boolean;
  /** Cards too small for the whole name and the state word. */
  tight: boolean;
  now: number;
  selected: boolean;
  onSelect(id: string): void;
  onPress(e: React.PointerEvent<HTMLElement>, table: TableView): void;
  onKey(e: KeyboardEvent<HTMLElement>, table: TableView): void;
  wasDragged(id: string): boolean;
}

function FloorCard({ table, at, origin, auto, tight, now, selected, onSelect, onPress, onKey, wasDragged }: FloorCardProps) {
  const { t } = useTranslation();
  const attention = needsAttention(table, now);
  const offline = useGuestsCannotPay(table);
  const style = origin
    ? { left: `${origin.left}px`, top: `${origin.top}px`, transform: 'none' }
    : at
      ? { left: `${at.x * 100}%`, top: `${at.y * 100}%` }
      : undefined;
  return (
    <li className={at ? `placed${auto ? ' auto-placed' : ''}` : undefined} style={style} title={auto ? t('tables.floor.unplaced') : undefined}>
      <button
        type="button"
        data-table-id={table.id}
        className={`table-card state-${cardState(table)}${attention ? ' needs-attention' : ''}${offline ? ' guests-offline' : ''}`}
        aria-pressed={selected}
        onPointerDown={(e) => onPress(e, table)}
        onKeyDown={(e) => onKey(e, table)}
        onClick={() => {
          if (!wasDragged(table.id)) onSelect(table.id);
        }}
      >
        <CardBody table={table} attention={attention} now={now} tight={tight} />
      </button>
    </li>
  );
}

/** The plan's size in px, followed as the window or the bill sheet changes it. */
function useSize(ref: React.RefObject<HTMLElement | null>): { width: number; height: number } {
  const [size, setSize] = useState({ width: 0, height: 0 });
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(() => setSize({ width: el.clientWidth, height: el.clientHeight }));
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref]);
  return size;
}

/** Cards below this height drop the state word (the colour and icon stay) to keep name and amount legible. */
const TIGHT_CARD_PX = 40;

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

  const size = useSize(planRef);
  const layout = useMemo(
    () =>
      floorLayout(
        shown.map((tb) => tb.id),
        (id) => moving[id] ?? tables[id]?.position ?? null,
        size.width,
        size.height,
      ),
    [shown, moving, tables, size.width, size.height],
  );
  const tight = layout.cardH < TIGHT_CARD_PX;
  const planStyle = {
    '--card-w': `${layout.cardW}px`,
    '--card-h': `${layout.cardH}px`,
    '--card-font': `${Math.max(10, Math.min(15, tight ? layout.cardH / 2.5 : layout.cardH / 3.5))}px`,
  } as CSSProperties;

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
      // A table without a place starts from the slot it is drawn in.
      const at = nudge(moving[table.id] ?? table.position ?? layout.at.get(table.id) ?? null, e.key);
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
  const card = (table: TableView) => {
    const at = moving[table.id] ?? table.position ?? layout.at.get(table.id) ?? null;
    return (
      <FloorCard
        key={table.id}
        table={table}
        at={at}
        origin={at && size.width > 0 ? cardOrigin(at, size.width, size.height, layout.cardW, layout.cardH) : null}
        auto={layout.auto.has(table.id)}
        tight={tight}
        now={now}
        selected={selected === table.id}
        onSelect={selectTable}
        onPress={onPress}
        onKey={onKey}
        wasDragged={wasDragged}
      />
    );
  };
  return (
    <div className="floor" ref={rootRef}>
      <p className="muted floor-hint">{t('tables.floor.hint')}</p>
      <CommandErrorText error={error} />
      <ul
        className={`floor-plan${tight ? ' floor-tight' : ''}`}
        ref={planRef}
        style={planStyle}
        aria-label={t('tables.floor.planLabel')}
        data-testid="floor-plan"
      >
        {shown.map(card)}
      </ul>
    </div>
  );
}
