// The QR view's table: the tables grouped by area in the POS's order, one line per table with its
// code, a checkbox, and preview/print/delete or create.
import { useTranslation } from 'react-i18next';
import type { TableView } from '../../../../preload/contract';
import type { AreaGroup } from '../../store/selectors';
import { tableLabel } from '../common/labels';
import type { QrCodes } from './use-qr-codes';

export interface QrTableProps {
  groups: AreaGroup[];
  qr: QrCodes;
  selected: Set<string>;
  /** The table whose code the preview shows (its row is marked). */
  previewed: string | null;
  onToggle(tableId: string): void;
  onPreview(tableId: string): void;
  onDelete(tableId: string): void;
  /** One click: this table's card alone (print dialog in Electron, a new tab in a browser). */
  onPrint(tableId: string): void;
  /** A command runs: create buttons wait. */
  pending: boolean;
}

export function QrTable({ groups, ...rowProps }: QrTableProps) {
  const { t } = useTranslation();
  return (
    <table className="qr-table">
      <thead>
        <tr>
          <th>{t('qr.select')}</th>
          <th>{t('qr.table')}</th>
          <th>{t('qr.code')}</th>
          <th>{t('qr.actions')}</th>
        </tr>
      </thead>
      {groups.map((group) => {
        const areaName = group.area ?? t('tables.noArea');
        return (
          <tbody key={group.area ?? ''} aria-label={areaName}>
            {groups.length > 1 && (
              <tr className="qr-area">
                <th colSpan={4} scope="rowgroup">
                  {areaName}
                </th>
              </tr>
            )}
            {group.tables.map((table) => (
              <QrRow key={table.id} table={table} {...rowProps} />
            ))}
          </tbody>
        );
      })}
    </table>
  );
}

function QrRow({ table, qr, selected, previewed, onToggle, onPreview, onDelete, onPrint, pending }: Omit<QrTableProps, 'groups'> & { table: TableView }) {
  const { t } = useTranslation();
  const label = tableLabel(t, table.name);
  const code = qr.codes[table.id];
  return (
    <tr data-table-id={table.id} aria-current={previewed === table.id ? 'true' : undefined}>
      <td>
        <input type="checkbox" aria-label={t('qr.selectTable', { table: label })} checked={selected.has(table.id)} onChange={() => onToggle(table.id)} />
      </td>
      <td className="qr-name" title={label}>
        {label}
      </td>
      <td>{code?.code ?? <span className="muted">{t('qr.noCode')}</span>}</td>
      <td className="actions">
        {qr.hasCode(table.id) ? (
          <>
            <button type="button" aria-label={t('qr.previewTable', { table: label })} onClick={() => onPreview(table.id)}>
              {t('qr.preview')}
            </button>
            <button type="button" aria-label={t('qr.printCardOf', { table: label })} onClick={() => onPrint(table.id)}>
              {t('qr.printCard')}
            </button>
            <button type="button" aria-label={t('qr.deleteTable', { table: label })} onClick={() => onDelete(table.id)}>
              {t('qr.delete')}
            </button>
          </>
        ) : (
          <button type="button" aria-label={t('qr.createTable', { table: label })} disabled={pending} onClick={() => void qr.create([table.id])}>
            {t('qr.create')}
          </button>
        )}
      </td>
    </tr>
  );
}
