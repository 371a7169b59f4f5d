// The kitchen ticket of an accepted order: print.html?ticket=<orderId> (views/print/ticket-sheet.tsx).
// A browser opens it in a new tab, which prints itself.
import { useCallback, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { OrderView } from '../../../../preload/contract';
import { useServices } from '../../app-context';

export function ticketUrl(orderId: string): string {
  return `print.html?${new URLSearchParams({ ticket: orderId, autoprint: '1' }).toString()}`;
}

export interface TicketPrinter {
  print(order: OrderView): void;
  /** Called after Accept. */
  accepted(order: OrderView): void;
  message: ReactNode;
}

export function usePrintTicket(): TicketPrinter {
  const { t } = useTranslation();
  const { openWindow } = useServices();
  const [done, setDone] = useState<string | null>(null);
  const print = useCallback(
    (order: OrderView) => {
      openWindow(ticketUrl(order.id));
      setDone(t('orders.printed'));
    },
    [openWindow, t],
  );
  const accepted = useCallback(() => undefined, []);
  return { print, accepted, message: done ? <p role="status">{done}</p> : null };
}
