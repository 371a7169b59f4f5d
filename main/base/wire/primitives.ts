import { z } from 'zod';

/** Money, prices and quantities travel as decimal strings ("62", "62.50", "0.5"); never JS numbers. */
export const DecimalString = z.string().regex(/^-?\d{1,15}(\.\d{1,6})?$/, 'must be a decimal string such as "62.50"');

/** A decimal string that must not be negative (quantities, tips). */
export const NonNegativeDecimal = DecimalString.refine((s) => !s.startsWith('-'), 'must not be negative');

export const Currency = z.string().regex(/^[A-Z]{3}$/, 'must be an ISO 4217 code of three capital letters');

/**
 * The restaurant's one currency: who-am-i names none and Settings holds none, so it is this one.
 * Guest orders in another are refused, and so is a POS bill in another (docs/decisions/013).
 */
export const RESTAURANT_CURRENCY = 'CZK';

export const Id = z.string().min(1, 'must not be empty').max(200, 'must be at most 200 characters');

/** Pos-Id: a UUID (v4 in the sandbox, assigned in production). */
export const PosId = z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, 'must be a UUID');

/** Loose check of an API key: groups of lowercase alphanumerics joined by "-". Never log the key. */
export const ApiKey = z.string().regex(/^[a-z0-9]{4}(-[a-z0-9]{4}){4,5}$/, 'must look like xxxx-xxxx-xxxx-xxxx-xxxx');

/** Error body of the service (doc): message language follows Accept-Language. */
export const ErrorBody = z.object({
  code: z.string().nullable().optional().default(null),
  message: z.string(),
});
export type ErrorBody = z.infer<typeof ErrorBody>;
