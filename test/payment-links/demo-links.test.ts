import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCompanion } from '../../main/app/companion.js';
import type { Companion, DemoPort } from '../../main/base/host-types.js';
import { silentLogger } from '../../main/base/log.js';
import { runCommand } from '../../main/adapters/ui-bridge/command-schemas.js';
import { startSandbox, type Sandbox } from '../../sandbox/index.js';

/**
 * Demo mode: the embedded sandbox is the service, so payment links work with no key; the commands
 * go through the same argument schemas as the IPC and browser bridges (runCommand).
 */
describe('payment links in demo mode (the real companion, embedded sandbox)', () => {
  let dir: string;
  let companion: Companion;
  let embedded: Sandbox | null = null;
  const demo: DemoPort = async (options) => {
    embedded = await startSandbox(options);
    return embedded;
  };
  const held = () => (embedded!.state() as { restaurants: { staticLinks: { id: string; amount?: string; currency: string }[] }[] }).restaurants[0]!.staticLinks;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'tableside-links-'));
    companion = await createCompanion({ dataDir: path.join(dir, 'data'), settings: { environment: 'demo', posApiPort: 0 }, demo, log: silentLogger() });
    await companion.start();
  });
  afterAll(async () => {
    await companion?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it("creates a link in the till's currency, lists it, and deletes it, through the command border", async () => {
    const made = await runCommand(companion.api, 'createPaymentLink', { amount: '1250', description: 'Birthday deposit', unknownField: true });
    expect(made).toMatchObject({ ok: true, value: { amount: '1250.00', currency: 'CZK', description: 'Birthday deposit', state: 'active' } });
    const link = (made as { value: { id: string; url: string } }).value;
    expect(link.url.startsWith(`${embedded!.url}/link/`)).toBe(true);
    expect(held()).toEqual([expect.objectContaining({ id: link.id, amount: '1250.00', currency: 'CZK' })]);

    expect(await runCommand(companion.api, 'listPaymentLinks', undefined)).toMatchObject({
      ok: true,
      value: { links: [{ id: link.id, state: 'active' }], checkFailed: null },
    });
    // The argument schema refuses a wrong type before the core sees it; the core words the amount's rules.
    expect(await runCommand(companion.api, 'createPaymentLink', { amount: 12 })).toMatchObject({ ok: false, error: { code: 'BAD_INPUT' } });
    expect(await runCommand(companion.api, 'createPaymentLink', { amount: '12.999' })).toMatchObject({
      ok: false,
      error: { code: 'INVALID_AMOUNT', action: 'createPaymentLink', params: { reason: 'places' } },
    });
    expect(await runCommand(companion.api, 'deletePaymentLink', { linkId: link.id })).toEqual({ ok: true, value: null });
    expect(held()).toEqual([]);
    expect(await runCommand(companion.api, 'listPaymentLinks', undefined)).toMatchObject({ ok: true, value: { links: [] } });
    // No desktop shell here: printing answers UNSUPPORTED and the page prints itself.
    expect(await runCommand(companion.api, 'printPaymentLink', { linkId: link.id, mode: 'dialog' })).toMatchObject({
      ok: false,
      error: { code: 'UNSUPPORTED' },
    });
  });
});
