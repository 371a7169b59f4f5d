// One bill: items, totals, payments, adding items and closing it.
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { BillView } from '../../../../preload/contract';
import { useAppState } from '../../services/app-context';
import { formatMoney } from '../../format/decimal-text';
import { paymentsOfBill } from '../../store/selectors';
import { AddItemForm } from './add-item-form';
import { BillItems } from './bill-items';
import { BillPayments } from './bill-payments';
import { CloseBillAction } from './close-bill-action';

/** `heading` is what the panel's title already says (the table); a bill named the same is not repeated. */
export function BillDetail({ bill, heading }: { bill: BillView; heading: string }) {
  const { t, i18n } = useTranslation();
  const allPayments = useAppState((s) => s.payments);
  const payments = useMemo(() => paymentsOfBill(bill, allPayments), [bill, allPayments]);
  const editable = bill.state === 'OPEN';
  const ownName = bill.name !== null && bill.name.trim() !== '' && bill.name.trim() !== heading;
  const money = (v: string) => formatMoney(v, bill.currency, i18n.language);

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
      <CloseBillAction bill={bill} payments={payments} />
    </div>
  );
}
