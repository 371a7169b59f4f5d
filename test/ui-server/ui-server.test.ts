import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { silentLogger } from '../../main/log.js';
import { startUiServer, UI_CSP, type UiServer } from '../../main/ui-server/index.js';
import { connectBridge, upgradeStatus, type BridgeClient } from './bridge-client.js';
import { recordingApi, SNAPSHOT, type RecordingApi } from './recording-api.js';
import { waitFor } from './wait-for.js';

let dir: string;
let staticDir: string;
let server: UiServer;
let api: RecordingApi;
let base: string;
const clients: BridgeClient[] = [];

beforeEach(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'tableside-ui-'));
  staticDir = path.join(dir, 'renderer');
  mkdirSync(path.join(staticDir, 'assets'), { recursive: true });
  writeFileSync(path.join(staticDir, 'index.html'), '<!doctype html><title>Tableside</title>');
  writeFileSync(path.join(staticDir, 'print.html'), '<!doctype html><title>QR sheet</title>');
  writeFileSync(path.join(staticDir, 'assets', 'app.js'), 'console.log(1)');
  writeFileSync(path.join(dir, 'secret.txt'), 'outside the static folder');
  symlinkSync(path.join(dir, 'secret.txt'), path.join(staticDir, 'escape.txt'));
  api = recordingApi();
  server = await startUiServer({ api, staticDir, host: '127.0.0.1', port: 0, log: silentLogger() });
  base = new URL(server.url).origin;
});

afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close()));
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

const cookie = () => ({ cookie: `tableside_ui=${server.token}` });
const bridgeUrl = () => `${base.replace('http', 'ws')}/bridge`;
const open = async (headers: Record<string, string> = cookie()) => {
  const client = await connectBridge(bridgeUrl(), headers);
  clients.push(client);
  return client;
};

/** A raw GET, so the path reaches the server exactly as written (fetch would normalise "..") */
function rawGet(pathname: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const url = new URL(base);
    const req = request({ host: url.hostname, port: url.port, path: pathname, headers }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', reject);
    req.end();
  });
}

describe('the one-time token', () => {
  it('is 32 random bytes in hex, in the printed URL', () => {
    expect(server.token).toMatch(/^[0-9a-f]{64}$/);
    expect(server.url).toBe(`${base}/?token=${server.token}`);
    expect(base).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  });

  it('serves the app for the right token and trades it for a strict HttpOnly cookie', async () => {
    const res = await fetch(server.url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('content-security-policy')).toBe(UI_CSP);
    expect(res.headers.get('set-cookie')).toBe(`tableside_ui=${server.token}; HttpOnly; SameSite=Strict; Path=/`);
    expect(await res.text()).toContain('<title>Tableside</title>');
  });

  it('refuses every request without the token or with a wrong one', async () => {
    for (const url of [`${base}/`, `${base}/?token=${'0'.repeat(64)}`, `${base}/assets/app.js`, `${base}/print.html`, `${base}/?token=short`]) {
      const res = await fetch(url);
      expect(res.status, url).toBe(403);
      expect(await res.text()).toContain('Open the address printed by Tableside');
    }
    const wrongCookie = await fetch(`${base}/print.html`, { headers: { cookie: 'tableside_ui=nope' } });
    expect(wrongCookie.status).toBe(403);
  });

  it('lets assets and the print page through with the cookie or the query token', async () => {
    const js = await fetch(`${base}/assets/app.js`, { headers: cookie() });
    expect(js.status).toBe(200);
    expect(js.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(js.headers.get('x-content-type-options')).toBe('nosniff');
    const print = await fetch(`${base}/print.html?tables=t1,t2&token=${server.token}`);
    expect(print.status).toBe(200);
    expect(await print.text()).toContain('QR sheet');
  });

  it('refuses methods other than GET and HEAD', async () => {
    const res = await fetch(server.url, { method: 'POST', body: '{}' });
    expect(res.status).toBe(405);
  });
});

describe('static files', () => {
  it('never serves a file outside the static folder', async () => {
    for (const p of ['/../secret.txt', '/%2e%2e/secret.txt', '/assets/..%2f..%2fsecret.txt', '/..%5csecret.txt', '/escape.txt', '/%00index.html']) {
      expect(await rawGet(p, cookie()), p).toBe(404);
    }
  });

  it('answers 404 for missing files and folders', async () => {
    expect((await fetch(`${base}/nope.js`, { headers: cookie() })).status).toBe(404);
    expect((await fetch(`${base}/assets`, { headers: cookie() })).status).toBe(404);
  });
});

describe('the bridge WebSocket', () => {
  it('refuses the upgrade without the token, with a wrong one, or from another site', async () => {
    expect(await upgradeStatus(bridgeUrl())).toBe(403);
    expect(await upgradeStatus(`${bridgeUrl()}?token=${'f'.repeat(64)}`)).toBe(403);
    expect(await upgradeStatus(bridgeUrl(), { ...cookie(), origin: 'http://evil.example' })).toBe(403);
    expect(await upgradeStatus(`${base.replace('http', 'ws')}/other`, cookie())).toBe(404);
    expect(api.listenerCount()).toBe(0);
  });

  it('accepts the token in the query as well as in the cookie', async () => {
    const client = await connectBridge(`${bridgeUrl()}?token=${server.token}`, { origin: base });
    clients.push(client);
    const reply = await client.call('getSnapshot');
    expect(reply.result).toEqual(SNAPSHOT);
  });

  it('runs a command with validated input, dropping unknown fields', async () => {
    const client = await open();
    const reply = await client.call('addItem', { billId: 'b1', name: 'Soup', price: '62.50', quantity: '2', extra: 'ignored' });
    expect(reply.result).toEqual({ ok: true, value: { echoed: { billId: 'b1', name: 'Soup', price: '62.50', quantity: '2' } } });
    expect(api.calls).toEqual([{ name: 'addItem', input: { billId: 'b1', name: 'Soup', price: '62.50', quantity: '2' } }]);
  });

  it('answers bad input with an error naming the field and never calls the core', async () => {
    const client = await open();
    const reply = await client.call('addItem', { billId: 'b1', name: 'Soup', price: 62.5, quantity: '2' });
    expect(reply.result).toMatchObject({ ok: false, error: { code: 'BAD_INPUT' } });
    expect((reply.result as { error: { message: string } }).error.message).toMatch(/^addItem: price: .*Correct it and try again\.$/);
    const negative = await client.call('setItemQuantity', { billId: 'b1', itemId: 'i1', quantity: '-1' });
    expect((negative.result as { error: { message: string } }).error.message).toContain('quantity: must not be negative');
    expect(api.calls).toEqual([]);
  });

  it('calls commands without input and ignores what was sent with them', async () => {
    const client = await open();
    const reply = await client.call('reconnect', { anything: true });
    expect(reply.result).toEqual({ ok: true, value: { echoed: null } });
    expect(api.calls).toEqual([{ name: 'reconnect', input: undefined }]);
  });

  it('names unknown commands and malformed frames', async () => {
    const client = await open();
    const unknown = await client.call('onEvent', {});
    expect(unknown.error).toEqual({ code: 'UNKNOWN_COMMAND', message: 'cmd: "onEvent" is not a command of this app.' });
    client.sendRaw('not json');
    const bad = await client.next((f) => f.id === null, 'the malformed-frame error');
    expect(bad.error).toMatchObject({ code: 'BAD_REQUEST' });
    client.sendRaw(JSON.stringify({ id: 'x', cmd: 'reconnect' }));
    await client.next((f) => f.id === null && (f.error as { message: string }).message === 'id: must be a whole number.', 'the id error');
    expect(api.calls).toEqual([]);
  });

  it('pushes events to every page and unsubscribes a page that closed', async () => {
    const first = await open();
    const second = await open();
    await waitFor(() => api.listenerCount() === 2, 'two subscriptions');
    api.emit({ type: 'table-removed', seq: 8, tableId: 't1' });
    for (const client of [first, second]) {
      const frame = await client.next((f) => 'event' in f, 'the pushed event');
      expect(frame).toEqual({ event: { type: 'table-removed', seq: 8, tableId: 't1' } });
    }
    await first.close();
    await waitFor(() => api.listenerCount() === 1, 'the closed page to unsubscribe');
  });

  it('close() ends the pages, the subscriptions and the listener', async () => {
    const client = await open();
    const closed = new Promise<void>((resolve) => client.socket.once('close', () => resolve()));
    await server.close();
    await closed;
    expect(api.listenerCount()).toBe(0);
    await expect(fetch(server.url)).rejects.toThrow();
  });
});
