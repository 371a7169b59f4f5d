import { z } from 'zod';
import { Id, NonNegativeDecimal, type MethodError, type Payment } from '../../main/base/wire/index.js';

/** Bodies of POST /sandbox/guest/scan and /sandbox/guest/pay (sandbox control API). */
export const GuestScanRequest = z.object({
  idTable: Id,
  restaurantId: z.string().min(1).optional(),
});
export type GuestScanRequest = z.input<typeof GuestScanRequest>;

export const GuestPayRequest = z.object({
  idTable: Id,
  restaurantId: z.string().min(1).optional(),
  idBill: Id.optional(),
  /** Items and quantities to pay; default: everything unpaid on the bill. */
  items: z
    .array(z.object({ id: Id, quantity: NonNegativeDecimal }))
    .min(1, 'must name at least one item')
    .optional(),
  tip: NonNegativeDecimal.optional(),
  captureMode: z.enum(['auto', 'manual']).optional().default('auto'),
  outcome: z.enum(['paid', 'declined']).optional().default('paid'),
});
export type GuestPayRequest = z.input<typeof GuestPayRequest>;

export interface GuestStep {
  method: string;
  ms: number;
  ok: boolean;
  error?: MethodError;
}

/** paid | declined (card refused) | authorized (manual capture pending) | cancelled (the POS refused or did not answer). */
export type GuestOutcome = 'paid' | 'declined' | 'authorized' | 'cancelled';

export interface GuestPayResult {
  payment: Payment;
  steps: GuestStep[];
  outcome: GuestOutcome;
}

/** The card every simulated guest pays with. */
export const GUEST_CARD = { id: 'card-1', name: 'Visa •••• 4242', type: 'CARD' } as const;
