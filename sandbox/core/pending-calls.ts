import { performance } from 'node:perf_hooks';
import { METHOD_ERROR, type MethodCallRequest } from '../../main/base/wire/index.js';
import { newId } from './ids.js';
import type { CallOutcome } from './pos-channel.js';

export interface PendingCall {
  uuid: string;
  method: string;
  args: unknown[];
  /** Wall-clock ms when the call was made, and when it was written to the POS (null = still queued). */
  createdAt: number;
  deliveredAt: number | null;
  settle(outcome: CallOutcome): void;
}

interface Entry {
  call: PendingCall;
  /** performance.now() ms after which the call fails with TIMEOUT. */
  deadline: number;
}

/**
 * Calls waiting for the POS's answer, matched by uuid. Each call fails with TIMEOUT when not
 * answered within the budget, whether or not a transport ever delivered it.
 *
 * Every call has the same budget, so the oldest pending call (the first in the Map, which keeps
 * insertion order) is always the next to expire: one timer armed for it replaces a timer per call
 * (a payment makes five calls; arming and clearing a timer each was a visible cost).
 */
export class PendingCalls {
  private readonly calls = new Map<string, Entry>();
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly timeoutMs: number,
    private readonly onSettled: (call: PendingCall, outcome: CallOutcome) => void = () => {},
  ) {}

  create(method: string, args: unknown[]): { call: PendingCall; done: Promise<CallOutcome> } {
    let settle!: (o: CallOutcome) => void;
    const done = new Promise<CallOutcome>((resolve) => {
      settle = resolve;
    });
    const call: PendingCall = { uuid: newId(), method, args, createdAt: Date.now(), deliveredAt: null, settle };
    this.calls.set(call.uuid, { call, deadline: performance.now() + this.timeoutMs });
    this.timer ??= setTimeout(this.expire, this.timeoutMs);
    return { call, done };
  }

  /** Resolves the call with that uuid; false when unknown (late answer after a time-out, or a stray uuid). */
  settle(uuid: string, outcome: CallOutcome): boolean {
    const entry = this.calls.get(uuid);
    if (!entry) return false;
    this.calls.delete(uuid);
    // Nothing left to time out: no timer may keep the process alive.
    if (this.calls.size === 0 && this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    entry.call.settle(outcome);
    this.onSettled(entry.call, outcome);
    return true;
  }

  has(uuid: string): boolean {
    return this.calls.has(uuid);
  }

  failAll(code: string, message: string): void {
    for (const uuid of [...this.calls.keys()]) this.settle(uuid, { error: { code, message } });
  }

  list(): PendingCall[] {
    return [...this.calls.values()].map((e) => e.call);
  }

  /** Fails every call past its deadline (oldest first), then waits for the next oldest. */
  private readonly expire = (): void => {
    this.timer = null;
    const now = performance.now();
    for (const { call, deadline } of [...this.calls.values()]) {
      if (deadline > now) break;
      this.settle(call.uuid, {
        error: { code: METHOD_ERROR.TIMEOUT, message: `The POS did not answer ${call.method} within ${this.timeoutMs} ms.` },
      });
    }
    const next = this.calls.values().next();
    if (!next.done) this.timer ??= setTimeout(this.expire, Math.max(1, Math.ceil(next.value.deadline - now)));
  };
}

export function requestOf(call: PendingCall): MethodCallRequest {
  return { uuid: call.uuid, method: call.method, args: call.args };
}
