// The receipt of one payment in a dialog, with Print: Electron prints print.html?receipt=<id> from
// a hidden window (dialog, the Settings printer, or PDF); browser mode opens that page in a tab
// that prints itself, like the day report.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PaymentReceiptView, PrintMode } from '../../../../preload/contract';
import { useApi, useAppState, useServices } from '../../services/app-context';
import { Dialog } from '../common/dialog';
import { useCommand } from '../common/use-command';
import { ReceiptBody } from './receipt-body';
import { ReceiptErrorText } from './receipt-error';
import { PrintModeSelect } from '../common/print-mode-select';

export function receiptPrintUrl(paymentId: string): string {
  return `print.html?${new URLSearchParams({ receipt: paymentId, autoprint: '1' }).toString()}`;
}

export function ReceiptDialog({ paymentId, onClose }: { paymentId: string; onClose(): void }) {
  const { t } = useTranslation();
  const api = useApi();
  const load = useCommand();
  const [receipt, setReceipt] = useState<PaymentReceiptView | null>(null);
  const { run } = load;
  // main pushes the payment again when its receipt moves (given, delivered, refused): read it anew.
  const live = useAppState((s) => s.payments[paymentId]);

  useEffect(() => {
    let live = true;
    void run(() => api.getPaymentReceipt({ paymentId })).then((r) => {
      if (live && r.ok) setReceipt(r.value);
    });
    return () => {
      live = false;
    };
  }, [api, paymentId, run, live]);

  return (
    <Dialog title={receipt ? t('receipts.title', { serial: receipt.serial }) : t('receipts.open')} onClose={onClose}>
      <div className="receipt-dialog">
        {receipt ? <ReceiptBody receipt={receipt} /> : !load.error && <p role="status">{t('receipts.loading')}</p>}
        <ReceiptErrorText error={load.error} />
        <div className="dialog-actions">
          {receipt && <ReceiptPrint paymentId={paymentId} />}
          <button type="button" data-autofocus onClick={onClose}>
            {t('receipts.close')}
          </button>
        </div>
      </div>
    </Dialog>
  );
}

function ReceiptPrint({ paymentId }: { paymentId: string }) {
  const { t } = useTranslation();
  const api = useApi();
  const { bridgeKind, openWindow } = useServices();
  const [mode, setMode] = useState<PrintMode>('dialog');
  const [done, setDone] = useState<string | null>(null);
  const { run, error, pending } = useCommand();

  const print = async () => {
    setDone(null);
    if (bridgeKind === 'browser') {
      openWindow(receiptPrintUrl(paymentId));
      setDone(t('receipts.printOpened'));
      return;
    }
    const result = await run(() => api.printReceipt({ paymentId, mode }));
    if (result.ok) setDone(result.value.pdfPath ? t('receipts.pdfSaved', { path: result.value.pdfPath }) : t('receipts.printSent'));
  };

  return (
    <div className="receipt-print">
      <PrintModeSelect label={t('receipts.printMode')} mode={mode} onChange={setMode} />
      <button type="button" className="primary" disabled={pending} onClick={() => void print()}>
        {t('receipts.print')}
      </button>
      {done && <p role="status">{done}</p>}
      <ReceiptErrorText error={error} />
    </div>
  );
}
