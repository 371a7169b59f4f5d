/**
 * The sandbox's own clock: a base time source plus an offset moved by POST /sandbox/clock.
 * It does not reuse main/clock.ts on purpose: the sandbox imports only main/wire from main/.
 */
export interface SandboxClock {
  now(): number;
  advance(ms: number): void;
  readonly offsetMs: number;
}

export function createSandboxClock(base: () => number = Date.now): SandboxClock {
  let offset = 0;
  return {
    now: () => base() + offset,
    advance(ms: number) {
      offset += ms;
    },
    get offsetMs() {
      return offset;
    },
  };
}
