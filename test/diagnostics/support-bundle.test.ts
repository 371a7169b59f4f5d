import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSupportBundle, createStateHistory, secretForms } from '../../main/app/diagnostics/index.js';
import { createFileLogger, flushLogger } from '../../main/base/logging/file-logger.js';
import { loadOrCreateToken } from '../../main/adapters/pos-api/token.js';
import { openTestStore } from '../store/test-store.js';
import { SCHEMA_VERSION } from '../../main/store/engine/migrations/index.js';

/**
 * The support bundle built from a real data folder: a SQLite store with 1,500 events, rotating log
 * files written by the hosts' logger, settings.json with secrets (some in fields we do not know),
 * api-key.txt, the POS API token, a minidump. The zip is unpacked and read entry by entry.
 */
const API_KEY = 'qk_live_Zx81mQp4RtY7vB2nC5';
const WEBHOOK_SECRET = 'whsec_9d8c7b6a5f4e3d2c';
let dataDir: string;
let posApiToken: string;
let entries: Record<string, Uint8Array>;
let yieldedTurns = 0;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'tableside-bundle-'));
  posApiToken = loadOrCreateToken(dataDir);
  writeFileSync(join(dataDir, 'api-key.txt'), `${API_KEY}\n`);
  writeFileSync(
    join(dataDir, 'settings.json'),
    JSON.stringify({
      environment: 'sandbox',
      serviceUrl: 'https://sandbox.example.com',
      language: 'cs',
      webhookSigningSecret: WEBHOOK_SECRET,
      extra: { clientSecret: WEBHOOK_SECRET, note: 'kept' },
    }),
  );

  const log = await createFileLogger({ dataDir, stderr: false, level: 'debug' });
  log.info({ mod: 'test', apiKey: API_KEY }, 'redacted by pino');
  // A leak pino cannot see (the key inside a message and a URL): the bundle must still drop it.
  log.warn({ mod: 'test', url: `https://x.example/?key=${encodeURIComponent(API_KEY)}` }, `connecting with ${API_KEY} / Bearer ${posApiToken}`);
  log.debug({ mod: 'test', auth: Buffer.from(`Bearer ${API_KEY}`).toString('base64') }, 'base64 header');
  await flushLogger(log);

  const store = openTestStore({ file: join(dataDir, 'tableside.sqlite') });
  store.group(() => {
    for (let i = 0; i < 1499; i++) store.upsertTable({ id: `t${i % 40}`, name: `Table ${i}` });
  });
  store.recordServiceError({ code: 'AUTH', message: `rejected key ${API_KEY}` }); // the 1,500th, the newest
  expect(store.eventsAfter(1499, 10).map((e) => e.seq)).toEqual([1500]);

  const dumps = join(dataDir, 'Crashpad', 'reports');
  mkdirSync(dumps, { recursive: true });
  // A dump holding the key twice, as process memory does: UTF-8 and UTF-16.
  writeFileSync(join(dumps, 'a1b2.dmp'), Buffer.concat([Buffer.from('MDMP\u0000\u0001binary'), Buffer.from(API_KEY), Buffer.from(API_KEY, 'utf16le')]));

  const history = createStateHistory({ capacity: 3 });
  for (const status of ['connecting', 'connected', 'reconnecting', 'connected']) history.record({ status, apiKey: API_KEY });

  // Built while the store is open, as the app does: its own read-only connection beside the writer.
  let turns = 0;
  const counting = setInterval(() => (turns += 1), 0);
  const zip = await buildSupportBundle({
    dataDir,
    settings: { environment: 'sandbox', apiKeyMasked: '••••vB2nC5', posApiToken },
    connectionHistory: history,
    versions: { electron: '33.2.0' },
    crashDumpsDir: join(dataDir, 'Crashpad'),
    attention: () => [{ code: 'PAYMENT_STUCK', paymentId: 'p1' }],
    knownSecrets: [API_KEY],
  });
  clearInterval(counting);
  yieldedTurns = turns;
  store.close();
  entries = unzipSync(zip);
});

afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const json = (name: string) => JSON.parse(strFromU8(entries[name]!)) as unknown;

describe('the support bundle', () => {
  it('holds the expected entries', () => {
    const names = Object.keys(entries).sort();
    expect(names).toEqual(
      expect.arrayContaining([
        'versions.json',
        'settings.json',
        'database.json',
        'events.json',
        'connection-states.json',
        'attention.json',
        'manifest.json',
        'crash/reports/a1b2.dmp',
      ]),
    );
    expect(names.filter((n) => /^logs\/tableside\.\d{4}-\d{2}-\d{2}\.1\.log$/.test(n))).toHaveLength(1);
    expect((json('manifest.json') as { entries: string[] }).entries).toEqual(names.filter((n) => n !== 'manifest.json'));
  });

  it('never holds a secret, in any form, in any entry', () => {
    const forms = [API_KEY, posApiToken, WEBHOOK_SECRET].flatMap(secretForms);
    expect(forms).toContain(Buffer.from(`Bearer ${API_KEY}`).toString('base64'));
    for (const [name, bytes] of Object.entries(entries)) {
      const text = Buffer.from(bytes).toString('latin1');
      for (const form of forms) expect(text.includes(form), `${name} holds ${form}`).toBe(false);
    }
  });

  it('reports the database: integrity ok, schema version, row counts; the last 1,000 events, newest last', () => {
    expect(json('database.json')).toMatchObject({ exists: true, integrity: 'ok', schemaVersion: SCHEMA_VERSION, rows: { events: 1500, tables: 40 } });
    const events = json('events.json') as { seq: number; kind: string; data: { message?: string } }[];
    expect(events).toHaveLength(1000);
    expect(events[0]!.seq).toBe(501);
    expect(events.map((e) => e.seq)).toEqual(Array.from({ length: 1000 }, (_, i) => 501 + i));
    expect(events.at(-1)).toMatchObject({ seq: 1500, kind: 'service.error', data: { message: 'rejected key [secret]' } });
  });

  it('masks every secret-looking setting, known or not, and keeps the rest', () => {
    expect(json('settings.json')).toEqual({
      file: {
        environment: 'sandbox',
        serviceUrl: 'https://sandbox.example.com',
        language: 'cs',
        webhookSigningSecret: '[secret]',
        extra: { clientSecret: '[secret]', note: 'kept' },
      },
      live: { environment: 'sandbox', apiKeyMasked: '[secret]', posApiToken: '[secret]' },
    });
  });

  it('carries the versions, the recent session states, the log lines, the attention items and the minidump bytes', () => {
    expect(json('versions.json')).toMatchObject({
      app: '0.1.0',
      electron: '33.2.0',
      node: process.versions.node,
      os: { platform: process.platform, arch: process.arch },
    });
    const states = json('connection-states.json') as { at: number; state: { status: string; apiKey: string } }[];
    expect(states.map((s) => s.state.status)).toEqual(['connected', 'reconnecting', 'connected']);
    expect(states.every((s) => s.state.apiKey === '[secret]' && typeof s.at === 'number')).toBe(true);
    const log = Object.entries(entries).find(([n]) => n.startsWith('logs/'))![1];
    const lines = strFromU8(log)
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { msg: string; apiKey?: string });
    expect(lines.map((l) => l.msg)).toEqual(['redacted by pino', `connecting with [secret] / Bearer [secret]`, 'base64 header']);
    expect(lines[0]!.apiKey).toBe('[secret]');
    expect(json('attention.json')).toEqual([{ code: 'PAYMENT_STUCK', paymentId: 'p1' }]);
    // The dump keeps its bytes and its length; only the key is overwritten, in both encodings.
    const dump = Buffer.from(entries['crash/reports/a1b2.dmp']!);
    expect(dump.subarray(0, 12).toString('latin1')).toBe('MDMP\u0000\u0001binary');
    expect(dump.length).toBe(12 + API_KEY.length * 3);
    expect(dump.subarray(12, 12 + API_KEY.length).toString('latin1')).toBe('*'.repeat(API_KEY.length));
    expect(dump.includes(Buffer.from(API_KEY, 'utf16le'))).toBe(false);
  });

  it('is built without holding the event loop: other work ran while it was made', () => {
    expect(yieldedTurns).toBeGreaterThan(0);
  });

  it('works on a fresh data folder with no database, no logs and no settings', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'tableside-bundle-empty-'));
    try {
      const found = unzipSync(await buildSupportBundle({ dataDir: empty }));
      expect(Object.keys(found).sort()).toEqual(['connection-states.json', 'database.json', 'events.json', 'manifest.json', 'settings.json', 'versions.json']);
      expect(JSON.parse(strFromU8(found['database.json']!))).toMatchObject({ exists: false });
      expect(JSON.parse(strFromU8(found['settings.json']!))).toEqual({ file: { unreadable: 'ENOENT' }, live: null });
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });
});
