// The kitchen ticket of an accepted order: print.html?ticket=<orderId> (views/print/ticket-sheet.tsx).
// The desktop app prints it from a hidden window, straight to the printer chosen in Settings when
// there is one (and then by itself on Accept), else through the print dialog. A browser opens the
// ticket in a new tab, which prints itself.
import { useCallback, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { OrderView } from '../../../../preload/contract';
import { useApi, useAppState, useServices } from '../../services/app-context';
import { CommandErrorText } from '../common/command-error';
import { useCommand } from '../common/use-command';

export function ticketUrl(orderId: string): string {
  return `print.html?${new URLSearchParams({ ticket: orderId, autoprint: '1' }).toString()}`;
}

export interface TicketPrinter {
  /** The "Print ticket" button. */
  print(order: OrderView): void;
  /** After Accept: prints by itself only to a printer chosen in Settings (no dialog in a rush). */
  accepted(order: OrderView): void;
  /** What happened, for the view to show. */
  message: ReactNode;
}

export function usePrintTicket(): TicketPrinter {
  const { t } = useTranslation();
  const api = useApi();
  const { bridgeKind, openWindow } = useServices();
  const printer = useAppState((s) => s.settings?.printer ?? null);
  const { run, error } = useCommand();
  const [done, setDone] = useState<string | null>(null);

  const send = useCallback(
    async (order: OrderView, mode: 'silent' | 'dialog') => {
      setDone(null);
      const result = await run(() => api.printTicket({ orderId: order.id, mode }));
      if (result.ok) setDone(t('orders.printed'));
    },
    [api, run, t],
  );
  const print = useCallback(
    (order: OrderView) => {
      if (bridgeKind === 'browser') {
        openWindow(ticketUrl(order.id));
        return;
      }
      void send(order, printer ? 'silent' : 'dialog');
    },
    [bridgeKind, openWindow, printer, send],
  );
  const accepted = useCallback(
    (order: OrderView) => {
      if (bridgeKind !== 'browser' && printer) void send(order, 'silent');
    },
    [bridgeKind, printer, send],
  );
  const message = (
    <>
      {done && <p role="status">{done}</p>}
      <CommandErrorText error={error} />
    </>
  );
  return { print, accepted, message };
}
