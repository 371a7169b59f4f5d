import { z } from 'zod';
import { newId } from './ids.js';

/**
 * Injected faults (POST /sandbox/faults). Each is one-shot unless `count` says more. Connection
 * faults act on the live connection at once, or on the next one when none is open.
 */
export const FAULT_KINDS = [
  'drop',
  'close-1001',
  'close-4503',
  'http-503',
  'delay',
  'malformed-frame',
  'unknown-fields',
  'repeat-payment-closed',
  'no-pong',
  // The guest flow: the next payment is abandoned by the service once paymentStart succeeded.
  'abandon-payment',
  // Guest orders: the next order's orderStart, orderMarkAsPaid and orderClose are each sent twice.
  'repeat-order-calls',
  // v4 webhooks (sandbox/webhook): each acts on the restaurant's next delivery.
  'webhook-wrong-digest',
  'webhook-wrong-signature',
  'webhook-stale-created',
  'webhook-past-expires',
  'webhook-replay',
  'webhook-unknown-event',
] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];

/** Faults that act on the connection itself rather than on the next call. */
export const CONNECTION_FAULTS: readonly FaultKind[] = ['drop', 'close-1001', 'close-4503', 'malformed-frame', 'no-pong'];

export const FaultRequest = z.object({
  kind: z.enum(FAULT_KINDS),
  restaurantId: z.string().min(1).optional(),
  /** delay: how long each affected answer/delivery waits. */
  ms: z.number().int().min(0).max(600_000).optional(),
  /** http-503, delay: how many times (default 1). */
  count: z.number().int().min(1).max(10_000).optional(),
});
export type FaultRequest = z.input<typeof FaultRequest>;

export interface FaultRecord {
  id: string;
  kind: FaultKind;
  restaurantId: string;
  ms: number;
  remaining: number;
  requestedAt: string;
  applied: { at: string; detail: string }[];
}

/** A value, or the function that makes it when it is needed. */
export type Lazy<T> = T | (() => T);

export class FaultBook {
  private readonly records: FaultRecord[] = [];

  add(req: z.output<typeof FaultRequest>, restaurantId: string, nowIso: string): FaultRecord {
    const rec: FaultRecord = {
      id: newId(),
      kind: req.kind,
      restaurantId,
      ms: req.ms ?? 1000,
      remaining: req.count ?? 1,
      requestedAt: nowIso,
      applied: [],
    };
    this.records.push(rec);
    return rec;
  }

  /** The oldest fault of that kind still to apply for the restaurant (not consumed). */
  peek(restaurantId: string | null, kind: FaultKind): FaultRecord | null {
    return this.records.find((r) => r.kind === kind && r.remaining > 0 && (restaurantId === null || r.restaurantId === restaurantId)) ?? null;
  }

  /**
   * Consumes one application of a fault of that kind, if any is pending. `detail` and `nowIso` may
   * be functions: hot paths (every method call asks for `delay` and `unknown-fields`) then build
   * the strings only when a fault is actually taken.
   */
  take(restaurantId: string | null, kind: FaultKind, detail: Lazy<string>, nowIso: Lazy<string>): FaultRecord | null {
    const rec = this.peek(restaurantId, kind);
    if (rec) this.consume(rec, typeof detail === 'function' ? detail() : detail, typeof nowIso === 'function' ? nowIso() : nowIso);
    return rec;
  }

  consume(rec: FaultRecord, detail: string, nowIso: string): void {
    rec.remaining = Math.max(0, rec.remaining - 1);
    rec.applied.push({ at: nowIso, detail });
  }

  pendingConnectionFaults(restaurantId: string): FaultRecord[] {
    return this.records.filter((r) => r.restaurantId === restaurantId && r.remaining > 0 && CONNECTION_FAULTS.includes(r.kind));
  }

  list(): FaultRecord[] {
    return this.records;
  }
}

/** Adds unknown fields at every level of a call (the `unknown-fields` fault): a tolerant POS ignores them. */
export function withUnknownFields(value: unknown, depth = 0): unknown {
  if (depth > 20) return value;
  if (Array.isArray(value)) return value.map((v) => withUnknownFields(v, depth + 1));
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = withUnknownFields(v, depth + 1);
    out.sandboxUnknownField = { addedBy: 'sandbox', level: depth };
    return out;
  }
  return value;
}
