import { z } from 'zod';
import { Id, NonNegativeDecimal, command, returns } from './command-kit.js';
import type { GuestOrderResult } from './views.js';

const GuestPayInput = z.object({
  tableId: Id,
  billId: Id.optional(),
  items: z.array(z.object({ id: Id, quantity: NonNegativeDecimal })).optional(),
  tip: NonNegativeDecimal.optional(),
  outcome: z.enum(['paid', 'declined']).optional(),
});
export type GuestPayInput = z.output<typeof GuestPayInput>;

/** A guest's order in demo mode: onto a table's bill (`tableId`) or for pickup (`pickupAt`, paid in advance); the sandbox refuses both or neither by name. */
const GuestOrderInput = z.object({
  tableId: Id.optional(),
  pickupAt: z.iso.datetime({ offset: true, message: 'must be an ISO 8601 time with an offset' }).optional(),
  /** Menu item ids. */
  items: z
    .array(z.object({ id: Id, quantity: NonNegativeDecimal, note: z.string().trim().max(500).optional() }))
    .min(1, 'must name at least one item')
    .max(200),
  note: z.string().trim().max(1000).optional(),
});
export type GuestOrderInput = z.output<typeof GuestOrderInput>;

/** Demo mode only: act as a guest against the embedded sandbox. */
export const DEMO_COMMANDS = {
  guestPay: command(GuestPayInput, returns<{ paymentId: string; state: string }>()),
  guestOrder: command(GuestOrderInput, returns<GuestOrderResult>()),
};
