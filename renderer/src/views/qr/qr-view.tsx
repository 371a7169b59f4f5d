// QR codes: every table with its code from the service, create/delete, preview, print a sheet.
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { QrCodeView } from '../../../../preload/contract';
import { useApi, useAppState } from '../../app-context';
import { sortedTables } from '../../store/selectors';
import { CommandErrorText } from '../common/command-error';
import { Dialog } from '../common/dialog';
import { tableLabel } from '../common/labels';
import { QrSvg } from '../common/qr-svg';
import { useCommand } from '../common/use-command';
import { PrintControls } from './print-controls';
import { ConfirmActions } from '../common/confirm-actions';

export function QrView() {
  const { t } = useTranslation();
  const api = useApi();
  const tables = useAppState((s) => s.tables);
  const dialog = useAppState((s) => s.dialog);
  const openDialog = useAppState((s) => s.openDialog);
  const closeDialog = useAppState((s) => s.closeDialog);
  const [codes, setCodes] = useState<Record<string, QrCodeView>>({});
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [preview, setPreview] = useState<string | null>(null);
  const command = useCommand();
  const { run } = command;
  const rows = useMemo(() => sortedTables(tables), [tables]);

  const merge = (list: QrCodeView[]) => setCodes((old) => ({ ...old, ...Object.fromEntries(list.map((c) => [c.tableId, c])) }));
  const { setError } = command;
  useEffect(() => {
    let live = true;
    api.listQrCodes().then(
      (r) => {
        if (!live) return;
        if (r.ok) setCodes(Object.fromEntries(r.value.map((c) => [c.tableId, c])));
        else setError(r.error);
      },
      (e: unknown) => live && setError({ code: 'bridge-failed', message: e instanceof Error ? e.message : String(e) }),
    );
    return () => {
      live = false;
    };
  }, [api, setError]);

  const hasCode = (id: string) => Boolean(codes[id]?.url);
  const toggle = (id: string) =>
    setSelected((old) => {
      const next = new Set(old);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const create = async (tableIds: string[]) => {
    const result = await run(() => api.createQrCodes({ tableIds }));
    if (result.ok) merge(result.value);
  };
  const remove = async (tableId: string) => {
    const result = await run(() => api.deleteQrCode({ tableId }));
    if (!result.ok) return;
    setCodes((old) => ({ ...old, [tableId]: { ...(old[tableId] ?? { tableId, tableName: tables[tableId]?.name ?? '' }), code: null, url: null } }));
    if (preview === tableId) setPreview(null);
    closeDialog();
  };

  const chosen = rows.filter((r) => selected.has(r.id));
  const withoutCode = chosen.filter((r) => !hasCode(r.id)).map((r) => r.id);
  const printable = chosen.filter((r) => hasCode(r.id)).map((r) => r.id);
  const allSelected = rows.length > 0 && rows.every((r) => selected.has(r.id));
  const previewUrl = preview ? codes[preview]?.url : null;
  const deleting = dialog?.kind === 'delete-qr' ? dialog.tableId : null;

  return (
    <section aria-label={t('qr.title')} className="split">
      <div className="stack">
        <h2>{t('qr.title')}</h2>
        <div className="actions">
          <button type="button" onClick={() => setSelected(allSelected ? new Set() : new Set(rows.map((r) => r.id)))}>
            {t(allSelected ? 'qr.selectNone' : 'qr.selectAll')}
          </button>
          <button type="button" disabled={withoutCode.length === 0 || command.pending} onClick={() => void create(withoutCode)}>
            {t('qr.createSelected', { n: withoutCode.length })}
          </button>
          <PrintControls tableIds={printable} />
        </div>
        <CommandErrorText error={command.error} />
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
            {rows.map((table) => {
              const label = tableLabel(t, table.name);
              const code = codes[table.id];
              return (
                <tr key={table.id}>
                  <td>
                    <input type="checkbox" aria-label={t('qr.selectTable', { table: label })} checked={selected.has(table.id)} onChange={() => toggle(table.id)} />
                  </td>
                  <td>{label}</td>
                  <td>{code?.code ?? <span className="muted">{t('qr.noCode')}</span>}</td>
                  <td className="actions">
                    {hasCode(table.id) ? (
                      <>
                        <button type="button" aria-label={t('qr.previewTable', { table: label })} onClick={() => setPreview(table.id)}>
                          {t('qr.preview')}
                        </button>
                        <button type="button" aria-label={t('qr.deleteTable', { table: label })} onClick={() => openDialog({ kind: 'delete-qr', tableId: table.id })}>
                          {t('qr.delete')}
                        </button>
                      </>
                    ) : (
                      <button type="button" aria-label={t('qr.createTable', { table: label })} disabled={command.pending} onClick={() => void create([table.id])}>
                        {t('qr.create')}
                      </button>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <aside className="panel" aria-label={t('qr.previewTitle')}>
        {preview && previewUrl ? (
          <>
            <h3>{tableLabel(t, tables[preview]?.name ?? codes[preview]?.tableName ?? null)}</h3>
            <QrSvg className="qr-preview" url={previewUrl} label={t('qr.previewOf', { url: previewUrl })} />
            <p className="muted url">{previewUrl}</p>
          </>
        ) : (
          <p className="empty">{t('qr.previewHint')}</p>
        )}
      </aside>
      {deleting && (
        <Dialog title={t('qr.deleteTitle')} onClose={closeDialog}>
          <p>{t('qr.deleteConfirm', { table: tableLabel(t, tables[deleting]?.name ?? null) })}</p>
          <CommandErrorText error={command.error} />
          <ConfirmActions label={t('qr.deleteYes')} danger pending={command.pending} onConfirm={() => remove(deleting)} onBack={closeDialog} />
        </Dialog>
      )}
    </section>
  );
}
