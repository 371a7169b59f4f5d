import { z } from 'zod';
import { Id, Print, command, returns } from './command-kit.js';
import type { MenuEntry, OrderView } from './views.js';

/** The cashier's side of the menu and the order inbox. */
export const ORDER_COMMANDS = {
  /** Sold out / back on the menu; the service hears of it within the 2 s grouping. */
  setMenuItemAvailable: command(z.object({ itemId: Id, available: z.boolean() }), returns<MenuEntry>()),
  /** A staff decision; REJECTED needs a reason the guest sees. Sent to the service until it accepts. */
  setOrderStatus: command(
    z.object({ orderId: Id, status: z.enum(['ACCEPTED', 'PREPARING', 'READY', 'COMPLETE', 'REJECTED']), reason: z.string().trim().max(500).optional() }),
    returns<OrderView>(),
  ),
  setOrdersPaused: command(z.object({ paused: z.boolean() }), returns<{ paused: boolean }>()),
  /** What the service holds for the order (get-<svc>-order-status). */
  getServiceOrderStatus: command(z.object({ orderId: Id }), returns<{ status: string }>()),
  /** The kitchen ticket (print.html?ticket=<orderId>); browser mode answers UNSUPPORTED. */
  printTicket: command(z.object({ orderId: Id, mode: Print }), returns<{ pdfPath: string | null }>()),
};
