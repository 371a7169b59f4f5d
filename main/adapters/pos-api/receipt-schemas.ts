import { z } from 'zod';
import { Id } from '../../base/wire/index.js';
import { Price, Quantity } from './schemas.js';

/**
 * The fiscal receipt the main POS gives for a POSTPONED payment (PUT /v1/payments/{id}/receipt),
 * in the interface document's Receipt shape. Checked like every POS API body: money with at most
 * 2 places, quantities 3, never rounded; a bad field is a 400 naming it. Unknown fields are dropped.
 */
const ReceiptLine = z.object({
  id: Id,
  name: z.string().min(1, 'must not be empty').max(500),
  price: Price,
  quantity: Quantity,
  tags: z.array(z.string().max(100)).max(50).optional().default([]),
});

const Timestamp = z
  .string()
  .max(64)
  .refine((s) => /^\d{4}-\d\d-\d\dT\d\d:\d\d/.test(s) && !Number.isNaN(Date.parse(s)), 'must be an ISO 8601 time such as "2026-11-22T21:15:00+01:00"');

export const ReceiptInput = z.object({
  receiptInfo: z.object({
    billName: z.string().max(500).nullable().optional(),
    timestamp: Timestamp,
    serial: z.string().min(1, 'must not be empty').max(100),
  }),
  items: z.array(ReceiptLine).min(1, 'must list at least one item').max(1000),
  taxInfo: z.array(z.unknown()).max(100).optional().default([]),
  /** The fiscal authority's data (signature codes, numbers): kept and sent as given. */
  fiscalInfo: z.unknown().optional().default(null),
  receiptDeliveryType: z.enum(['QERKO_GENERATED', 'EMAIL', 'POSTPONED']).optional().default('POSTPONED'),
  finalPrice: Price.optional(),
});
