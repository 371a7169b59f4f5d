import type { AttentionEntry, AttentionKind } from '../../../preload/contract.js';
import type { ReadTx } from '../../store/index.js';
import { ATTENTION_SOURCES } from './registry.js';
import { attentionContext, type AttentionContext, type AttentionSource } from './sources/source.js';

// A stable sort: entries of the same instant keep their source's order (and the registry's).
const bySince = (a: AttentionEntry, b: AttentionEntry): number => (a.since < b.since ? -1 : a.since > b.since ? 1 : 0);

/** Everything not settled, oldest first: every source's entries at time `now` (a bare time: the default limits). */
export function listAttention(read: ReadTx, now: number | AttentionContext, sources: readonly AttentionSource[] = ATTENTION_SOURCES): AttentionEntry[] {
  const ctx = attentionContext(now);
  return sources.flatMap((s) => s.list(read, ctx)).sort(bySince);
}

/** One entry as it is listed now (its kind's source only), or null when it is not (any more). */
export function findEntry(
  read: ReadTx,
  now: number | AttentionContext,
  id: string,
  sources: readonly AttentionSource[] = ATTENTION_SOURCES,
): AttentionEntry | null {
  const source = sourceOf(id.slice(0, id.indexOf(':')), sources);
  return source?.list(read, attentionContext(now)).find((e) => e.id === id) ?? null;
}

export function sourceOf(kind: string, sources: readonly AttentionSource[] = ATTENTION_SOURCES): AttentionSource | null {
  return sources.find((s) => s.kind === (kind as AttentionKind)) ?? null;
}

/** The entry of a payment under one of `kinds`, as listed now. */
export function entryOfPayment(read: ReadTx, now: number, paymentId: string, kinds: AttentionKind[]): AttentionEntry | null {
  for (const kind of kinds) {
    const entry = findEntry(read, now, `${kind}:${paymentId}`);
    if (entry) return entry;
  }
  return null;
}
