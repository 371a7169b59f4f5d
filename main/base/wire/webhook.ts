import { z } from 'zod';
import { MethodError } from './calls.js';

/** v4 webhook delivery body (ours where the interface document is silent). Times are unix seconds. */
export const WebhookDelivery = z.object({
  id: z.string().min(1),
  event: z.string().min(1),
  created: z.number().int(),
  expires: z.number().int(),
  args: z.array(z.unknown()).optional().default([]),
});
export type WebhookDelivery = z.infer<typeof WebhookDelivery>;

export const WebhookAnswer = z.union([z.object({ error: MethodError }), z.object({ result: z.unknown() }).transform((r) => ({ result: r.result ?? null }))]);
export type WebhookAnswer = { result: unknown } | { error: z.infer<typeof MethodError> };

export const WebhookReply = z.object({
  id: z.string().min(1),
  result: z.unknown().optional(),
  error: MethodError.optional(),
});
export type WebhookReply = z.infer<typeof WebhookReply>;

export const ConfigureRequest = z.object({ webhookUrl: z.string().url() });
export const GetPaymentRequest = z.object({ paymentId: z.string().min(1) });

export const WEBHOOK_HEADERS = {
  contentDigest: 'content-digest',
  signatureInput: 'signature-input',
  signature: 'signature',
  signatureSha256: 'signature-sha256',
} as const;

/** Components covered by the RFC 9421 signature, in order (ours). */
export const WEBHOOK_SIGNED_COMPONENTS = ['@method', '@path', 'content-type', 'content-digest'] as const;
export const WEBHOOK_SIGNATURE_LABEL = 'sig1';
export const WEBHOOK_ALG = 'hmac-sha256';
export const WEBHOOK_BUDGET_MS = 15_000;
export const WEBHOOK_CREATED_TOLERANCE_S = 60;
export const WEBHOOK_MAX_ATTEMPTS = 3;
export const WEBHOOK_EVENTS = [
  'ping',
  'error',
  'noop',
  'getTableList',
  'getTableContents',
  'getBill',
  'paymentStart',
  'paymentProcessed',
  'paymentClosed',
  'getPostponedReceipt',
  'getMealMenus',
  'orderPrepare',
  'orderStart',
  'orderMarkAsPaid',
  'orderClose',
] as const;
