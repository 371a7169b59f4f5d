import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS } from '../../main/base/http-guard/index.js';
import { silentLogger } from '../../main/base/log.js';
import { startUiServer, type UiServer } from '../../main/adapters/ui-server/index.js';
import { startApi } from '../pos-api/helpers.js';
import { recordingApi } from '../ui-server/recording-api.js';
import { ReceiverHarness } from '../webhook/helpers/receiver-harness.js';
import { exchange, getOver, idleSockets } from './raw-client.js';

/**
 * The three local servers as shipped (no limits passed): a socket that never sends a byte is
 * closed at the first-byte deadline, so silent sockets cannot hold the POS out of its own API.
 */
describe('silent sockets at the shipped limits', () => {
  let dir: string;
  let api: Awaited<ReturnType<typeof startApi>>;
  let ui: UiServer;
  let webhook: ReceiverHarness;
  const ports: Record<string, number> = {};

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'tableside-silent-'));
    mkdirSync(path.join(dir, 'renderer'));
    writeFileSync(path.join(dir, 'renderer', 'index.html'), '<!doctype html><title>Tableside</title>');
    api = await startApi();
    ui = await startUiServer({ api: recordingApi(), staticDir: path.join(dir, 'renderer'), host: '127.0.0.1', port: 0, log: silentLogger() });
    webhook = await new ReceiverHarness().start({ publicUrl: 'https://pos.example.com' });
    ports.posApi = api.api.port;
    ports.ui = Number(new URL(ui.url).port);
    ports.webhook = Number(new URL(webhook.transport.url).port);
  });
  afterAll(async () => {
    await api.stop();
    await ui.close();
    await webhook.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('the POS API, the UI server and the webhook receiver each close a silent socket at the first-byte deadline', async () => {
    const deadline = DEFAULT_LIMITS.firstByteTimeoutMs;
    expect(deadline).toBe(10_000);
    const closed = await Promise.all(Object.values(ports).map((port) => exchange(port, '')));
    for (const { text, ms } of closed) {
      expect(text).toBe('');
      expect(ms).toBeGreaterThanOrEqual(deadline - 50);
      // Well before the 30 s idle limit, which never reaches such a socket on Node 20.
      expect(ms).toBeLessThan(DEFAULT_LIMITS.idleTimeoutMs - 5_000);
    }
  }, 40_000);

  it('300 silent sockets lock the POS out only until the deadline: then its request is served', async () => {
    const idle = await idleSockets(ports.posApi!, 300);
    try {
      await idle.closedCount(300);
      expect(idle.open()).toHaveLength(0);
      const { text } = await exchange(ports.posApi!, `GET /v1/openapi.json HTTP/1.1\r\nHost: 127.0.0.1:${ports.posApi}\r\nConnection: close\r\n\r\n`);
      expect(text).toMatch(/^HTTP\/1\.1 200 /);
    } finally {
      await idle.destroy();
    }
  }, 40_000);

  it('a socket that has spoken is not cut by the first-byte deadline', async () => {
    const [socket] = (await idleSockets(ports.ui!, 1)).open();
    expect(await getOver(socket!, `127.0.0.1:${ports.ui}`, '/nothing-here')).toMatch(/^HTTP\/1\.1 \d{3} /);
    socket!.destroy();
  });
});
