// One guest order in the inbox: where it goes (table or pickup time), its lines and notes, how
// long it may still wait, and the staff's next steps: one press each, Reject asks the reason first.
import { memo, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OrderDecision, OrderView } from '../../../../preload/contract';
import { useApi, useAppState } from '../../services/app-context';
import { formatMoney } from '../../format/decimal-text';
import { formatClock } from '../../format/time-text';
import { useCommand } from '../common/use-command';
import { cancelsAt, isOverdue, minutesLeft, nextSteps, orderErrorText, orderName } from './order-text';
import { RejectReason, reasonText, type ReasonState } from './reject-reason';

export interface OrderCardProps {
  order: OrderView;
  now: number;
  /** After Accept: print the kitchen ticket (views/orders/print-ticket.ts). */
  onAccepted?(order: OrderView): void;
  onPrint?(order: OrderView): void;
}

export const OrderCard = memo(function OrderCard({ order, now, onAccepted, onPrint }: OrderCardProps) {
  const { t, i18n } = useTranslation();
  const name = orderName(t, order, i18n.language);
  const overdue = isOverdue(order, now);
  const headingId = `order-${order.id}-name`;
  const classes = ['order-card', `order-${order.status.toLowerCase()}`, overdue ? 'order-overdue' : ''].filter(Boolean).join(' ');
  return (
    <article className={classes} aria-labelledby={headingId} data-order-id={order.id} data-status={order.status}>
      <header className="order-head">
        <h3 id={headingId}>{name}</h3>
        <span className={`badge order-status order-status-${order.status.toLowerCase()}`}>{t(`orders.status.${order.status}`)}</span>
      </header>
      <OrderFacts order={order} now={now} overdue={overdue} />
      <OrderLines order={order} />
      {order.status === 'REJECTED' && order.rejectReason && <p className="order-reason">{t('orders.rejectedBecause', { reason: order.rejectReason })}</p>}
      {order.unsentStatuses > 0 && <p className="order-unsent">{t('orders.unsent')}</p>}
      <OrderActions order={order} name={name} onAccepted={onAccepted} onPrint={onPrint} />
    </article>
  );
});

function OrderFacts({ order, now, overdue }: { order: OrderView; now: number; overdue: boolean }) {
  const { t, i18n } = useTranslation();
  const cancel = cancelsAt(order);
  return (
    <div className="order-facts">
      <span>{t('orders.received', { time: formatClock(order.created, i18n.language) })}</span>
      {order.deliveryType === 'byCustomer' ? (
        <span className={order.paid ? 'order-paid' : 'order-unpaid'}>{t(order.paid ? 'orders.paid' : 'orders.notPaid')}</span>
      ) : (
        <OpenBill order={order} />
      )}
      {order.customerName && <span>{t('orders.customer', { name: order.customerName })}</span>}
      {overdue && cancel !== null && (
        <strong className="order-overdue-mark">
          {t('orders.overdue')} · {t('orders.cancelsIn', { time: minutesLeft(cancel - now) })}
        </strong>
      )}
      {!overdue && cancel !== null && order.overdueAt && <span>{t('orders.cancelsAt', { time: formatClock(order.overdueAt, i18n.language) })}</span>}
    </div>
  );
}

/** A table order's lines are on the table's bill: one press shows it in the Tables tab. */
function OpenBill({ order }: { order: OrderView }) {
  const { t } = useTranslation();
  const setTab = useAppState((s) => s.setTab);
  const selectTable = useAppState((s) => s.selectTable);
  const selectBill = useAppState((s) => s.selectBill);
  if (order.tableId === null || order.status === 'REJECTED' || order.status === 'CANCELLED') return <span>{t('orders.onBill')}</span>;
  const tableId = order.tableId;
  return (
    <button
      type="button"
      className="link"
      onClick={() => {
        setTab('tables');
        selectTable(tableId);
        if (order.billId) selectBill(order.billId);
      }}
    >
      {t('orders.openBill')}
    </button>
  );
}

function OrderLines({ order }: { order: OrderView }) {
  const { t, i18n } = useTranslation();
  return (
    <>
      <ul className="order-lines" aria-label={t('orders.lines')}>
        {order.items.map((line, i) => (
          <li key={`${line.id}-${i}`}>
            <span className="order-qty">{line.quantity}×</span> <span className="order-item">{line.name}</span>
            {line.note && <span className="order-line-note"> {t('orders.lineNote', { note: line.note })}</span>}
          </li>
        ))}
      </ul>
      {order.note && <p className="order-note">{t('orders.note', { note: order.note })}</p>}
      <p className="order-total">{t('orders.total', { amount: formatMoney(order.total, order.currency, i18n.language) })}</p>
    </>
  );
}

interface ActionsProps {
  order: OrderView;
  name: string;
  onAccepted?: ((order: OrderView) => void) | undefined;
  onPrint?: ((order: OrderView) => void) | undefined;
}

function OrderActions({ order, name, onAccepted, onPrint }: ActionsProps) {
  const { t, i18n } = useTranslation();
  const api = useApi();
  const { run, error, setError, pending } = useCommand();
  const [reason, setReason] = useState<ReasonState>({ choice: 'busy', text: '' });
  // Reject is two steps: the reason only shows once someone meant to reject, so a busy card stays short.
  const [rejecting, setRejecting] = useState(false);
  const group = useRef<HTMLDivElement>(null);
  const backPressed = useRef(false);
  const steps = nextSteps(order);
  const focusFirst = () => group.current?.querySelector<HTMLElement>('button:not([disabled]), select')?.focus();
  const decide = async (status: OrderDecision) => {
    const text = status === 'REJECTED' ? reasonText(t, reason) : '';
    if (status === 'REJECTED' && !text) {
      setError({ code: 'INVALID', message: 'reason: empty' });
      return;
    }
    const result = await run(() => api.setOrderStatus({ orderId: order.id, status, ...(text ? { reason: text } : {}) }));
    if (result.ok) setRejecting(false);
    if (result.ok && status === 'ACCEPTED') onAccepted?.(result.value);
    // The pressed button may be gone with the old status: keep the keyboard in this card.
    focusFirst();
  };
  const back = () => {
    setRejecting(false);
    setError(null);
    backPressed.current = true;
  };
  useEffect(() => {
    // The reason panel is gone: give the keyboard back to the Reject button.
    if (rejecting || !backPressed.current) return;
    backPressed.current = false;
    group.current?.querySelector<HTMLElement>('.order-step-rejected')?.focus();
  }, [rejecting]);
  // The kitchen works from the ticket between Accept and Complete; after that it is history.
  const printable = onPrint && order.closedState === null && (order.status === 'ACCEPTED' || order.status === 'PREPARING' || order.status === 'READY');
  if (steps.length === 0 && !printable && !error) return null;
  const asking = rejecting && steps.includes('REJECTED');
  return (
    <div className="order-actions" role="group" aria-label={t('orders.actionsOf', { name })} ref={group}>
      {asking ? (
        <div
          className="reject-step"
          onKeyDown={(e) => {
            if (e.key === 'Escape') {
              e.preventDefault();
              e.stopPropagation();
              back();
            }
          }}
        >
          <RejectReason state={reason} onChange={setReason} disabled={pending} autoFocus />
          <div className="order-buttons">
            <button type="button" className="order-step order-step-rejected-confirm danger" disabled={pending} onClick={() => void decide('REJECTED')}>
              {t('orders.rejectConfirm')}
            </button>
            <button type="button" disabled={pending} onClick={back}>
              {t('orders.rejectBack')}
            </button>
          </div>
        </div>
      ) : (
        <div className="order-buttons">
          {steps.map((s) => (
            <button
              key={s}
              type="button"
              className={`order-step order-step-${s.toLowerCase()}`}
              disabled={pending}
              onClick={() => {
                if (s !== 'REJECTED') void decide(s);
                else {
                  setError(null);
                  setRejecting(true);
                }
              }}
            >
              {t(`orders.action.${s}`)}
            </button>
          ))}
          {printable && (
            <button type="button" className="order-print" onClick={() => onPrint(order)}>
              {t('orders.printTicket')}
            </button>
          )}
        </div>
      )}
      {error && (
        <p role="alert" className="error" data-code={error.code}>
          {error.code === 'INVALID' && !reasonText(t, reason) ? t('orders.reasonMissing') : orderErrorText(t, i18n, error)}
        </p>
      )}
    </div>
  );
}
