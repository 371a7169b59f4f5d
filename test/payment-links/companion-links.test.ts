import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompanionEvent } from '../../preload/contract.js';
import { createCompanion } from '../../main/app/companion.js';
import { ManualClock } from '../../main/base/clock.js';
import type { Companion, DemoPort } from '../../main/base/host-types.js';
import { silentLogger } from '../../main/base/log.js';
import { LINK_CHECK_MS } from '../../main/features/payment-links/index.js';
import { startSandbox, type Sandbox } from '../../sandbox/index.js';

/**
 * The composition root's wiring: one set of links behind the cashier's commands, the POS API and the
 * background check on the app's clock, whose news reaches the screen as a `payment-link` event.
 */
describe('payment links in the real companion (demo mode, embedded sandbox)', () => {
  let dir: string;
  let companion: Companion;
  let embedded: Sandbox | null = null;
  const clock = new ManualClock();
  const demo: DemoPort = async (options) => {
    embedded = await startSandbox(options);
    return embedded;
  };

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'tableside-links-'));
    companion = await createCompanion({ dataDir: path.join(dir, 'data'), settings: { environment: 'demo', posApiPort: 0 }, demo, clock, log: silentLogger() });
    await companion.start();
  });
  afterAll(async () => {
    await companion?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('a link made through the POS API and paid by a guest reaches the screen on the timer, and the POS API reads it paid', async () => {
    const pos = (method: string, p: string, body?: unknown) =>
      fetch(`${companion.posApiUrl}${p}`, {
        method,
        headers: { authorization: `Bearer ${companion.posApiToken}`, ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
    const made = await pos('POST', '/payment-links', { amount: '300', description: 'Deposit, Friday' });
    expect(made.status).toBe(201);
    const link = (await made.json()) as { id: string; state: string };
    expect(link.state).toBe('active');
    // The cashier's list holds the same link.
    expect(await companion.api.listPaymentLinks()).toMatchObject({ ok: true, value: { links: [{ id: link.id, state: 'active' }] } });

    // The event is awaited, not polled: the background round sends it once it has stored the payment.
    let off = () => {};
    const news = new Promise<CompanionEvent>((resolve) => {
      off = companion.api.onEvent(resolve, ['payment-link']);
    });
    const { payment } = embedded!.guestPayLink({ linkId: link.id });
    await clock.advanceAsync(LINK_CHECK_MS);
    const event = await news;
    off();
    expect(event).toMatchObject({ type: 'payment-link', link: { id: link.id, state: 'paid', payment: { id: payment.id, amount: '300.00' } } });
    const read = (await (await pos('GET', `/payment-links/${link.id}`)).json()) as { state: string; payment: { id: string } };
    expect([read.state, read.payment.id]).toEqual(['paid', payment.id]);
    expect((await pos('DELETE', `/payment-links/${link.id}`)).status).toBe(409);
  });
});
