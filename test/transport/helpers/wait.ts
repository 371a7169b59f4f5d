import type { ConnectionState, ConnectionStatus, Transport } from '../../../main/adapters/connection/transport/types.js';

/** Resolves when the transport reaches a state matching `status` (now or later); bounded by a deadline. */
export function waitForState(transport: Transport, status: ConnectionStatus | ((s: ConnectionState) => boolean), timeoutMs = 15_000): Promise<ConnectionState> {
  const matches = typeof status === 'function' ? status : (s: ConnectionState) => s.status === status;
  return new Promise((resolve, reject) => {
    const now = transport.state();
    if (matches(now)) {
      resolve(now);
      return;
    }
    const timer = setTimeout(() => {
      off();
      reject(new Error(`state did not match within ${timeoutMs} ms; last: ${JSON.stringify(transport.state())}`));
    }, timeoutMs);
    const off = transport.onState((s) => {
      if (!matches(s)) return;
      clearTimeout(timer);
      off();
      resolve(s);
    });
  });
}

/** Counts onConnected events and lets a test wait for the n-th one. */
export class ConnectedCounter {
  count = 0;
  private readonly waiters: { n: number; resolve: () => void }[] = [];
  readonly off: () => void;

  constructor(transport: Transport) {
    this.off = transport.onConnected(() => {
      this.count += 1;
      for (const w of this.waiters.filter((w) => this.count >= w.n)) {
        this.waiters.splice(this.waiters.indexOf(w), 1);
        w.resolve();
      }
    });
  }

  waitFor(n: number, timeoutMs = 15_000): Promise<void> {
    if (this.count >= n) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`onConnected fired ${this.count} times, wanted ${n}`)), timeoutMs);
      this.waiters.push({ n, resolve: () => (clearTimeout(timer), resolve()) });
    });
  }
}

/** Bounded polling for conditions nothing signals (e.g. the sandbox's view); never an unbounded loop. */
export async function waitUntil(condition: () => boolean | Promise<boolean>, what: string, timeoutMs = 15_000, everyMs = 20): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await condition()) return;
    await new Promise((r) => setTimeout(r, everyMs));
  }
  throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
}

/** A pino-compatible destination that keeps log lines in memory, for asserting what was logged. */
export class LogSink {
  readonly lines: Record<string, unknown>[] = [];
  write(chunk: string): boolean {
    for (const line of chunk.split('\n')) if (line.trim()) this.lines.push(JSON.parse(line) as Record<string, unknown>);
    return true;
  }
  has(msg: string): boolean {
    return this.lines.some((l) => l.msg === msg);
  }
  text(): string {
    return this.lines.map((l) => JSON.stringify(l)).join('\n');
  }
}
