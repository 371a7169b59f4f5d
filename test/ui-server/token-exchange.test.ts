import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { silentLogger } from '../../main/base/log.js';
import { memoryLogger } from '../ui-bridge/memory-log.js';
import { startUiServer, type UiServer } from '../../main/adapters/ui-server/index.js';
import { connectBridge, upgradeStatus } from './bridge-client.js';
import { cookieFrom, rawRequest } from './raw-http.js';
import { recordingApi, SNAPSHOT } from './recording-api.js';

/**
 * Attacks on browser mode's one-time token, against the real UI server on 127.0.0.1: the printed
 * URL is exchanged once for an HttpOnly SameSite=Strict cookie and never works again, and the
 * token never travels in a later URL (the bridge socket, the print page).
 */

let dir: string;
let server: UiServer;
let base: string;
let firstVisit: string;
let memory: ReturnType<typeof memoryLogger>;

beforeEach(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'tableside-ui-token-'));
  const staticDir = path.join(dir, 'renderer');
  mkdirSync(staticDir);
  writeFileSync(path.join(staticDir, 'index.html'), '<!doctype html><title>Tableside</title>');
  writeFileSync(path.join(staticDir, 'print.html'), '<!doctype html><title>QR sheet</title>');
  memory = memoryLogger();
  server = await startUiServer({ api: recordingApi(), staticDir, host: '127.0.0.1', port: 0, log: memory.log });
  base = new URL(server.url).origin;
  firstVisit = `/?token=${server.token}`;
});

afterEach(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

const ws = () => `${base.replace('http', 'ws')}/bridge`;

describe('the printed URL', () => {
  it('carries 32 random bytes in hex, new on every start', async () => {
    expect(server.token).toMatch(/^[0-9a-f]{64}$/);
    expect(server.url).toBe(`${base}${firstVisit}`);
    expect(base).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const second = await startUiServer({ api: recordingApi(), staticDir: path.join(dir, 'renderer'), host: '127.0.0.1', port: 0, log: silentLogger() });
    expect(second.token).not.toBe(server.token);
    await second.close();
  });

  it('is traded once for a strict HttpOnly cookie and a redirect to the address without the token', async () => {
    const res = await rawRequest(base, firstVisit);
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('/');
    expect(res.headers['set-cookie']).toEqual([expect.stringMatching(/^tableside_ui=[0-9a-f]{64}; HttpOnly; SameSite=Strict; Path=\/$/)]);
    // The cookie is a session id of its own, never the printed token.
    expect(cookieFrom(res)).not.toContain(server.token);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toBe('');
    // The browser follows the redirect with the cookie: the app loads.
    const page = await rawRequest(base, '/', { headers: { cookie: cookieFrom(res) } });
    expect(page.status).toBe(200);
    expect(page.body).toContain('<title>Tableside</title>');
  });

  it('keeps the rest of the address when it drops the token', async () => {
    const res = await rawRequest(base, `/print.html?tables=t1&token=${server.token}&autoprint=1`);
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('/print.html?tables=t1&autoprint=1');
  });
});

describe('replaying the token', () => {
  it('is refused once the token was exchanged, in every place it could be replayed', async () => {
    expect((await rawRequest(base, firstVisit)).status).toBe(303);
    for (const replay of [firstVisit, `/print.html?tables=t1&token=${server.token}`, `/index.html?token=${server.token}`]) {
      const res = await rawRequest(base, replay);
      expect(res.status, replay).toBe(403);
      expect(res.headers['set-cookie'], replay).toBeUndefined();
      expect(res.body).toContain('already used');
    }
    expect((await rawRequest(base, firstVisit, { method: 'HEAD' })).status).toBe(403);
  });

  it('while the cookie keeps working, and a page that holds it only loses the token from the address', async () => {
    const cookie = cookieFrom(await rawRequest(base, firstVisit));
    expect((await rawRequest(base, '/', { headers: { cookie } })).status).toBe(200);
    expect((await rawRequest(base, '/print.html?tables=t1', { headers: { cookie } })).status).toBe(200);
    const again = await rawRequest(base, firstVisit, { headers: { cookie } });
    expect(again.status).toBe(303);
    expect(again.headers.location).toBe('/');
    expect(again.headers['set-cookie']).toBeUndefined();
  });

  it('never writes the token to the log, whatever was refused', async () => {
    const cookie = cookieFrom(await rawRequest(base, firstVisit));
    await rawRequest(base, firstVisit);
    await rawRequest(base, `/print.html?token=${server.token}`);
    await upgradeStatus(`${ws()}?token=${server.token}`, { origin: base });
    expect(await upgradeStatus(ws(), { cookie, origin: 'http://evil.example' })).toBe(403);
    const lines = memory.lines();
    expect(lines.filter((l) => l.mod === 'ui-server' && l.level === 40).map((l) => l.reason ?? l.status)).toEqual(['token-used', 'token-used', 403, 403]);
    expect(JSON.stringify(lines)).not.toContain(server.token);
  });

  it('a wrong guess first does not use up the real token', async () => {
    expect((await rawRequest(base, `/?token=${'0'.repeat(64)}`)).status).toBe(403);
    expect((await rawRequest(base, firstVisit)).status).toBe(303);
  });

  it('never redirects to another host, whatever the path', async () => {
    const tricks = [
      ['/.//evil.example/', '/evil.example/'],
      ['/a/..//evil.example', '/evil.example'],
    ] as const;
    for (const [trick, folded] of tricks) {
      const fresh = await startUiServer({ api: recordingApi(), staticDir: path.join(dir, 'renderer'), host: '127.0.0.1', port: 0, log: silentLogger() });
      const res = await rawRequest(new URL(fresh.url).origin, `${trick}?token=${fresh.token}`);
      await fresh.close();
      expect(res.status, trick).toBe(303);
      expect(res.headers.location, trick).toBe(folded);
    }
  });
});

describe('the token as a cookie', () => {
  it('opens nothing, before or after the exchange: neither a page, the print sheet nor the bridge', async () => {
    const stolen = `tableside_ui=${server.token}`;
    const tryAll = async () => [
      (await rawRequest(base, '/', { headers: { cookie: stolen } })).status,
      (await rawRequest(base, '/print.html?tables=t1', { headers: { cookie: stolen } })).status,
      await upgradeStatus(ws(), { cookie: stolen, origin: base }),
    ];
    expect(await tryAll()).toEqual([403, 403, 403]);
    const session = cookieFrom(await rawRequest(base, firstVisit));
    expect(await tryAll()).toEqual([403, 403, 403]);
    expect((await rawRequest(base, '/', { headers: { cookie: session } })).status).toBe(200);
  });

  it('each start mints its own session: an old session cookie opens nothing on the next start', async () => {
    const session = cookieFrom(await rawRequest(base, firstVisit));
    const next = await startUiServer({ api: recordingApi(), staticDir: path.join(dir, 'renderer'), host: '127.0.0.1', port: 0, log: silentLogger() });
    try {
      expect((await rawRequest(new URL(next.url).origin, '/', { headers: { cookie: session } })).status).toBe(403);
    } finally {
      await next.close();
    }
  });
});

describe('the bridge socket', () => {
  it('refuses the token in its URL, before and after the exchange; only the cookie opens it', async () => {
    expect(await upgradeStatus(`${ws()}?token=${server.token}`, { origin: base })).toBe(403);
    const cookie = cookieFrom(await rawRequest(base, firstVisit));
    expect(await upgradeStatus(`${ws()}?token=${server.token}`, { origin: base })).toBe(403);
    const client = await connectBridge(ws(), { cookie, origin: base });
    expect((await client.call('getSnapshot')).result).toEqual(SNAPSHOT);
    await client.close();
  });

  it('refuses another site even with the cookie (SameSite aside, the Origin is checked)', async () => {
    const cookie = cookieFrom(await rawRequest(base, firstVisit));
    expect(await upgradeStatus(ws(), { cookie, origin: 'http://evil.example' })).toBe(403);
  });
});

describe('a new link for a closed browser', () => {
  it('works once, for a session of its own, and leaves the used links refused', async () => {
    const first = await rawRequest(base, firstVisit);
    expect(first.status).toBe(303);
    const link = new URL(server.newLink());
    expect(link.origin).toBe(base);
    const token = link.searchParams.get('token') ?? '';
    expect(token).toMatch(/^[0-9a-f]{64}$/);
    expect(token).not.toBe(server.token);
    const traded = await rawRequest(base, `/?token=${token}`);
    expect(traded.status).toBe(303);
    expect(cookieFrom(traded)).not.toBe(cookieFrom(first));
    expect((await rawRequest(base, '/', { headers: { cookie: cookieFrom(traded) } })).status).toBe(200);
    for (const replay of [`/?token=${token}`, firstVisit]) {
      const res = await rawRequest(base, replay);
      expect(res.status, replay).toBe(403);
      expect(res.body).toContain('already used');
    }
    // The bridge takes the new session's cookie, never a token in its URL.
    expect(await upgradeStatus(`${ws()}?token=${token}`)).not.toBe(101);
  });

  it('only the newest few unused links stay valid', async () => {
    const links = Array.from({ length: 10 }, () => new URL(server.newLink()).searchParams.get('token'));
    expect((await rawRequest(base, `/?token=${links[0]}`)).status).toBe(403);
    expect((await rawRequest(base, `/?token=${links[9]}`)).status).toBe(303);
  });
});
