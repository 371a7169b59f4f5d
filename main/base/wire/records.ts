import { z } from 'zod';
import { Currency, DecimalString, Id, NonNegativeDecimal } from './primitives.js';

/** Unknown fields are accepted and stripped everywhere (z.object strips by default). */

export const Table = z.object({ id: Id, name: z.string() });
export type Table = z.infer<typeof Table>;

export const Item = z.object({
  id: Id,
  name: z.string(),
  price: DecimalString,
  quantity: NonNegativeDecimal,
  minQuantity: NonNegativeDecimal.optional(),
  tags: z.array(z.string()).optional().default([]),
});
export type Item = z.infer<typeof Item>;

export const Bill = z.object({
  id: Id,
  currency: Currency,
  items: z.array(Item),
  name: z.string().nullable().optional(),
  created: z.string().optional(),
  additionalData: z.unknown().optional(),
  allowTip: z.boolean().optional().default(true),
  allowPartialPayment: z.boolean().optional().default(true),
  denyDiscounts: z.boolean().optional().default(false),
});
export type Bill = z.infer<typeof Bill>;

export const PaymentItem = z.object({
  id: Id,
  name: z.string().optional().default(''),
  price: DecimalString,
  quantity: NonNegativeDecimal,
  minQuantity: NonNegativeDecimal.optional(),
  tags: z.array(z.string()).optional().default([]),
});
export type PaymentItem = z.infer<typeof PaymentItem>;

export const Part = z.object({
  total: DecimalString,
  provider: z.object({ id: z.string(), name: z.string(), type: z.string() }),
});
export type Part = z.infer<typeof Part>;

/** Known states: PAID, CANCELLED (interface document); STARTED (ours) while open. Others pass through. */
export const PaymentState = z.string().min(1);
export const PAYMENT_STATES = ['STARTED', 'PAID', 'CANCELLED'] as const;

export const Payment = z.object({
  id: Id,
  idBill: Id,
  idCustomer: z.string().nullable().optional().default(null),
  currency: Currency,
  state: PaymentState,
  items: z.array(PaymentItem),
  parts: z.array(Part).optional().default([]),
  tipBrutto: NonNegativeDecimal.optional().default('0'),
  tipNetto: NonNegativeDecimal.optional().default('0'),
  additionalData: z.unknown().optional().default(null),
  discount: z.unknown().optional().default(null),
  timestamp: z.string().optional(),
  /** ours: how the payment is captured; "manual" ones are completed by the capture endpoint. */
  captureMode: z.enum(['auto', 'manual']).optional(),
});
export type Payment = z.infer<typeof Payment>;

export const ReceiptDeliveryType = z.enum(['QERKO_GENERATED', 'EMAIL', 'POSTPONED']);

export const Receipt = z.object({
  receiptInfo: z.object({
    billName: z.string().nullable().optional(),
    timestamp: z.string(),
    serial: z.string(),
  }),
  items: z.array(PaymentItem),
  taxInfo: z.array(z.unknown()).optional().default([]),
  fiscalInfo: z.unknown().optional().default(null),
  receiptDeliveryType: ReceiptDeliveryType,
  finalPrice: DecimalString.optional(),
});
export type Receipt = z.infer<typeof Receipt>;
