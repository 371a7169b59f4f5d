import { randomUUID } from 'node:crypto';
import type { Clock, TimerHandle } from '../../../base/clock.js';
import type { MethodOutcome } from '../../../base/method-types.js';
import { METHOD_CALL_TIMEOUT_MS, type MethodCallResponseFrame, type MethodCallRequestFrame } from '../../../base/wire/index.js';

/** Ours: codes of a POS → service call that got no answer. */
export const SERVICE_CALL_ERROR = { NOT_CONNECTED: 'NOT_CONNECTED', TIMEOUT: 'TIMEOUT' } as const;

interface Pending {
  resolve(outcome: MethodOutcome): void;
  timer: TimerHandle;
}

/**
 * Calls the POS makes on the service over the WebSocket (`noop`, `whoAmI`), matched to their
 * method-call-response by uuid. They resolve with an outcome, never reject: a lost link or a
 * silent service is an error value the caller can show.
 */
export class OutgoingCalls {
  private readonly pending = new Map<string, Pending>();

  constructor(private readonly clock: Clock) {}

  call(send: ((frame: MethodCallRequestFrame) => boolean) | null, method: string, args: unknown[], timeoutMs = METHOD_CALL_TIMEOUT_MS): Promise<MethodOutcome> {
    if (!send) return Promise.resolve(notConnected());
    const uuid = randomUUID();
    return new Promise<MethodOutcome>((resolve) => {
      const timer = this.clock.setTimeout(() => {
        this.pending.delete(uuid);
        resolve({ error: { code: SERVICE_CALL_ERROR.TIMEOUT, message: `The payment service did not answer ${method} in time; try again.` } });
      }, timeoutMs);
      this.pending.set(uuid, { resolve, timer });
      if (!send({ type: 'method-call-request', uuid, method, args })) {
        this.clock.clearTimeout(timer);
        this.pending.delete(uuid);
        resolve(notConnected());
      }
    });
  }

  /** Returns false when no call waits for this uuid (a late or foreign answer). */
  settle(frame: MethodCallResponseFrame): boolean {
    if (frame.uuid === null) return false;
    const pending = this.pending.get(frame.uuid);
    if (!pending) return false;
    this.pending.delete(frame.uuid);
    this.clock.clearTimeout(pending.timer);
    pending.resolve(frame.error ? { error: frame.error } : { result: frame.result ?? null });
    return true;
  }

  /** The connection went away: every waiting call fails now instead of at its time-out. */
  failAll(): void {
    for (const [uuid, pending] of this.pending) {
      this.clock.clearTimeout(pending.timer);
      pending.resolve(notConnected());
      this.pending.delete(uuid);
    }
  }
}

function notConnected(): MethodOutcome {
  return { error: { code: SERVICE_CALL_ERROR.NOT_CONNECTED, message: 'Not connected to the payment service; wait for the connection and try again.' } };
}
