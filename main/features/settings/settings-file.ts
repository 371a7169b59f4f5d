import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { StoredSettings } from '../../base/host-types.js';
import type { Logger } from '../../base/log.js';
import { writePrivateFile } from '../../base/private-files.js';
import { PosIdField, SETTINGS_FIELDS, SETTINGS_KEYS } from './settings-schema.js';

/** The database's file in the data dir (the store opens it; a non-empty one means a till that has run). */
const DATABASE_FILE = 'tableside.sqlite';

/**
 * settings.json in the data directory: everything but the API key. A damaged or newer file never
 * resets the install: each field is checked alone and only a bad one falls back to its default;
 * fields this version does not know, and a known field's value it cannot use (a newer version's
 * "language": "de"), are kept and written back on save; a file that is not JSON at all is moved
 * aside as settings.json.bad-<time>. The Pos-Id is minted only when the install never had one.
 * In a configured data dir (isConfiguredDataDir) a file that cannot be read, is missing, or names
 * an environment this version does not know never means demo: settings.json.last-good (written
 * with every good read and save) is used instead, or else the settings come back damaged.
 */
export const SETTINGS_FILE = 'settings.json';

export const DEFAULT_SETTINGS: Omit<StoredSettings, 'posId'> = {
  environment: 'demo',
  serviceUrl: '',
  transport: 'ws',
  webhookHost: '127.0.0.1',
  webhookPort: 8787,
  webhookPublicUrl: '',
  printer: null,
  language: 'en',
  sound: true,
  startAtLogin: false,
  startHidden: true,
  posApiPort: 4100,
  serviceName: 'qerko',
  // Day report: a restaurant's day ends in the small hours, not at midnight.
  dayEndsAt: '04:00',
  updateUrl: '',
  quietWindow: '03:00-05:00',
  demoOnLan: false,
  demoLanAddress: '',
  // A fully paid bill closes itself.
  autoCloseBills: true,
  reminderSeconds: 60,
  // The service renders the receipt, as before.
  receiptMode: 'QERKO_GENERATED',
  // Updates: a till follows the stable feed unless a manager chooses beta.
  updateChannel: 'stable',
  tableDensity: 'compact',
  // A paid payment the main POS has not acknowledged for a minute is "unsynced" (DEFAULT_UNSYNCED_AFTER_MS, main/features/attention).
  unsyncedAfterSeconds: 60,
  // Waiters' phones: off until a manager turns them on (docs/staff-phones.md).
  staffPhones: false,
  staffLanAddress: '',
  staffPort: 4180,
};

/** What the file held that this version does not use; written back untouched (a newer version's fields). */
export type KeptFields = Record<string, unknown>;

/** The copy of the last settings.json that read well or was saved: tried first when settings.json is damaged. */
export const LAST_GOOD_FILE = 'settings.json.last-good';

/** Why a configured data dir's settings cannot be trusted: unreadable (not a JSON object, cut short, empty), missing, or an environment this version does not know. */
export type SettingsDamage = 'unreadable' | 'missing' | 'environment';

export interface LoadedSettings {
  settings: StoredSettings;
  kept: KeptFields;
  /** The file existed, so the data folder holds a configuration (not a fresh install). */
  existed: boolean;
  /**
   * Non-null when a configured data dir has no settings to trust (and no good last copy): the
   * settings are the defaults with what could be salvaged, nothing was written, and the till must
   * not connect (never demo) until a manager saves the settings.
   */
  damaged: SettingsDamage | null;
}

export function newPosId(): string {
  return randomUUID().toLowerCase();
}

/** What a file that no longer parses still says, to fill the Settings form: never used to connect. */
function salvage(text: string): Partial<StoredSettings> {
  const found: Partial<StoredSettings> = {};
  for (const key of ['posId', 'serviceUrl', 'environment'] as const) {
    const value = new RegExp(`"${key}"\\s*:\\s*"([^"]{1,2000})"`).exec(text)?.[1];
    const parsed = SETTINGS_FIELDS[key].safeParse(value);
    if (parsed.success) (found as Record<string, unknown>)[key] = parsed.data;
  }
  return found;
}

type FileRead = { kind: 'object'; fields: Record<string, unknown> } | { kind: 'missing' } | { kind: 'unreadable'; text: string };

function readFile(file: string): FileRead {
  if (!existsSync(file)) return { kind: 'missing' };
  const text = readFileSync(file, 'utf8');
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)) return { kind: 'object', fields: parsed as Record<string, unknown> };
  } catch {
    // Not JSON: unreadable.
  }
  return { kind: 'unreadable', text };
}

function knowsEnvironment(fields: Record<string, unknown>): boolean {
  return SETTINGS_FIELDS.environment.safeParse(fields.environment).success;
}

function moveAside(file: string, log: Logger | undefined, now: number): void {
  const aside = `${file}.bad-${new Date(now).toISOString().replace(/[:.]/g, '-')}`;
  renameSync(file, aside);
  log?.warn({ mod: 'settings', file: aside }, 'settings.json could not be read: moved aside');
}

/** The newest damaged file moved aside, for what it still says when settings.json is gone. */
function newestBadText(dataDir: string): string {
  const bad = readdirSync(dataDir)
    .filter((n) => n.startsWith(`${SETTINGS_FILE}.bad-`))
    .sort()
    .at(-1);
  return bad ? readFileSync(join(dataDir, bad), 'utf8') : '';
}

/**
 * A data dir that holds a configuration: an API key, a database, a last good copy or an earlier
 * damaged settings file. There a damaged settings.json never means a fresh install (demo).
 */
export function isConfiguredDataDir(dataDir: string, hasKey: () => boolean): boolean {
  const db = join(dataDir, DATABASE_FILE);
  if (existsSync(db) && statSync(db).size > 0) return true;
  if (existsSync(join(dataDir, LAST_GOOD_FILE))) return true;
  if (readdirSync(dataDir).some((n) => n.startsWith(`${SETTINGS_FILE}.bad-`))) return true;
  return hasKey();
}

/** Each field checked alone: a bad one falls back to its default (warned), its value kept for the file. */
function checkFields(fields: Record<string, unknown>, log: Logger | undefined, source: string): { good: Partial<StoredSettings>; kept: KeptFields } {
  const good: Partial<StoredSettings> = {};
  const kept: KeptFields = {};
  for (const [key, value] of Object.entries(fields)) {
    const rule = (SETTINGS_FIELDS as Record<string, (typeof SETTINGS_FIELDS)[keyof typeof SETTINGS_FIELDS] | undefined>)[key];
    if (!rule) {
      kept[key] = value;
      continue;
    }
    const parsed = rule.safeParse(value);
    if (parsed.success) (good as Record<string, unknown>)[key] = parsed.data;
    else {
      kept[key] = value;
      log?.warn(
        { mod: 'settings', field: key },
        `${source}: ${key} is not valid here (${parsed.error.issues[0]?.message ?? 'invalid'}); the default is used and the value kept in the file`,
      );
    }
  }
  return { good, kept };
}

/**
 * Reads settings.json field by field (see the file comment) and fixes a Pos-Id once, for good.
 * `configured` is asked only when the file is damaged: in a configured data dir the last good
 * copy is used instead, or else the settings come back `damaged` and nothing is written.
 */
export function loadSettings(dataDir: string, log?: Logger, now = Date.now(), configured: () => boolean = () => false): LoadedSettings {
  const file = join(dataDir, SETTINGS_FILE);
  const read = readFile(file);
  const damage: SettingsDamage | null =
    read.kind === 'missing' ? 'missing' : read.kind === 'unreadable' ? 'unreadable' : knowsEnvironment(read.fields) ? null : 'environment';
  if (damage !== null && configured()) {
    if (read.kind === 'unreadable') moveAside(file, log, now);
    // An unknown environment is a whole file from a newer version: an older copy might pair the stored key with another URL.
    const lastGood = damage === 'environment' ? null : readFile(join(dataDir, LAST_GOOD_FILE));
    if (lastGood?.kind === 'object' && knowsEnvironment(lastGood.fields) && PosIdField.safeParse(lastGood.fields.posId).success) {
      log?.warn({ mod: 'settings', damage }, 'settings.json is damaged: the last good copy (settings.json.last-good) is in use and written back');
      const { good, kept } = checkFields(lastGood.fields, log, LAST_GOOD_FILE);
      const settings: StoredSettings = { ...DEFAULT_SETTINGS, ...good, posId: good.posId! };
      saveSettings(dataDir, settings, kept);
      return { settings, kept, existed: true, damaged: null };
    }
    const { good, kept } =
      read.kind === 'object'
        ? checkFields(read.fields, log, SETTINGS_FILE)
        : { good: salvage(read.kind === 'unreadable' ? read.text : newestBadText(dataDir)), kept: {} };
    log?.error(
      { mod: 'settings', damage },
      'settings.json is damaged and there is no good copy: Tableside does not connect (and never falls back to demo) until a manager saves the settings',
    );
    // No Pos-Id is minted: the till keeps the one it is known by, or a manager enters it.
    return { settings: { ...DEFAULT_SETTINGS, ...good, posId: good.posId ?? '' }, kept, existed: read.kind !== 'missing', damaged: damage };
  }
  let fields: Record<string, unknown> = {};
  let salvaged: string | undefined;
  if (read.kind === 'object') fields = read.fields;
  else if (read.kind === 'unreadable') {
    moveAside(file, log, now);
    log?.warn({ mod: 'settings' }, 'a fresh data dir: the defaults are in use (the Pos-Id is kept when it could be found)');
    salvaged = salvage(read.text).posId;
  }
  const { good, kept } = checkFields(fields, log, SETTINGS_FILE);
  const posId = good.posId ?? salvaged;
  const settings: StoredSettings = { ...DEFAULT_SETTINGS, ...good, posId: posId ?? newPosId() };
  // The Pos-Id is written at once: it must be the same on the next start.
  if (good.posId === undefined) {
    delete kept.posId;
    saveSettings(dataDir, settings, kept);
  } else writeLastGood(dataDir, settings, kept);
  return { settings, kept, existed: read.kind !== 'missing', damaged: null };
}

function fileText(settings: StoredSettings, kept: KeptFields): string {
  const known = Object.fromEntries(SETTINGS_KEYS.map((k) => [k, settings[k]]));
  return JSON.stringify({ ...known, ...kept }, null, 2);
}

function writeLastGood(dataDir: string, settings: StoredSettings, kept: KeptFields): void {
  writePrivateFile(join(dataDir, LAST_GOOD_FILE), fileText(settings, kept));
}

/**
 * Writes the settings and the kept fields (0600, atomic). A kept value of a known field wins over
 * its fallback: a newer version finds its "de" again. Setting the field drops it from `kept`.
 */
export function saveSettings(dataDir: string, settings: StoredSettings, kept: KeptFields = {}): void {
  writePrivateFile(join(dataDir, SETTINGS_FILE), fileText(settings, kept));
  // settings.json first: the copy is always of a file that was written whole.
  writeLastGood(dataDir, settings, kept);
}

export function dropUndefined<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}
