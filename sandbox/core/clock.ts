/**
 * The sandbox's own clock: a base time source plus an offset moved by POST /sandbox/clock.
 * It does not reuse main/base/clock.ts on purpose: the sandbox imports only main/wire from main/.
 */
export interface SandboxClock {
  now(): number;
  advance(ms: number): void;
  readonly offsetMs: number;
  /** Called after every advance (the order deadlines check what became overdue); returns the unsubscribe. */
  onAdvance(listener: () => void): () => void;
}

export function createSandboxClock(base: () => number = Date.now): SandboxClock {
  let offset = 0;
  const listeners = new Set<() => void>();
  return {
    now: () => base() + offset,
    advance(ms: number) {
      offset += ms;
      for (const l of [...listeners]) l();
    },
    get offsetMs() {
      return offset;
    },
    onAdvance(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
