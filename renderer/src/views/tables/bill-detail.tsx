// One bill: items, totals, payments, adding items and closing it.
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { BillView, PaymentView } from '../../../../preload/contract';
import { formatMoney, isZero } from '../../format/decimal-text';
import { paymentsOfBill } from '../../store/selectors';
import { AddItemForm } from './add-item-form';
import { usePaymentViews } from '../payments/use-payment-views';
import { BillItems } from './bill-items';
import { BillPayments } from './bill-payments';
import { CloseBillAction } from './close-bill-action';

/**
 * The bill's state in the words its table card uses: an open bill a guest is paying, or one paid
 * in part, says so (the card said "partly paid" while the sheet said "Open").
 */
function billStateWord(bill: BillView, payments: PaymentView[]): { word: string; key: string } {
  if (bill.state !== 'OPEN') return { key: `bill.state.${bill.state}`, word: bill.state.toLowerCase() };
  const paying = payments.some((p) => p.state === 'STARTED' || p.state === 'PROCESSED') || bill.items.some((i) => !isZero(i.lockedQuantity));
  if (paying) return { key: 'tables.state.in-payment', word: 'in-payment' };
  if (!isZero(bill.totals.paid) && !isZero(bill.totals.due)) return { key: 'tables.state.partly-paid', word: 'partly-paid' };
  return { key: 'bill.state.OPEN', word: 'open' };
}

/** `heading` is what the panel's title already says (the table); a bill named the same is not repeated. */
export function BillDetail({ bill, heading }: { bill: BillView; heading: string }) {
  const { t, i18n } = useTranslation();
  const allPayments = usePaymentViews(bill.paymentIds);
  const payments = useMemo(() => paymentsOfBill(bill, allPayments), [bill, allPayments]);
  const editable = bill.state === 'OPEN';
  const ownName = bill.name !== null && bill.name.trim() !== '' && bill.name.trim() !== heading;
  const money = (v: string) => formatMoney(v, bill.currency, i18n.language);
  const shown = billStateWord(bill, payments);

  return (
    <div className="stack">
      <p className="bill-state">
        {ownName && <span>{bill.name} · </span>}
        <span className={`badge bill-${shown.word}`}>{t(shown.key)}</span>
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
