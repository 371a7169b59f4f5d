// The Receipt action of a payment (Payments view): opens the receipt dialog for it.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { tableLabel } from '../common/labels';
import { ReceiptDialog } from './receipt-dialog';

export function ReceiptButton({ paymentId, table }: { paymentId: string; table: string | null }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="receipt-open" aria-label={t('receipts.openFor', { table: tableLabel(t, table) })} onClick={() => setOpen(true)}>
        {t('receipts.open')}
      </button>
      {open && <ReceiptDialog paymentId={paymentId} onClose={() => setOpen(false)} />}
    </>
  );
}
