import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import type { StoredSettings } from '../host-types.js';

/** settings.json in the data directory: everything but the API key. */
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
};

const port = z.number().int().min(0).max(65535);

/** Every field optional so an older file still loads; unknown fields are dropped. */
export const SettingsPatch = z.object({
  environment: z.enum(['demo', 'sandbox', 'production']).optional(),
  serviceUrl: z.union([z.literal(''), z.string().url('must be a URL such as https://sandbox.example.com')]).optional(),
  posId: z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, 'must be a UUID').optional(),
  transport: z.enum(['ws', 'longpoll', 'webhook']).optional(),
  webhookHost: z.string().min(1).optional(),
  webhookPort: port.optional(),
  webhookPublicUrl: z.union([z.literal(''), z.string().url('must be a public https URL')]).optional(),
  printer: z.string().nullable().optional(),
  language: z.enum(['en', 'cs']).optional(),
  sound: z.boolean().optional(),
  startAtLogin: z.boolean().optional(),
  startHidden: z.boolean().optional(),
  posApiPort: port.optional(),
  serviceName: z.string().regex(/^[a-z0-9-]+$/).optional(),
});
export type SettingsPatch = z.infer<typeof SettingsPatch>;

export function newPosId(): string {
  return randomUUID().toLowerCase();
}

/** Reads settings.json (missing or unreadable: defaults) and fixes a Pos-Id once, for good. */
export function loadSettings(dataDir: string): StoredSettings {
  const file = join(dataDir, SETTINGS_FILE);
  let stored: SettingsPatch = {};
  if (existsSync(file)) {
    try {
      const parsed = SettingsPatch.safeParse(JSON.parse(readFileSync(file, 'utf8')));
      if (parsed.success) stored = parsed.data;
    } catch {
      // A damaged file must not keep the till from starting: fall back to defaults.
    }
  }
  const settings: StoredSettings = { ...DEFAULT_SETTINGS, posId: newPosId(), ...dropUndefined(stored) };
  if (!stored.posId) saveSettings(dataDir, settings);
  return settings;
}

/** Atomic write: a power cut leaves the old file or the new one, never half of one. */
export function saveSettings(dataDir: string, settings: StoredSettings): void {
  const file = join(dataDir, SETTINGS_FILE);
  writeFileSync(`${file}.tmp`, JSON.stringify(settings, null, 2), { mode: 0o600 });
  renameSync(`${file}.tmp`, file);
}

export function dropUndefined<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}
