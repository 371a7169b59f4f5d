// The floor: tables by area in the till's order, each with its state word, colour and what is
// due; the star follows a table, the area's button follows the whole area, the tile opens the bill.
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { StaffTable } from '../../../preload/staff-frames';
import { money, useController, useStaff } from './staff-context';
import { isFollowed } from './staff-store';

function areasOf(tables: readonly StaffTable[]): { area: string | null; tables: StaffTable[] }[] {
  const groups = new Map<string | null, StaffTable[]>();
  for (const table of tables) {
    const list = groups.get(table.area);
    if (list) list.push(table);
    else groups.set(table.area, [table]);
  }
  return [...groups].map(([area, list]) => ({ area, tables: list }));
}

function TableTile({ table, followed }: { table: StaffTable; followed: boolean }) {
  const { t, i18n } = useTranslation();
  const controller = useController();
  const amount = table.state === 'free' ? null : (table.due ?? table.total);
  return (
    <li className={`staff-table staff-table-${table.state}${followed ? ' staff-table-followed' : ''}`} data-table={table.id}>
      <button type="button" className="staff-table-button" onClick={() => void controller.openTable(table.id)}>
        <span className="staff-table-name">{table.name}</span>
        <span className="staff-table-state">{t(`state.${table.state}`)}</span>
        {amount !== null && <span className="staff-table-amount">{money(amount, table.currency, i18n.language)}</span>}
        {table.call && <span className="staff-table-call">{t(`floor.call.${table.call}`)}</span>}
      </button>
      <button
        type="button"
        className="staff-follow"
        aria-pressed={followed}
        aria-label={t(followed ? 'floor.unfollow' : 'floor.follow', { table: table.name })}
        onClick={() => void controller.toggleTable(table)}
      >
        {followed ? '★' : '☆'}
      </button>
    </li>
  );
}

export function FloorView() {
  const { t } = useTranslation();
  const controller = useController();
  const tables = useStaff((s) => s.tables);
  const following = useStaff((s) => s.following);
  const groups = useMemo(() => areasOf(tables), [tables]);
  if (tables.length === 0) return <p className="staff-empty">{t('floor.empty')}</p>;
  return (
    <div className="staff-floor">
      {groups.map(({ area, tables: list }) => {
        const areaFollowed = area !== null && following.areas.includes(area);
        return (
          <section key={area ?? ''} className="staff-area" aria-label={area ?? t('floor.noArea')}>
            <header>
              <h2>{area ?? t('floor.noArea')}</h2>
              {area !== null && (
                <button type="button" className="staff-follow-area" aria-pressed={areaFollowed} onClick={() => void controller.toggleArea(area)}>
                  {t(areaFollowed ? 'floor.unfollowArea' : 'floor.followArea')}
                </button>
              )}
            </header>
            <ul>
              {list.map((table) => (
                <TableTile key={table.id} table={table} followed={isFollowed(table, following)} />
              ))}
            </ul>
          </section>
        );
      })}
    </div>
  );
}
