// A table's bill on the phone: lines with what is paid and being paid, totals, tips, payments;
// a waiter calls for help or the manager; a manager's unlocked phone also captures and closes.
// A waiter's phone shows no capture, close or refund at all (the till refuses them anyway).
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { StaffBill } from '../../../preload/staff-frames';
import { formatClock } from '../format/time-text';
import { ManagerActions, type ActionResult, ActionMessage, useAction } from './bill-actions';
import { money, useController, useStaff } from './staff-context';

function BillLines({ bill }: { bill: StaffBill }) {
  const { t, i18n } = useTranslation();
  const m = (v: string) => money(v, bill.currency, i18n.language);
  return (
    <section aria-label={t('bill.lines')}>
      <h3>{t('bill.lines')}</h3>
      <ul className="staff-lines">
        {bill.lines.map((line) => (
          <li key={line.id} className="staff-line">
            <span className="staff-line-name">
              {line.quantity} × {line.name}
            </span>
            <span className="staff-line-price">{m(line.price)}</span>
            {Number(line.paidQuantity) > 0 && <span className="staff-line-paid">{t('bill.paidQty', { qty: line.paidQuantity })}</span>}
            {Number(line.payingQuantity) > 0 && <span className="staff-line-paying">{t('bill.payingQty', { qty: line.payingQuantity })}</span>}
          </li>
        ))}
      </ul>
      <dl className="staff-totals">
        <dt>{t('bill.total')}</dt>
        <dd>{m(bill.total)}</dd>
        <dt>{t('bill.paid')}</dt>
        <dd>{m(bill.paid)}</dd>
        <dt>{t('bill.tips')}</dt>
        <dd>{m(bill.tips)}</dd>
        <dt className="staff-due">{t('bill.due')}</dt>
        <dd className="staff-due">{m(bill.due)}</dd>
      </dl>
    </section>
  );
}

function Payments({ bill, canCapture, capture }: { bill: StaffBill; canCapture: boolean; capture(paymentId: string): void }) {
  const { t, i18n } = useTranslation();
  if (bill.payments.length === 0) return null;
  return (
    <section aria-label={t('bill.payments')}>
      <h3>{t('bill.payments')}</h3>
      <ul className="staff-payments">
        {bill.payments.map((p) => {
          // Authorised and waiting for a manager's capture: the till says which, not the state's name.
          const state = p.captureNeeded ? 'capture_needed' : p.state.toLowerCase();
          return (
            <li key={p.id} className="staff-payment" data-state={state}>
              <span>{formatClock(p.at, i18n.language)}</span>
              <span>…{p.id.slice(-6)}</span>
              <span className="staff-payment-state">{t(`bill.paymentState.${state}`, { defaultValue: p.state })}</span>
              <span className="staff-payment-amount">
                {money(p.amount, bill.currency, i18n.language)}
                {Number(p.tip) > 0 && ` + ${money(p.tip, bill.currency, i18n.language)}`}
              </span>
              {canCapture && p.captureNeeded && (
                <button type="button" className="staff-capture" onClick={() => capture(p.id)}>
                  {t('bill.capture')}
                </button>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

function CallButtons({ tableId, run }: { tableId: string; run(action: () => Promise<ActionResult>): void }) {
  const { t } = useTranslation();
  const controller = useController();
  return (
    <div className="staff-calls">
      <button type="button" onClick={() => run(() => controller.call(tableId, 'help').then((o) => ({ ...o, done: 'bill.called' })))}>
        {t('bill.help')}
      </button>
      <button type="button" onClick={() => run(() => controller.call(tableId, 'manager').then((o) => ({ ...o, done: 'bill.called' })))}>
        {t('bill.manager')}
      </button>
    </div>
  );
}

export function BillView() {
  const { t } = useTranslation();
  const controller = useController();
  const open = useStaff((s) => s.open);
  const table = useStaff((s) => s.tables.find((x) => x.id === s.open?.tableId) ?? null);
  const role = useStaff((s) => s.deviceView?.role ?? s.device?.role ?? 'waiter');
  const until = useStaff((s) => s.managerUntil);
  const [expired, setExpired] = useState<string | null>(null);
  // The unlock ends on its own: the buttons go when it does. A phone whose clock is off by more
  // than the unlock keeps them until the till answers PIN_REQUIRED, which locks the page again.
  useEffect(() => {
    const left = until ? Date.parse(until) - Date.now() : 0;
    if (left <= 0) return;
    const timer = setTimeout(() => setExpired(until), left + 50);
    return () => clearTimeout(timer);
  }, [until]);
  const unlocked = until !== null && expired !== until;
  const [result, run] = useAction();
  if (!open) return null;
  const bill = open.bill;
  const name = bill?.tableName ?? table?.name ?? '';
  return (
    <div className="staff-bill" role="dialog" aria-modal="true" aria-label={name}>
      <header className="staff-bill-head">
        <button type="button" className="staff-back" onClick={() => controller.closeTable()}>
          {t('bill.back')}
        </button>
        <h2>{name}</h2>
      </header>
      <div className="staff-bill-body">
        {!bill && !open.error && <p role="status">{t('bill.loading')}</p>}
        {open.error && (
          <p role="alert" className="staff-error">
            {t(`errors.${open.error}`)}
          </p>
        )}
        {bill && bill.billId === null && <p>{t('bill.noBill')}</p>}
        {bill && bill.billId !== null && <BillLines bill={bill} />}
        {bill && (
          <Payments
            bill={bill}
            canCapture={role === 'manager' && unlocked}
            capture={(paymentId) => run(() => controller.capture(open.tableId, paymentId).then((o) => ({ ...o, done: 'bill.captured' })))}
          />
        )}
        <CallButtons tableId={open.tableId} run={run} />
        {role === 'manager' && <ManagerActions tableId={open.tableId} unlocked={unlocked} run={run} hasBill={!!bill?.billId} />}
        <ActionMessage result={result} />
      </div>
    </div>
  );
}
