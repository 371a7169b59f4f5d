// The order inbox: guest orders as cards, the ones waiting for an answer first; today's
// answered ones below. A "Pause orders" switch stops new orders while the kitchen cannot take them.
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppState, useNow } from '../../services/app-context';
import { OrderCard } from './order-card';
import { isOpen, sortDone, sortOpen } from './order-text';
import { PauseSwitch } from './pause-switch';
import { usePrintTicket } from './print-ticket';

export function OrdersView() {
  const { t } = useTranslation();
  const all = useAppState((s) => s.orders);
  const paused = useAppState((s) => s.ordersPaused);
  // Once a second: the overdue marks and countdowns move on their own.
  const now = useNow(1000);
  const { open, done } = useMemo(() => {
    const list = Object.values(all);
    return { open: sortOpen(list.filter(isOpen)), done: sortDone(list.filter((o) => !isOpen(o))) };
  }, [all]);
  const { print, accepted, message } = usePrintTicket();

  return (
    <div className="orders-view">
      <div className="orders-toolbar">
        <h2>{t('orders.title')}</h2>
        <span className="orders-open-count">{t('orders.openCount', { count: open.length })}</span>
        <PauseSwitch />
      </div>
      {paused && (
        <p className="orders-paused" role="status">
          {t('orders.pausedBanner')}
        </p>
      )}
      {message}
      <section className="order-inbox" aria-label={t('orders.inbox')}>
        {open.length === 0 ? <p className="empty">{t('orders.none')}</p> : null}
        {/* Polite, additions only: a new order is read out without taking the focus away, and the
            countdowns ticking inside the cards are not. */}
        <div className="order-cards" aria-live="polite" aria-relevant="additions">
          {open.map((o) => (
            // Only a NEW order counts down: the others keep their memo through the clock's ticks.
            <OrderCard key={o.id} order={o} now={o.status === 'NEW' ? now : 0} onAccepted={accepted} onPrint={print} />
          ))}
        </div>
      </section>
      <section className="orders-done" aria-label={t('orders.done')}>
        <h3>{t('orders.done')}</h3>
        {done.length === 0 ? <p className="empty">{t('orders.noneDone')}</p> : null}
        <div className="order-cards">
          {done.map((o) => (
            <OrderCard key={o.id} order={o} now={0} onPrint={print} />
          ))}
        </div>
      </section>
    </div>
  );
}
