// QR codes: every table with its code from the service, create/delete, preview, print a sheet.
// The list scrolls on its own beside a fixed preview panel, so a preview asked for on the last of
// many tables is drawn where the cashier is looking.
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppState } from '../../services/app-context';
import { groupTablesByArea } from '../../store/selectors';
import { CommandErrorText } from '../common/command-error';
import { ConfirmActions } from '../common/confirm-actions';
import { Dialog } from '../common/dialog';
import { tableLabel } from '../common/labels';
import { QrSvg } from '../common/qr-svg';
import { useCommand, type CommandRunner } from '../common/use-command';
import { DemoPhoneAddress } from './demo-address';
import { PrintControls } from './print-controls';
import { usePrintTableQr } from './print-table-qr';
import { QrTable } from './qr-table';
import { useQrCodes, type QrCodes } from './use-qr-codes';

export function QrView() {
  const { t } = useTranslation();
  const tables = useAppState((s) => s.tables);
  const dialog = useAppState((s) => s.dialog);
  const openDialog = useAppState((s) => s.openDialog);
  const closeDialog = useAppState((s) => s.closeDialog);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [preview, setPreview] = useState<string | null>(null);
  const command = useCommand();
  const qr = useQrCodes(command);
  const printer = usePrintTableQr();
  const groups = useMemo(() => groupTablesByArea(tables), [tables]);
  const rows = useMemo(() => groups.flatMap((g) => g.tables), [groups]);

  const toggle = (id: string) =>
    setSelected((old) => {
      const next = new Set(old);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const remove = async (tableId: string) => {
    if (!(await qr.remove(tableId))) return;
    if (preview === tableId) setPreview(null);
    closeDialog();
  };

  const chosen = rows.filter((r) => selected.has(r.id));
  const withoutCode = chosen.filter((r) => !qr.hasCode(r.id)).map((r) => r.id);
  const printable = chosen.filter((r) => qr.hasCode(r.id)).map((r) => r.id);
  const allSelected = rows.length > 0 && rows.every((r) => selected.has(r.id));
  const deleting = dialog?.kind === 'delete-qr' ? dialog.tableId : null;

  return (
    <section aria-label={t('qr.title')} className="qr-view">
      <div className="qr-main">
        <h2>{t('qr.title')}</h2>
        <DemoPhoneAddress qr={qr} />
        <div className="actions">
          <button type="button" onClick={() => setSelected(allSelected ? new Set() : new Set(rows.map((r) => r.id)))}>
            {t(allSelected ? 'qr.selectNone' : 'qr.selectAll')}
          </button>
          <button type="button" disabled={withoutCode.length === 0 || command.pending} onClick={() => void qr.create(withoutCode)}>
            {t('qr.createSelected', { n: withoutCode.length })}
          </button>
          <PrintControls tableIds={printable} printer={printer} />
        </div>
        <CommandErrorText error={command.error} />
        <div className="qr-list" data-testid="qr-list">
          <QrTable
            groups={groups}
            qr={qr}
            selected={selected}
            previewed={preview}
            onToggle={toggle}
            onPreview={setPreview}
            onDelete={(tableId) => openDialog({ kind: 'delete-qr', tableId })}
            onPrint={(tableId) => void printer.print([tableId], 'dialog')}
            pending={command.pending}
          />
        </div>
      </div>
      <QrPreview tableId={preview} qr={qr} />
      {deleting && <DeleteQrDialog tableId={deleting} command={command} onConfirm={() => remove(deleting)} onClose={closeDialog} />}
    </section>
  );
}

/** The chosen table's code drawn large with its url, or a hint to pick one. */
function QrPreview({ tableId, qr }: { tableId: string | null; qr: QrCodes }) {
  const { t } = useTranslation();
  const tables = useAppState((s) => s.tables);
  const url = tableId ? qr.codes[tableId]?.url : null;
  return (
    <aside className="panel qr-preview-panel" aria-label={t('qr.previewTitle')}>
      {tableId && url ? (
        <>
          <h3>{tableLabel(t, tables[tableId]?.name ?? qr.codes[tableId]?.tableName ?? null)}</h3>
          <QrSvg className="qr-preview" url={url} label={t('qr.previewOf', { url })} />
          <p className="muted url">{url}</p>
        </>
      ) : (
        <p className="empty">{t('qr.previewHint')}</p>
      )}
    </aside>
  );
}

function DeleteQrDialog(props: { tableId: string; command: CommandRunner; onConfirm(): Promise<void>; onClose(): void }) {
  const { t } = useTranslation();
  const tables = useAppState((s) => s.tables);
  return (
    <Dialog title={t('qr.deleteTitle')} onClose={props.onClose}>
      <p>{t('qr.deleteConfirm', { table: tableLabel(t, tables[props.tableId]?.name ?? null) })}</p>
      <CommandErrorText error={props.command.error} />
      <ConfirmActions label={t('qr.deleteYes')} danger pending={props.command.pending} onConfirm={props.onConfirm} onBack={props.onClose} />
    </Dialog>
  );
}
