// The printable receipt: print.html?receipt=<paymentId>. The same receipt as the dialog, in the
// cashier's language, without the delivery line. Calls onReady once drawn (the shell waits for
// body[data-ready]); a browser tab also gets Print and Back.
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { CompanionApi, PaymentReceiptView } from '../../../../preload/contract';
import { ReceiptBody } from '../receipts/receipt-body';
import { PrintToolbar } from './print-toolbar';
import { useSheetLoad } from './use-sheet-load';

interface Loaded {
  restaurant: string | null;
  receipt: PaymentReceiptView;
}

async function loadReceipt(api: CompanionApi, paymentId: string, changeLanguage: (lang: string) => Promise<unknown>): Promise<Loaded> {
  const snapshot = await api.getSnapshot();
  await changeLanguage(snapshot.settings.language);
  const receipt = await api.getPaymentReceipt({ paymentId });
  if (!receipt.ok) throw new Error(receipt.error.code);
  return { restaurant: snapshot.restaurantName, receipt: receipt.value };
}

export interface ReceiptSheetProps {
  api: CompanionApi;
  paymentId: string;
  onReady(): void;
  onError(message: string): void;
  browserActions?: { print(): void; back(): void } | undefined;
}

export function ReceiptSheet({ api, paymentId, onReady, onError, browserActions }: ReceiptSheetProps) {
  const { t, i18n } = useTranslation();
  const load = useCallback(() => loadReceipt(api, paymentId, (lang) => i18n.changeLanguage(lang)), [api, paymentId, i18n]);
  const { loaded, error } = useSheetLoad(load, onReady, onError);

  if (error) {
    const known = i18n.exists(`receipts.errors.${error}`);
    return (
      <p role="alert" className="error">
        {known ? t(`receipts.errors.${error}`) : t('receipts.sheet.failed', { message: error })}
      </p>
    );
  }
  if (!loaded) return <p role="status">{t('receipts.loading')}</p>;
  return (
    <article className="receipt-sheet" data-payment-id={paymentId}>
      {browserActions && <PrintToolbar actions={browserActions} printLabel={t('receipts.print')} backLabel={t('receipts.sheet.back')} />}
      {loaded.restaurant && <h1>{loaded.restaurant}</h1>}
      <h2>{t('receipts.title', { serial: loaded.receipt.serial })}</h2>
      <ReceiptBody receipt={loaded.receipt} showDelivery={false} />
    </article>
  );
}
