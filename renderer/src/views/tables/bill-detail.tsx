// One bill: items, totals, payments, adding items and closing it.
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { BillView } from '../../../../preload/contract';
import { useApi, useAppState } from '../../app-context';
import { formatMoney } from '../../format/decimal-text';
import { paymentsOfBill } from '../../store/selectors';
import { CommandErrorText } from '../common/command-error';
import { Dialog } from '../common/dialog';
import { useCommand } from '../common/use-command';
import { AddItemForm } from './add-item-form';
import { BillItems } from './bill-items';
import { BillPayments } from './bill-payments';
import { ConfirmActions } from '../common/confirm-actions';

/** `heading` is what the panel's title already says (the table); a bill named the same is not repeated. */
export function BillDetail({ bill, heading }: { bill: BillView; heading: string }) {
  const { t, i18n } = useTranslation();
  const api = useApi();
  const allPayments = useAppState((s) => s.payments);
  const dialog = useAppState((s) => s.dialog);
  const openDialog = useAppState((s) => s.openDialog);
  const closeDialog = useAppState((s) => s.closeDialog);
  const payments = useMemo(() => paymentsOfBill(bill, allPayments), [bill, allPayments]);
  const closing = useCommand();
  const editable = bill.state === 'OPEN';
  const ownName = bill.name !== null && bill.name.trim() !== '' && bill.name.trim() !== heading;
  const money = (v: string) => formatMoney(v, bill.currency, i18n.language);

  const confirmClose = async () => {
    const result = await closing.run(() => api.closeBill({ billId: bill.id }));
    if (result.ok) closeDialog();
  };

  return (
    <div className="stack">
      <p className="bill-state">
        {ownName && <span>{bill.name} · </span>}
        <span className={`badge bill-${bill.state.toLowerCase()}`}>{t(`bill.state.${bill.state}`)}</span>
      </p>
      <BillItems bill={bill} editable={editable} />
      <dl className="totals">
        <dt>{t('bill.total')}</dt>
        <dd className="amount">{money(bill.totals.total)}</dd>
        <dt>{t('bill.paid')}</dt>
        <dd className="amount">{money(bill.totals.paid)}</dd>
        <dt>{t('bill.due')}</dt>
        <dd className="amount amount-due">{money(bill.totals.due)}</dd>
        <dt>{t('bill.tips')}</dt>
        <dd className="amount">{money(bill.totals.tips)}</dd>
      </dl>
      {editable && <AddItemForm billId={bill.id} />}
      <BillPayments payments={payments} />
      <button type="button" onClick={() => openDialog({ kind: 'close-bill', billId: bill.id })}>
        {t('bill.close')}
      </button>
      {dialog?.kind === 'close-bill' && dialog.billId === bill.id && (
        <Dialog title={t('bill.closeTitle')} onClose={closeDialog}>
          <p>{t('bill.closeConfirm')}</p>
          <CommandErrorText error={closing.error} />
          <ConfirmActions label={t('bill.closeYes')} pending={closing.pending} onConfirm={confirmClose} onBack={closeDialog} />
        </Dialog>
      )}
    </div>
  );
}
