// Above the grid: the state filter, Grid / Floor, and the hint (or the text typed to jump).
import { useTranslation } from 'react-i18next';
import { TABLE_FILTERS, type TableFilter } from './table-filter';

export type TablesLayout = 'grid' | 'floor';

export interface TablesToolbarProps {
  filter: TableFilter;
  onFilter(filter: TableFilter): void;
  layout: TablesLayout;
  onLayout(layout: TablesLayout): void;
  typed: string;
  missed: boolean;
}

export function TablesToolbar({ filter, onFilter, layout, onLayout, typed, missed }: TablesToolbarProps) {
  const { t } = useTranslation();
  return (
    <div className="tables-toolbar">
      <div className="chips" role="group" aria-label={t('tables.filterLabel')}>
        {TABLE_FILTERS.map((f) => (
          <button key={f} type="button" className={`chip chip-${f}`} aria-pressed={filter === f} onClick={() => onFilter(f)}>
            {t(`tables.filter.${f}`)}
          </button>
        ))}
      </div>
      <p className={`jump-hint${missed ? ' error' : ''}`} aria-live="polite">
        {typed ? (missed ? t('tables.noMatch', { text: typed }) : t('tables.jumping', { text: typed })) : t('tables.jumpHint')}
      </p>
      <div className="chips" role="group" aria-label={t('tables.layoutLabel')}>
        {(['grid', 'floor'] as const).map((l) => (
          <button key={l} type="button" className="chip" aria-pressed={layout === l} onClick={() => onLayout(l)}>
            {t(`tables.layout.${l}`)}
          </button>
        ))}
      </div>
    </div>
  );
}
