import { describe, expect, it } from 'vitest';
import type { CompanionEvent } from '../../preload/contract.js';
import { paymentsInProgress } from '../../main/features/updates/index.js';
import { BEER, liveCompanion } from '../integration/helpers/harness.js';

/**
 * The payment busy check on a real companion (SQLite store, WebSocket transport) against the real
 * sandbox: busy while a guest payment is in progress, idle once it is paid.
 */
describe('paymentsInProgress on the real core', () => {
  const live = liveCompanion('ws');

  it('says busy while a guest payment is PROCESSED and not yet PAID, and idle after', async () => {
    const api = live.pos.companion.api;
    const check = paymentsInProgress(api);
    await live.pos.pos.seed('u1', 'bu1', [BEER]);
    expect(await check.busy()).toBe(false);

    // Asked from inside the events, as the policy would be at that moment.
    const answers: Promise<{ state: string; busy: boolean }>[] = [];
    const heard = new Map<string, () => void>();
    const heardState = (state: string) => new Promise<void>((resolve) => heard.set(state, resolve));
    const processed = heardState('PROCESSED');
    const paidSeen = heardState('PAID');
    const off = api.onEvent((event: CompanionEvent) => {
      if (event.type !== 'payment') return;
      const state = event.payment.state;
      answers.push(Promise.resolve(check.busy()).then((busy) => ({ state, busy })));
      heard.get(state)?.();
    });
    // Manual capture stops the guest's flow after paymentProcessed: the payment stays PROCESSED
    // (the money held) until the cashier captures it; then the service closes it PAID.
    const authorized = await live.sandbox.guestPay({ idTable: 'u1', captureMode: 'manual' });
    expect(authorized.outcome).toBe('authorized');
    await processed;
    expect(await check.busy()).toBe(true);
    expect((await api.capturePayment({ paymentId: authorized.payment.id })).ok).toBe(true);
    await paidSeen;
    off();
    const seen = await Promise.all(answers);
    expect(seen.map((s) => s.state)).toEqual(expect.arrayContaining(['PROCESSED', 'PAID']));
    for (const s of seen) expect(s, s.state).toEqual({ state: s.state, busy: s.state !== 'PAID' });
    expect(await check.busy()).toBe(false);
  });
});
