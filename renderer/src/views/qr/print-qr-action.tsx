// "Print QR" in a table's bill sheet: that table's card in one click (its code is made first when
// it has none), so a lost or stained card is replaced without looking for the table in the QR tab.
import { useTranslation } from 'react-i18next';
import { CommandErrorText } from '../common/command-error';
import { usePrintTableQr } from './print-table-qr';

export function PrintQrAction({ tableId, label }: { tableId: string; label: string }) {
  const { t } = useTranslation();
  const printer = usePrintTableQr();
  return (
    <div className="print-qr-action">
      <button
        type="button"
        aria-label={t('qr.printTableQrOf', { table: label })}
        disabled={printer.command.pending}
        onClick={() => void printer.printTableQr(tableId)}
      >
        {t('qr.printTableQr')}
      </button>
      {printer.done && <span role="status">{printer.done}</span>}
      <CommandErrorText error={printer.command.error} />
    </div>
  );
}
