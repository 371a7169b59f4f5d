import { Decimal } from 'decimal.js';
import { z } from 'zod';
import { Currency, DecimalString, Id, NonNegativeDecimal, OrderItem, type MethodError } from '../../main/base/wire/index.js';
import type { ServiceOrder } from '../core/order-records.js';
import type { GuestStep } from '../core/guest-schemas.js';

/** Body of POST /sandbox/guest/order: a table (toBill / toTable) or a pickup time (byCustomer), lines by menu item id. */
export const GuestOrderRequest = z
  .object({
    restaurantId: z.string().min(1).optional(),
    idTable: Id.optional(),
    /** ISO 8601 with offset, e.g. 2026-11-22T18:30:00+01:00. */
    pickupAt: z.iso.datetime({ offset: true, message: 'must be an ISO 8601 time with an offset' }).optional(),
    /** For a table order: toBill (default) or toTable. */
    delivery: z.enum(['toBill', 'toTable']).optional().default('toBill'),
    items: z
      .array(
        z.object({
          id: Id,
          quantity: NonNegativeDecimal.refine((q) => new Decimal(q).gt(0), 'must be more than 0'),
          note: z.string().max(500).optional(),
        }),
      )
      .min(1, 'must name at least one item')
      .max(200),
    note: z.string().max(1000).optional(),
    customerName: z.string().max(200).optional(),
    currency: Currency.optional().default('CZK'),
    /** Pickup orders are paid in advance: `declined` = the guest's card is refused. */
    outcome: z.enum(['paid', 'declined']).optional().default('paid'),
  })
  .superRefine((v, ctx) => {
    if ((v.idTable === undefined) === (v.pickupAt === undefined)) {
      ctx.addIssue({ code: 'custom', path: ['idTable'], message: 'give either idTable (an order to the table) or pickupAt (a pickup order), not both' });
    }
  });
export type GuestOrderRequest = z.input<typeof GuestOrderRequest>;

/** orderPrepare's answer (docs/PROTOCOL.md §5). */
export const PreparedOrder = z.object({ items: z.array(OrderItem).min(1), total: DecimalString, message: z.string().optional() });
/** orderStart's answer. */
export const StartedOrder = z.object({ idOrder: Id, billId: Id.nullable().optional() });

/**
 * placed: started (and for pickup paid), waiting for the staff; refused: orderPrepare refused it
 * (nothing was started); cancelled: it started but then failed (POS error, card declined).
 */
export type GuestOrderOutcome = 'placed' | 'refused' | 'cancelled';

export interface GuestOrderResult {
  idOrder: string;
  outcome: GuestOrderOutcome;
  /** The POS's refusal (orderPrepare or orderStart), when there was one. */
  error?: MethodError;
  billId: string | null;
  total: string | null;
  /** A copy of the service's record (null when orderPrepare refused: nothing was stored). */
  order: ServiceOrder | null;
  steps: GuestStep[];
}
