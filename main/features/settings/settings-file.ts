import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import type { StoredSettings } from '../../base/host-types.js';
import type { Logger } from '../../base/log.js';
import { writePrivateFile } from '../../base/private-files.js';
import { PosIdField, SETTINGS_FIELDS, SETTINGS_KEYS } from './settings-schema.js';

/**
 * settings.json in the data directory: everything but the API key. A damaged or newer file never
 * resets the install: each field is checked alone and only a bad one falls back to its default;
 * fields this version does not know, and a known field's value it cannot use (a newer version's
 * "language": "de"), are kept and written back on save; a file that is not JSON at all is moved
 * aside as settings.json.bad-<time>. The Pos-Id is minted only when the install never had one.
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
  // A fully paid bill closes itself.
  autoCloseBills: true,
  reminderSeconds: 60,
  // The service renders the receipt, as before.
  receiptMode: 'QERKO_GENERATED',
};

/** What the file held that this version does not use; written back untouched (a newer version's fields). */
export type KeptFields = Record<string, unknown>;

export interface LoadedSettings {
  settings: StoredSettings;
  kept: KeptFields;
  /** The file existed, so the data folder holds a configuration (not a fresh install). */
  existed: boolean;
}

export function newPosId(): string {
  return randomUUID().toLowerCase();
}

/** A Pos-Id from the text of a file that no longer parses: the install keeps its identity. */
function salvagePosId(text: string): string | undefined {
  const found = /"posId"\s*:\s*"([^"]{36,40})"/.exec(text)?.[1];
  const parsed = PosIdField.safeParse(found);
  return parsed.success ? parsed.data : undefined;
}

function readObject(file: string, log: Logger | undefined, now: number): { fields: Record<string, unknown>; salvaged?: string | undefined } | null {
  if (!existsSync(file)) return null;
  const text = readFileSync(file, 'utf8');
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)) return { fields: parsed as Record<string, unknown> };
  } catch {
    // Not JSON: moved aside below.
  }
  const aside = `${file}.bad-${new Date(now).toISOString().replace(/[:.]/g, '-')}`;
  renameSync(file, aside);
  log?.warn({ mod: 'settings', file: aside }, 'settings.json could not be read: moved aside, defaults in use (the Pos-Id is kept when it could be found)');
  return { fields: {}, salvaged: salvagePosId(text) };
}

/** Reads settings.json field by field (see the file comment) and fixes a Pos-Id once, for good. */
export function loadSettings(dataDir: string, log?: Logger, now = Date.now()): LoadedSettings {
  const file = join(dataDir, SETTINGS_FILE);
  const read = readObject(file, log, now);
  const fields = read?.fields ?? {};
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
        `settings.json: ${key} is not valid here (${parsed.error.issues[0]?.message ?? 'invalid'}); the default is used and the value kept in the file`,
      );
    }
  }
  const posId = good.posId ?? read?.salvaged;
  const settings: StoredSettings = { ...DEFAULT_SETTINGS, ...good, posId: posId ?? newPosId() };
  // The Pos-Id is written at once: it must be the same on the next start.
  if (good.posId === undefined) {
    delete kept.posId;
    saveSettings(dataDir, settings, kept);
  }
  return { settings, kept, existed: read !== null };
}

/**
 * Writes the settings and the kept fields (0600, atomic). A kept value of a known field wins over
 * its fallback: a newer version finds its "de" again. Setting the field drops it from `kept`.
 */
export function saveSettings(dataDir: string, settings: StoredSettings, kept: KeptFields = {}): void {
  const known = Object.fromEntries(SETTINGS_KEYS.map((k) => [k, settings[k]]));
  writePrivateFile(join(dataDir, SETTINGS_FILE), JSON.stringify({ ...known, ...kept }, null, 2));
}

export function dropUndefined<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}
