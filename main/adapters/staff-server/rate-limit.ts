/**
 * A fixed-window counter per key (a remote address) and one over all keys: pairing attempts and
 * failed session proofs. Memory is bounded: windows that ended are forgotten when the map grows.
 */
export interface RateLimit {
  /** Counts one attempt by `key`; refused (with when to retry, in ms) once either limit is spent. */
  take(key: string): { ok: true } | { ok: false; retryAfterMs: number };
  /** Whether `key` (or everyone) is over the limit now, without counting. */
  blocked(key: string): number | null;
}

export function createRateLimit(o: { perKey: number; overall: number; windowMs: number; now?: () => number }): RateLimit {
  const now = o.now ?? Date.now;
  const windows = new Map<string, { start: number; count: number }>();
  let all = { start: 0, count: 0 };
  const current = (w: { start: number; count: number } | undefined, t: number) => (w && t - w.start < o.windowMs ? w : { start: t, count: 0 });
  const retry = (w: { start: number }, t: number) => Math.max(1, w.start + o.windowMs - t);

  function blocked(key: string): number | null {
    const t = now();
    all = current(all, t);
    if (all.count >= o.overall) return retry(all, t);
    const w = current(windows.get(key), t);
    return w.count >= o.perKey ? retry(w, t) : null;
  }

  return {
    blocked,
    take(key) {
      const wait = blocked(key);
      if (wait !== null) return { ok: false, retryAfterMs: wait };
      const t = now();
      if (windows.size > 10_000) for (const [k, w] of windows) if (t - w.start >= o.windowMs) windows.delete(k);
      const w = current(windows.get(key), t);
      w.count += 1;
      windows.set(key, w);
      all.count += 1;
      return { ok: true };
    },
  };
}
