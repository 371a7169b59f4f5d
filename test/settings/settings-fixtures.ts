import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { createLogger, type Logger } from '../../main/base/log.js';

/** A temp data dir per test; removed by the caller. */
export function dataDir(): string {
  return mkdtempSync(join(tmpdir(), 'tableside-settings-'));
}

export function remove(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}

export function writeSettingsFile(dir: string, content: unknown): void {
  writeFileSync(join(dir, 'settings.json'), typeof content === 'string' ? content : JSON.stringify(content, null, 2));
}

export function readSettingsFile(dir: string): Record<string, unknown> {
  return JSON.parse(readFileSync(join(dir, 'settings.json'), 'utf8')) as Record<string, unknown>;
}

export function badFiles(dir: string): string[] {
  return readdirSync(dir).filter((f) => f.startsWith('settings.json.bad-'));
}

/** A real pino logger whose JSON lines are kept, so a test can read the warnings. */
export function recordingLogger(): { log: Logger; lines: () => Record<string, unknown>[] } {
  const out: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      out.push(...chunk.toString().split('\n').filter(Boolean));
      done();
    },
  });
  return { log: createLogger({ level: 'debug', destination: sink }), lines: () => out.map((l) => JSON.parse(l) as Record<string, unknown>) };
}

/** A settings.json as a newer (or hand-edited) Tableside might leave it: valid except where a test breaks it. */
export const POS_ID = '3f2b8c1e-9d4a-4e5b-8c7d-1a2b3c4d5e6f';
export const GOOD_FILE = {
  environment: 'sandbox',
  serviceUrl: 'https://sandbox.example.com',
  posId: POS_ID,
  transport: 'longpoll',
  webhookHost: '0.0.0.0',
  webhookPort: 9999,
  webhookPublicUrl: 'https://till.example.com',
  printer: 'Kitchen',
  language: 'cs',
  sound: false,
  startAtLogin: true,
  startHidden: false,
  posApiPort: 4200,
  serviceName: 'other-svc',
  dayEndsAt: '05:30',
  updateUrl: 'https://updates.example.com/tableside/win/',
  quietWindow: '23:30-01:00',
  autoCloseBills: false,
  reminderSeconds: 45,
  receiptMode: 'POSTPONED',
  updateChannel: 'beta',
  demoOnLan: true,
  demoLanAddress: '192.168.1.20',
  unsyncedAfterSeconds: 120,
  staffPhones: true,
  staffLanAddress: '192.168.1.21',
  staffPort: 4190,
  tableDensity: 'comfortable',
} as const;

/** For each field, a value it must refuse (a newer version's, or a typo). */
export const BAD_VALUES: Record<keyof typeof GOOD_FILE, unknown> = {
  environment: 'staging',
  serviceUrl: 'http://sandbox.example.com',
  posId: 'till-1',
  transport: 'carrier-pigeon',
  webhookHost: '',
  webhookPort: 70000,
  webhookPublicUrl: 'not a url',
  printer: 42,
  language: 'de',
  sound: 'yes',
  startAtLogin: 1,
  startHidden: null,
  posApiPort: -1,
  serviceName: 'Upper Case',
  dayEndsAt: '25:00',
  updateUrl: 'http://updates.example.com/',
  quietWindow: '3am-5am',
  autoCloseBills: 'on',
  reminderSeconds: -5,
  receiptMode: 'PAPER',
  updateChannel: 'nightly',
  demoOnLan: 'yes',
  demoLanAddress: '192.168.1.300',
  unsyncedAfterSeconds: 5,
  staffPhones: 'on',
  staffLanAddress: 'till.local',
  staffPort: 80,
  tableDensity: 'huge',
};
