// The kitchen ticket of a guest order, print.html?ticket=<orderId>: where it goes (table
// or pickup time), when it came, each line with its quantity and note, the order's note; no prices,
// the kitchen cooks from it. Narrow, for an 80 mm receipt roll. Calls onReady once drawn.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CompanionApi, OrderView } from '../../../../preload/contract';
import { formatClock } from '../../format/time-text';
import { orderName } from '../orders/order-text';
import { PrintToolbar } from './print-toolbar';

export interface TicketSheetProps {
  api: CompanionApi;
  orderId: string;
  onReady(): void;
  onError(message: string): void;
  /** In a browser tab: Print and Back above the ticket (hidden on paper). */
  browserActions?: { print(): void; back(): void };
}

interface Loaded {
  order: OrderView | null;
  restaurant: string | null;
}

export function TicketSheet({ api, orderId, onReady, onError, browserActions }: TicketSheetProps) {
  const { t, i18n } = useTranslation();
  const [loaded, setLoaded] = useState<Loaded | null>(null);

  useEffect(() => {
    let live = true;
    const load = async () => {
      const snapshot = await api.getSnapshot();
      await i18n.changeLanguage(snapshot.settings.language);
      if (live) setLoaded({ order: (snapshot.orders ?? []).find((o) => o.id === orderId) ?? null, restaurant: snapshot.restaurantName });
    };
    load().catch(() => {
      if (live) onError('INTERNAL_ERROR');
    });
    return () => {
      live = false;
    };
  }, [api, orderId, i18n, onError]);

  // A ticket for an order that is gone is an error for the shell (it must not print a blank slip).
  useEffect(() => {
    if (!loaded) return;
    if (loaded.order) onReady();
    else onError('ORDER_NOT_FOUND');
  }, [loaded, onReady, onError]);

  if (!loaded) return <p role="status">{t('orders.ticket.loading')}</p>;
  if (!loaded.order)
    return (
      <p role="alert" className="error">
        {t('orders.ticket.notFound')}
      </p>
    );
  const order = loaded.order;
  return (
    <div className="ticket-page">
      {browserActions && <PrintToolbar actions={browserActions} printLabel={t('orders.ticket.print')} backLabel={t('orders.ticket.back')} />}
      <article className="ticket" aria-label={t('orders.ticket.title')} data-order-id={order.id}>
        <p className="ticket-kind">{t('orders.ticket.title')}</p>
        <h1 className="ticket-where">{orderName(t, order, i18n.language)}</h1>
        <p className="ticket-meta">
          {t('orders.received', { time: formatClock(order.created, i18n.language) })}
          {order.customerName ? ` · ${t('orders.customer', { name: order.customerName })}` : ''}
        </p>
        <table className="ticket-lines">
          <thead>
            <tr>
              <th scope="col">{t('orders.ticket.quantity')}</th>
              <th scope="col">{t('orders.ticket.item')}</th>
            </tr>
          </thead>
          <tbody>
            {order.items.map((line, i) => (
              <tr key={`${line.id}-${i}`}>
                <td className="ticket-qty">{line.quantity}×</td>
                <td>
                  {line.name}
                  {line.note && <div className="ticket-line-note">{line.note}</div>}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {order.note && <p className="ticket-note">{t('orders.note', { note: order.note })}</p>}
        {loaded.restaurant && <p className="ticket-restaurant">{loaded.restaurant}</p>}
      </article>
    </div>
  );
}
