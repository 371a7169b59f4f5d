import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIAGNOSTICS_PATHS, diagnosticsDownloads } from '../../main/app/diagnostics/downloads.js';
import { createStateHistory, secretForms } from '../../main/app/diagnostics/index.js';
import { createFileLogger } from '../../main/base/logging/file-logger.js';
import type { Logger } from '../../main/base/log.js';
import { loadOrCreateToken } from '../../main/adapters/pos-api/token.js';
import { startUiServer, type UiServer } from '../../main/adapters/ui-server/index.js';
import { recordingApi } from '../ui-server/recording-api.js';

/**
 * Browser mode's "Download latest log" and "Export diagnostics": the real UI server on 127.0.0.1
 * answers both paths only with the UI token, as attachments, with no secret inside.
 */
const API_KEY = 'qk_live_Browser9Mode7Key3';
let dataDir: string;
let server: UiServer;
let log: Logger;
let posToken: string;
/** The page's cookie: the printed URL's token is traded for it once (303), as a browser does. */
let cookie: string;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'tableside-downloads-'));
  const staticDir = join(dataDir, 'no-renderer-needed');
  writeFileSync(join(dataDir, 'api-key.txt'), API_KEY);
  posToken = loadOrCreateToken(dataDir);
  log = await createFileLogger({ dataDir, stderr: false });
  log.info({ mod: 'test' }, `a leaked key ${API_KEY} in a message`);
  const history = createStateHistory();
  history.record({ status: 'connected' });
  server = await startUiServer({ api: recordingApi(), staticDir, port: 0, log, downloads: diagnosticsDownloads({ dataDir, log, connectionHistory: history }) });
  const exchange = await fetch(server.url, { redirect: 'manual' });
  expect(exchange.status).toBe(303);
  cookie = (exchange.headers.get('set-cookie') ?? '').split(';')[0]!;
  expect(cookie).toContain('=');
});

afterAll(async () => {
  await server.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const base = () => new URL(server.url).origin;
const download = (path: string) => fetch(`${base()}${path}`, { headers: { cookie } });

describe('browser-mode diagnostics downloads', () => {
  it('refuses both without the page cookie', async () => {
    for (const path of Object.values(DIAGNOSTICS_PATHS)) expect((await fetch(`${base()}${path}`)).status).toBe(403);
  });

  it('serves the newest log file as an attachment, the leaked key scrubbed', async () => {
    const res = await download(DIAGNOSTICS_PATHS.latestLog);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="tableside\.\d{4}-\d{2}-\d{2}\.1\.log"$/);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const text = await res.text();
    expect(text).toContain('a leaked key [secret] in a message');
    for (const form of [API_KEY, posToken].flatMap(secretForms)) expect(text).not.toContain(form);
  });

  it('serves a fresh support bundle as a zip attachment', async () => {
    const res = await download(DIAGNOSTICS_PATHS.bundle);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="tableside-diagnostics-\d{4}-\d{2}-\d{2}-\d{2}-\d{2}-\d{2}\.zip"$/);
    const entries = unzipSync(new Uint8Array(await res.arrayBuffer()));
    expect(JSON.parse(strFromU8(entries['connection-states.json']!))).toMatchObject([{ state: { status: 'connected' } }]);
    expect(Object.keys(entries).some((n) => n.startsWith('logs/'))).toBe(true);
    for (const bytes of Object.values(entries)) {
      const text = Buffer.from(bytes).toString('latin1');
      for (const form of [API_KEY, posToken].flatMap(secretForms)) expect(text.includes(form)).toBe(false);
    }
  });
});
