import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { silentLogger } from '../../main/base/log.js';
import { startUiServer, type UiServer } from '../../main/adapters/ui-server/index.js';
import { recordingApi } from '../ui-server/recording-api.js';
import { ReceiverHarness } from '../webhook/helpers/receiver-harness.js';
import { bodyOf, exchange, getOver, headerOf, idleSockets } from './raw-client.js';

/** The browser-mode UI server and the webhook receiver under the same attacks as the POS API (test/pos-api/attacks.test.ts). */

const upgrade = (host: string, extra = '') =>
  `GET /bridge HTTP/1.1\r\nHost: ${host}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n${extra}\r\n`;

describe('the browser-mode UI server holds against abuse', () => {
  let dir: string;
  let ui: UiServer;
  let port: number;
  beforeEach(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'tableside-guard-ui-'));
    mkdirSync(path.join(dir, 'renderer'));
    writeFileSync(path.join(dir, 'renderer', 'index.html'), '<!doctype html><title>Tableside</title>');
    ui = await startUiServer({ api: recordingApi(), staticDir: path.join(dir, 'renderer'), host: '127.0.0.1', port: 0, log: silentLogger() });
    port = Number(new URL(ui.url).port);
  });
  afterEach(async () => {
    await ui.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('holds 256 idle sockets and closes the rest of 300', async () => {
    const idle = await idleSockets(port, 300);
    try {
      await idle.closedCount(44);
      expect(idle.open()).toHaveLength(256);
      // The printed URL's one exchange: the cookie and a 303 to the address without the token.
      expect(await getOver(idle.open()[0]!, `127.0.0.1:${port}`, `/?token=${ui.token}`)).toBe('HTTP/1.1 303 See Other');
    } finally {
      await idle.destroy();
    }
  });

  it('answers Host: evil.example 421 with a JSON code, token or not', async () => {
    const { text } = await exchange(port, `GET /?token=${ui.token} HTTP/1.1\r\nHost: evil.example\r\n\r\n`);
    expect(text).toMatch(/^HTTP\/1\.1 421 /);
    expect(bodyOf(text)).toMatchObject({ error: { code: 'MISDIRECTED_REQUEST' } });
    // The refused request did not use up the token: its one exchange still answers 303.
    expect((await exchange(port, `GET /?token=${ui.token} HTTP/1.1\r\nHost: localhost:${port}\r\nConnection: close\r\n\r\n`)).text).toMatch(/^HTTP\/1\.1 303 /);
  });

  it('refuses a bridge upgrade naming another host (421) or sent from another origin (403)', async () => {
    const session = (await fetch(`${ui.url}`, { redirect: 'manual' })).headers.get('set-cookie')?.split(';')[0];
    const cookie = `Cookie: ${session}\r\n`;
    expect((await exchange(port, upgrade('evil.example', cookie))).text).toMatch(/^HTTP\/1\.1 421 /);
    expect((await exchange(port, upgrade(`127.0.0.1:${port}`, `${cookie}Origin: http://evil.example\r\n`))).text).toMatch(/^HTTP\/1\.1 403 /);
  });

  it('answers an upload it does not take 405 with Connection: close and drops the socket', async () => {
    const head = `POST /?token=${ui.token} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Length: 5000000\r\n\r\n`;
    const { text } = await exchange(port, Buffer.concat([Buffer.from(head), Buffer.alloc(100_000, 0x61)]));
    expect(text).toMatch(/^HTTP\/1\.1 405 /);
    expect(headerOf(text, 'connection')).toBe('close');
  });
});

describe('the webhook receiver holds against abuse', () => {
  let h: ReceiverHarness;
  let port: number;
  beforeEach(async () => {
    h = await new ReceiverHarness().start({ publicUrl: 'https://pos.example.com' });
    port = Number(new URL(h.transport.url).port);
  });
  afterEach(async () => h.close());

  it('holds 256 idle sockets and closes the rest of 300', async () => {
    const idle = await idleSockets(port, 300);
    try {
      await idle.closedCount(44);
      expect(idle.open()).toHaveLength(256);
      expect(await getOver(idle.open()[0]!, `127.0.0.1:${port}`)).toBe('HTTP/1.1 404 Not Found');
    } finally {
      await idle.destroy();
    }
  });

  it("answers Host: evil.example 421 in the service's error shape; loopback and the public URL's host pass", async () => {
    const signed = h.signed('ping', []);
    const post = (host: string) =>
      `POST ${new URL(h.transport.url).pathname} HTTP/1.1\r\nHost: ${host}\r\n${Object.entries(signed.headers)
        .map(([k, v]) => `${k}: ${v}\r\n`)
        .join('')}Content-Length: ${Buffer.byteLength(signed.body)}\r\nConnection: close\r\n\r\n${signed.body}`;
    const evil = await exchange(port, post('evil.example'));
    expect(evil.text).toMatch(/^HTTP\/1\.1 421 /);
    expect(bodyOf(evil.text)).toEqual({ code: 'MISDIRECTED_REQUEST', message: expect.any(String) });
    expect((await exchange(port, post('pos.example.com'))).text).toMatch(/^HTTP\/1\.1 200 /);
    expect((await exchange(port, post(`127.0.0.1:${port}`))).text).toMatch(/^HTTP\/1\.1 200 /);
  });

  it('answers an upload over the limit 413 with Connection: close mid-body and drops the socket', async () => {
    const head = `POST ${new URL(h.transport.url).pathname} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\nContent-Length: 5000000\r\n\r\n`;
    const { text } = await exchange(port, Buffer.concat([Buffer.from(head), Buffer.alloc(100_000, 0x20)]));
    expect(text).toMatch(/^HTTP\/1\.1 413 /);
    expect(headerOf(text, 'connection')).toBe('close');
    expect(bodyOf(text)).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
  });
});
