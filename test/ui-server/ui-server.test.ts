import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startUiServer, UI_CSP, type UiServer } from '../../main/adapters/ui-server/index.js';
import { memoryLogger } from '../ui-bridge/memory-log.js';
import { connectBridge, upgradeStatus, type BridgeClient } from './bridge-client.js';
import { cookieFrom, rawRequest } from './raw-http.js';
import { recordingApi, SNAPSHOT, type RecordingApi } from './recording-api.js';
import { waitFor } from './wait-for.js';

let dir: string;
let staticDir: string;
let server: UiServer;
let api: RecordingApi;
let base: string;
let memory: ReturnType<typeof memoryLogger>;
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
  memory = memoryLogger();
  server = await startUiServer({ api, staticDir, host: '127.0.0.1', port: 0, log: memory.log });
  base = new URL(server.url).origin;
  session = cookieFrom(await rawRequest(base, `/?token=${server.token}`));
});

afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close()));
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The session cookie a browser holds after its one visit with the printed token. */
let session = '';
const cookie = () => ({ cookie: session });
const bridgeUrl = () => `${base.replace('http', 'ws')}/bridge`;
const open = async (headers: Record<string, string> = cookie()) => {
  const client = await connectBridge(bridgeUrl(), headers);
  clients.push(client);
  return client;
};

const rawGet = async (pathname: string, headers: Record<string, string>): Promise<number> => (await rawRequest(base, pathname, { headers })).status;

describe('pages with the cookie', () => {
  it('serves the app, its assets and the print page to the cookie, with the security headers', async () => {
    const page = await fetch(`${base}/`, { headers: cookie() });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.headers.get('content-security-policy')).toBe(UI_CSP);
    expect(page.headers.get('set-cookie')).toBeNull();
    expect(await page.text()).toContain('<title>Tableside</title>');
    const js = await fetch(`${base}/assets/app.js`, { headers: cookie() });
    expect(js.status).toBe(200);
    expect(js.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(js.headers.get('x-content-type-options')).toBe('nosniff');
    const print = await fetch(`${base}/print.html?tables=t1,t2`, { headers: cookie() });
    expect(print.status).toBe(200);
    expect(await print.text()).toContain('QR sheet');
  });

  it('refuses every request without the cookie or with a wrong one', async () => {
    for (const url of [`${base}/`, `${base}/?token=${'0'.repeat(64)}`, `${base}/assets/app.js`, `${base}/print.html`, `${base}/?token=short`]) {
      const res = await fetch(url, { redirect: 'manual' });
      expect(res.status, url).toBe(403);
      expect(await res.text()).toContain('Open the address printed by Tableside');
    }
    const wrongCookie = await fetch(`${base}/print.html`, { headers: { cookie: 'tableside_ui=nope' } });
    expect(wrongCookie.status).toBe(403);
  });

  it('refuses methods other than GET and HEAD', async () => {
    const res = await fetch(`${base}/`, { method: 'POST', body: '{}', headers: cookie() });
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
  it('refuses the upgrade without the cookie, with a wrong one, or from another site', async () => {
    expect(await upgradeStatus(bridgeUrl())).toBe(403);
    expect(await upgradeStatus(bridgeUrl(), { cookie: `tableside_ui=${'f'.repeat(64)}` })).toBe(403);
    expect(await upgradeStatus(bridgeUrl(), { ...cookie(), origin: 'http://evil.example' })).toBe(403);
    expect(await upgradeStatus(`${base.replace('http', 'ws')}/other`, cookie())).toBe(404);
    expect(api.listenerCount()).toBe(0);
  });

  it('accepts the cookie from a page of its own origin', async () => {
    const client = await open({ ...cookie(), origin: base });
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
    expect(reply.result).toEqual({ ok: false, error: { code: 'BAD_INPUT', params: { field: 'price', fields: 'price' }, action: 'addItem' } });
    const negative = await client.call('setItemQuantity', { billId: 'b1', itemId: 'i1', quantity: '-1' });
    expect(negative.result).toEqual({ ok: false, error: { code: 'BAD_INPUT', params: { field: 'quantity', fields: 'quantity' }, action: 'setItemQuantity' } });
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
    client.sendRaw(JSON.stringify({ id: 'x', cmd: 'reconnect', input: { apiKey: 'secret-key-1234' } }));
    await client.next((f) => f.id === null && (f.error as { message: string }).message === 'id: must be a whole number.', 'the id error');
    expect(api.calls).toEqual([]);
    // Each dropped frame is logged with the module tag and why, never with what it carried.
    const dropped = memory.lines().filter((l) => l.mod === 'ui-bridge' && l.level === 40);
    expect(dropped.map((l) => [l.msg, l.fault ?? l.cmd])).toEqual([
      ['bridge frame with an unknown command dropped', 'onEvent'],
      ['unreadable bridge frame dropped', 'bad-json'],
      ['unreadable bridge frame dropped', 'bad-id'],
    ]);
    expect(JSON.stringify(memory.lines())).not.toContain('secret-key-1234');
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

  it('sends the events of one tick (the views of one commit) in one write of its socket, in order', async () => {
    const client = await open();
    await waitFor(() => api.listenerCount() === 1, 'the subscription');
    // Every write the server makes on its side of the connection (its local port is the server's).
    const port = Number(new URL(base).port);
    type WriteFn = (this: Socket, ...args: unknown[]) => unknown;
    const proto = Socket.prototype as unknown as { _write: WriteFn; _writev: WriteFn };
    const { _write, _writev } = proto;
    let writes = 0;
    const counted = (original: WriteFn): WriteFn =>
      function (this: Socket, ...args: unknown[]) {
        if (this.localPort === port) writes++;
        return original.apply(this, args);
      };
    proto._write = counted(_write);
    proto._writev = counted(_writev);
    try {
      for (let i = 0; i < 20; i++) api.emit({ type: 'table-removed', seq: 100 + i, tableId: `t${i}` });
      await waitFor(() => client.frames.filter((f) => 'event' in f).length === 20, 'the 20 events');
    } finally {
      proto._write = _write;
      proto._writev = _writev;
    }
    expect(client.frames.map((f) => (f.event as { seq: number }).seq)).toEqual(Array.from({ length: 20 }, (_, i) => 100 + i));
    expect(writes).toBe(1);
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
