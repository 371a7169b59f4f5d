import { METHOD_ERROR, type MethodCallRequest } from '../../main/wire/index.js';
import { newId } from '../ids.js';
import type { CallOutcome } from './types.js';

export interface PendingCall {
  uuid: string;
  method: string;
  args: unknown[];
  /** Wall-clock ms when the call was made, and when it was written to the POS (null = still queued). */
  createdAt: number;
  deliveredAt: number | null;
  settle(outcome: CallOutcome): void;
}

/**
 * Calls waiting for the POS's answer, matched by uuid. Each call fails with TIMEOUT when not
 * answered within the budget, whether or not a transport ever delivered it.
 */
export class PendingCalls {
  private readonly calls = new Map<string, PendingCall>();

  constructor(
    private readonly timeoutMs: number,
    private readonly onSettled: (call: PendingCall, outcome: CallOutcome) => void = () => {},
  ) {}

  create(method: string, args: unknown[]): { call: PendingCall; done: Promise<CallOutcome> } {
    const uuid = newId();
    let settle!: (o: CallOutcome) => void;
    const done = new Promise<CallOutcome>((resolve) => {
      settle = resolve;
    });
    const timer = setTimeout(() => {
      this.settle(uuid, {
        error: { code: METHOD_ERROR.TIMEOUT, message: `The POS did not answer ${method} within ${this.timeoutMs} ms.` },
      });
    }, this.timeoutMs);
    const call: PendingCall = {
      uuid,
      method,
      args,
      createdAt: Date.now(),
      deliveredAt: null,
      settle: (o) => {
        clearTimeout(timer);
        settle(o);
      },
    };
    this.calls.set(uuid, call);
    return { call, done };
  }

  /** Resolves the call with that uuid; false when unknown (late answer after a time-out, or a stray uuid). */
  settle(uuid: string, outcome: CallOutcome): boolean {
    const call = this.calls.get(uuid);
    if (!call) return false;
    this.calls.delete(uuid);
    call.settle(outcome);
    this.onSettled(call, outcome);
    return true;
  }

  has(uuid: string): boolean {
    return this.calls.has(uuid);
  }

  failAll(code: string, message: string): void {
    for (const uuid of [...this.calls.keys()]) this.settle(uuid, { error: { code, message } });
  }

  list(): PendingCall[] {
    return [...this.calls.values()];
  }
}

export function requestOf(call: PendingCall): MethodCallRequest {
  return { uuid: call.uuid, method: call.method, args: call.args };
}
