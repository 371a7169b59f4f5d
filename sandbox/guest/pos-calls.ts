import { performance } from 'node:perf_hooks';
import type { SandboxCore } from '../core/core.js';
import { isError, type CallOutcome } from '../core/pos-channel.js';
import type { GuestStep } from '../core/guest-schemas.js';

/**
 * Calls a POS method through the restaurant's current channel (whichever transport it uses) and
 * records the step. The channel is looked up per call, so a POS that reconnected is reached.
 */
export async function callPos(core: SandboxCore, restaurantId: string, method: string, args: unknown[], steps?: GuestStep[]): Promise<CallOutcome> {
  const started = performance.now();
  const channel = core.channels.live(restaurantId);
  const outcome: CallOutcome = channel
    ? await channel.call(method, args)
    : { error: { code: 'CONNECTION_LOST', message: 'No POS connection is open for this restaurant.' } };
  const ms = Math.round((performance.now() - started) * 100) / 100;
  steps?.push(isError(outcome) ? { method, ms, ok: false, error: outcome.error } : { method, ms, ok: true });
  if (core.logging) core.log(`call ${method} restaurant=${restaurantId} ${isError(outcome) ? `failed ${outcome.error.code}` : 'ok'} in ${ms} ms`);
  return outcome;
}

/** paymentClosed, sent twice when the `repeat-payment-closed` fault is pending (the POS must be idempotent). */
export async function sendPaymentClosed(core: SandboxCore, restaurantId: string, idPayment: string, state: string, steps?: GuestStep[]): Promise<CallOutcome> {
  const repeat = core.faults.take(restaurantId, 'repeat-payment-closed', () => `paymentClosed ${idPayment}`, core.nowIsoFn);
  const first = await callPos(core, restaurantId, 'paymentClosed', [idPayment, state], steps);
  if (!repeat) return first;
  return callPos(core, restaurantId, 'paymentClosed', [idPayment, state], steps);
}
