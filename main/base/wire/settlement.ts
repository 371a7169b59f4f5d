import { z } from 'zod';

/**
 * How a bill closed with an amount still due was settled: one rule for the cashier's
 * closeBill command and the POS API's DELETE /v1/bills/{id} body. The store checks it again.
 */
export const Settlement = z.object({
  method: z.enum(['cash', 'card-at-counter', 'written-off', 'walkout'], { error: 'must be cash, card-at-counter, written-off or walkout' }),
  note: z.string().max(500, 'must be at most 500 characters').optional(),
});
export type Settlement = z.infer<typeof Settlement>;
