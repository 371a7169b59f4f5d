import { randomUUID } from 'node:crypto';
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../sandbox/index.js';
import { BEER, cleanup, PosApi, sandboxFor, tempDir } from './helpers/harness.js';
import { startHeadless } from './helpers/headless-process.js';

/** A port that was free a moment ago: the public URL must name it before the host starts. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as { port: number };
  await new Promise((r) => server.close(r));
  return port;
}

describe('the headless host on the webhook transport', () => {
  let sandbox: Sandbox;
  const dataDir = tempDir();
  beforeAll(async () => {
    sandbox = await sandboxFor({ webhookPingMs: 0 });
  });
  afterAll(async () => {
    await sandbox.close();
    cleanup(dataDir);
  });

  it('registers its public URL, names it in the ready line, and takes a guest payment over signed webhooks', async () => {
    const port = await freePort();
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
      'webhook',
      '--webhook-port',
      String(port),
      '--public-url',
      `http://127.0.0.1:${port}`,
      '--pos-api-port',
      '0',
      '--no-ui',
    ]);
    try {
      expect(host.ready).toMatchObject({ ready: true, transport: 'webhook', webhook: `http://127.0.0.1:${port}/webhook/default` });
      const pos = new PosApi(host.ready.posApi, host.ready.posApiToken);
      await pos.seed('w1', 'bw1', [BEER]);
      // The service sends to the registered URL once configure has gone through.
      const deadline = Date.now() + 15_000;
      let paid = await sandbox.guestPay({ idTable: 'w1', items: [{ id: 'beer', quantity: '1' }] }).catch((e: Error) => e);
      while (paid instanceof Error && Date.now() < deadline) {
        await new Promise((r) => setImmediate(r));
        paid = await sandbox.guestPay({ idTable: 'w1', items: [{ id: 'beer', quantity: '1' }] }).catch((e: Error) => e);
      }
      if (paid instanceof Error) throw paid;
      expect(paid.outcome).toBe('paid');
      expect((await pos.bill('bw1')).body.items[0]).toMatchObject({ paidQuantity: '1', lockedQuantity: '0' });
    } finally {
      host.child.kill('SIGTERM');
      expect(await host.exited).toBe(0);
    }
  });

  it('refuses --transport webhook against a service without a public URL, saying which flag is missing', async () => {
    await expect(
      startHeadless(['--data-dir', dataDir, '--service-url', sandbox.url, '--api-key', sandbox.restaurant.apiKey, '--transport', 'webhook', '--no-ui']),
    ).rejects.toThrow(/publicUrl: --transport webhook needs --public-url/);
  });
});
