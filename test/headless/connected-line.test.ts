import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../sandbox/index.js';
import { BEER, cleanup, PosApi, sandboxFor, tempDir } from '../integration/helpers/harness.js';
import { startHeadless } from '../integration/helpers/headless-process.js';

/** Guest payments go through only while the host's link is up: retry until one does (bounded). */
async function payWhenLinked(sandbox: Sandbox, table: string): Promise<void> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const paid = await sandbox.guestPay({ idTable: table, items: [{ id: 'beer', quantity: '1' }] }).catch((e: Error) => e);
    if (!(paid instanceof Error)) return;
    if (Date.now() > deadline) throw paid;
    await new Promise((r) => setImmediate(r));
  }
}

describe('the headless host says when its link is up', () => {
  let sandbox: Sandbox;
  const dataDir = tempDir();
  beforeAll(async () => {
    sandbox = await sandboxFor();
  });
  afterAll(async () => {
    await sandbox.close();
    cleanup(dataDir);
  });

  it('prints {"connected":true,"transport":"ws"} once, not again after a reconnect', async () => {
    const host = await startHeadless([
      '--data-dir',
      dataDir,
      '--service-url',
      sandbox.url,
      '--api-key',
      sandbox.restaurant.apiKey,
      '--pos-id',
      randomUUID(),
      '--transport',
      'ws',
      '--pos-api-port',
      '0',
      '--no-ui',
    ]);
    try {
      expect(await host.connected()).toEqual({ connected: true, transport: 'ws' });
      const pos = new PosApi(host.ready.posApi, host.ready.posApiToken);
      await pos.seed('c1', 'bc1', [BEER]);
      // Drop the link; a payment that goes through afterwards proves the host connected again.
      sandbox.injectFault({ kind: 'close-1001' });
      await payWhenLinked(sandbox, 'c1');
    } finally {
      host.child.kill('SIGTERM');
      expect(await host.exited).toBe(0);
    }
    expect(host.lines()).toEqual(['{"connected":true,"transport":"ws"}']);
  });

  it('prints it in demo mode too, against the embedded sandbox', async () => {
    const demoDir = tempDir();
    const host = await startHeadless(['--data-dir', demoDir, '--pos-api-port', '0', '--no-ui']);
    try {
      expect(host.ready.demo).toBe(true);
      expect(await host.connected()).toEqual({ connected: true, transport: 'ws' });
    } finally {
      host.child.kill('SIGTERM');
      expect(await host.exited).toBe(0);
      cleanup(demoDir);
    }
  });
});
