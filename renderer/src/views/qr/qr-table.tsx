// The QR view's table: one row per table with its code, a checkbox, and preview/delete or create.
import { useTranslation } from 'react-i18next';
import type { TableView } from '../../../../preload/contract';
import { tableLabel } from '../common/labels';
import type { QrCodes } from './use-qr-codes';

export interface QrTableProps {
  rows: TableView[];
  qr: QrCodes;
  selected: Set<string>;
  onToggle(tableId: string): void;
  onPreview(tableId: string): void;
  onDelete(tableId: string): void;
  /** One click: this table's card alone (print dialog in Electron, a new tab in a browser). */
  onPrint(tableId: string): void;
  /** A command runs: create buttons wait. */
  pending: boolean;
}

export function QrTable({ rows, ...rowProps }: QrTableProps) {
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
      <tbody>
        {rows.map((table) => (
          <QrRow key={table.id} table={table} {...rowProps} />
        ))}
      </tbody>
    </table>
  );
}

function QrRow({ table, qr, selected, onToggle, onPreview, onDelete, onPrint, pending }: Omit<QrTableProps, 'rows'> & { table: TableView }) {
  const { t } = useTranslation();
  const label = tableLabel(t, table.name);
  const code = qr.codes[table.id];
  return (
    <tr>
      <td>
        <input type="checkbox" aria-label={t('qr.selectTable', { table: label })} checked={selected.has(table.id)} onChange={() => onToggle(table.id)} />
      </td>
      <td>{label}</td>
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
