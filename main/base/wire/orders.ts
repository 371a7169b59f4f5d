import { z } from 'zod';
import { Currency, DecimalString, Id, NonNegativeDecimal } from './primitives.js';

/** Guest orders (docs/PROTOCOL.md §5; shapes ours). Unknown fields are stripped. */

export const OrderItem = z.object({
  /** The menu item id. */
  id: Id,
  name: z.string().optional().default(''),
  price: DecimalString.optional(),
  quantity: NonNegativeDecimal,
  note: z.string().max(500).nullable().optional(),
});
export type OrderItem = z.infer<typeof OrderItem>;

export const DELIVERY_TYPES = ['toBill', 'toTable', 'byCustomer'] as const;

export const Order = z.object({
  id: Id,
  currency: Currency,
  delivery: z.object({
    type: z.enum(DELIVERY_TYPES),
    idTable: Id.nullable().optional(),
    idBill: Id.nullable().optional(),
    pickupAt: z.string().max(64).nullable().optional(),
  }),
  items: z.array(OrderItem).min(1, 'an order needs at least one item').max(200),
  note: z.string().max(1000).nullable().optional(),
  customer: z
    .object({ name: z.string().max(200).nullable().optional() })
    .nullable()
    .optional(),
});
export type Order = z.infer<typeof Order>;

/** orderClose states (doc). */
export const ORDER_CLOSE_STATES = ['COMPLETED', 'CANCELLED'] as const;
