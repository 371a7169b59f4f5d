import type { z } from 'zod';
import type { ErrorCode, SettingsInput, SettingsView } from '../../../preload/contract.js';
import type { SecretStore, StoredSettings } from '../../base/host-types.js';
import type { Logger } from '../../base/log.js';
import { maskApiKey } from './plain-secrets.js';
import { dropUndefined, isConfiguredDataDir, loadSettings, newPosId, saveSettings, type KeptFields } from './settings-file.js';
import type { SettingsPatch } from './settings-schema.js';
import { SettingsInputSchema } from './settings-schema.js';
import { originOf } from './service-url.js';

/** Fields whose change means a new connection to the service. */
const CONNECTION_FIELDS: (keyof StoredSettings)[] = [
  'environment',
  'serviceUrl',
  'posId',
  'transport',
  'webhookHost',
  'webhookPort',
  'webhookPublicUrl',
  'serviceName',
];

/**
 * Why a till does not connect: the cashier must act in Settings. SETTINGS_DAMAGED: a configured
 * data dir's settings.json could not be trusted (and had no good copy); a manager saves the settings.
 */
export type SettingsProblem = 'KEY_MISSING' | 'SERVICE_URL_MISSING' | 'SETTINGS_DAMAGED';

/** A refused change: `params.field` names the settings field to fix (the renderer words it with its label). */
export type Refusal = { code: ErrorCode; params?: { field: string } };

/** A checked change, ready to commit: what it sets and what must follow (a new connection, a new port, the login item). */
export interface SettingsChange {
  next: StoredSettings;
  fields: (keyof StoredSettings)[];
  newKey: string | undefined;
  /** It repairs damaged settings: an integration change (manager PIN), and the connection starts after it. */
  repair: boolean;
  connection: boolean;
  port: boolean;
  login: boolean;
}

export interface SettingsServiceOptions {
  dataDir: string;
  log: Logger;
  secrets: SecretStore;
  /** This run's overrides (flags): they win over the file and are never written to it. */
  overrides?: Partial<StoredSettings> | undefined;
  apiKey?: string | undefined;
}

export interface SettingsService {
  /** The settings in force: the file's with this run's overrides on top. */
  get: () => StoredSettings;
  /** The API key for the current service URL's origin, or null when there is none. */
  apiKey: () => string | null;
  isDemo: () => boolean;
  /** Non-null when the till should connect to a real service but cannot: it stays on its environment and says why. */
  problem(): SettingsProblem | null;
  /** The settings as the renderer shows them (the key masked; of the POS API token only its hint). */
  view: (posApiTokenHint: string, managerPinSet: boolean) => SettingsView;
  /** Checks an input against the rules; the who-am-i check is the caller's (it needs the network). */
  check: (
    input: SettingsInput,
  ) => { ok: true; change: SettingsChange; verify: { serviceUrl: string; apiKey: string; posId: string } | null } | { ok: false; error: Refusal };
  /** Saves a checked change (the key to the secret store first) and applies it. */
  commit(change: SettingsChange): void;
  /** Saves a field main's own commands set (staff phones on or off); false while the settings are damaged (nothing written). */
  saveOwn(patch: Pick<Partial<StoredSettings>, 'staffPhones'>): boolean;
}

/**
 * The settings: loaded from settings.json (field by field, see settings-file.ts) with this run's
 * overrides on top, the API key from the secret store, and changes checked, saved and applied.
 */
export function createSettingsService(options: SettingsServiceOptions): SettingsService {
  const { dataDir, log, secrets } = options;
  const loaded = loadSettings(dataDir, log, Date.now(), () => isConfiguredDataDir(dataDir, () => hasKey(secrets)));
  // Until a manager saves the settings (with their environment): no demo, no connection, nothing written.
  let damaged = loaded.damaged !== null;
  let stored = loaded.settings;
  const kept: KeptFields = loaded.kept;
  const overrides: Partial<StoredSettings> = { ...dropUndefined(options.overrides ?? {}) };
  let settings: StoredSettings = { ...stored, ...overrides };
  // The stored key belongs to the stored URL's origin: a run against another one must bring its own.
  const keyFits = originOf(settings.serviceUrl) === originOf(stored.serviceUrl);
  if (options.apiKey === undefined && !keyFits)
    log.warn({ mod: 'settings' }, 'the service URL differs from the saved one: the saved API key is not sent there');
  let apiKey = options.apiKey ?? (keyFits ? loadKey(secrets, log) : null);

  return {
    get: (): StoredSettings => settings,
    apiKey: (): string | null => apiKey,
    isDemo: (): boolean => !damaged && settings.environment === 'demo',
    /** Non-null when the till should connect to a real service but cannot: it stays on its environment and says why. */
    problem(): SettingsProblem | null {
      if (damaged) return 'SETTINGS_DAMAGED';
      if (settings.environment === 'demo') return null;
      if (!settings.serviceUrl) return 'SERVICE_URL_MISSING';
      return apiKey ? null : 'KEY_MISSING';
    },
    view: (posApiTokenHint: string, managerPinSet: boolean): SettingsView => settingsView(settings, apiKey, posApiTokenHint, managerPinSet),
    /** Checks an input against the rules; the who-am-i check is the caller's (it needs the network). */
    check: (input: SettingsInput) => checkInput(input, settings, apiKey, damaged),
    commit(change: SettingsChange): void {
      // A saved key is saved with the URL it was checked against, so it never pairs with another origin.
      const fields: (keyof StoredSettings)[] =
        change.newKey === undefined ? change.fields : [...new Set([...change.fields, 'environment' as const, 'serviceUrl' as const])];
      // The key first: a secret store that cannot encrypt refuses before anything else is written.
      if (change.newKey !== undefined) secrets.save(change.newKey);
      for (const field of fields) {
        delete overrides[field];
        delete kept[field];
      }
      stored = { ...stored, ...pick(change.next, fields) };
      settings = { ...stored, ...overrides };
      saveSettings(dataDir, stored, kept);
      if (damaged) log.warn({ mod: 'settings' }, 'the damaged settings were saved again: the till connects as set');
      damaged = false;
      if (change.newKey !== undefined) apiKey = change.newKey;
      log.info({ mod: 'settings', environment: settings.environment, transport: settings.transport }, 'settings saved');
    },
    saveOwn(patch): boolean {
      // Damaged settings are repaired by the Settings form only: a lone switch would write defaults.
      if (damaged) return false;
      const fields = Object.keys(patch) as (keyof StoredSettings)[];
      for (const field of fields) {
        delete overrides[field];
        delete kept[field];
      }
      stored = { ...stored, ...patch };
      settings = { ...stored, ...overrides };
      saveSettings(dataDir, stored, kept);
      return true;
    },
  };
}

/** Whether the secret store holds a key, even one it cannot read now: the data dir is configured. */
function hasKey(secrets: SecretStore): boolean {
  try {
    return secrets.load() !== null;
  } catch {
    return true;
  }
}

/** A key that cannot be read (safeStorage after a Windows profile change) counts as missing, never as a crash. */
function loadKey(secrets: SecretStore, log: Logger): string | null {
  try {
    return secrets.load();
  } catch (e) {
    log.warn({ mod: 'settings', err: (e as Error).name }, 'the stored API key could not be read; it must be entered again in Settings');
    return null;
  }
}

function pick(settings: StoredSettings, fields: (keyof StoredSettings)[]): Partial<StoredSettings> {
  return Object.fromEntries(fields.map((f) => [f, settings[f]]));
}

function settingsView(settings: StoredSettings, apiKey: string | null, posApiTokenHint: string, managerPinSet: boolean): SettingsView {
  const {
    webhookHost: _host,
    serviceName: _name,
    updateUrl: _feed,
    quietWindow: _quiet,
    demoOnLan: _lan,
    demoLanAddress: _lanAddress,
    unsyncedAfterSeconds: _unsynced,
    staffPhones: _staff,
    staffLanAddress: _staffAddress,
    staffPort: _staffPort,
    ...shown
  } = settings;
  return { ...shown, apiKeyMasked: maskApiKey(apiKey), posApiTokenHint, managerPinSet };
}

/**
 * The rules of a change. A new service origin needs its key in the same request: the stored key
 * belongs to the origin it was saved for and is never sent anywhere else (KEY_REQUIRED_FOR_NEW_URL).
 * Answers the change and whether the key must be checked with the service first.
 */
function checkInput(
  input: SettingsInput,
  settings: StoredSettings,
  apiKey: string | null,
  damaged = false,
): { ok: true; change: SettingsChange; verify: { serviceUrl: string; apiKey: string; posId: string } | null } | { ok: false; error: Refusal } {
  const parsed = SettingsInputSchema.safeParse(input);
  if (!parsed.success) return refuse('INVALID', firstField(parsed.error));
  // The unlock is the caller's business (settings-commands.ts checks it); it is never a setting.
  const { apiKey: newKey, unlock: _unlock, ...rest } = parsed.data;
  const patch: SettingsPatch = dropUndefined(rest);
  // Damaged settings are repaired only by a save that says where the till connects (the Settings form's); a lone language switch would write demo.
  if (damaged && patch.environment === undefined) return refuse('SETTINGS_DAMAGED', 'environment');
  const next: StoredSettings = { ...settings, ...patch };
  // A damaged file may have lost its Pos-Id: a live till needs the one it is known by, never a new one made up here.
  const mint = damaged && !next.posId;
  if (mint && next.environment !== 'demo') return refuse('INVALID', 'posId');
  if (mint) next.posId = newPosId();
  const live = next.environment !== 'demo';
  if (live && !next.serviceUrl) return refuse('INVALID', 'serviceUrl');
  const newOrigin = originOf(next.serviceUrl) !== originOf(settings.serviceUrl);
  if (live && newOrigin && newKey === undefined && apiKey) {
    return refuse('KEY_REQUIRED_FOR_NEW_URL', 'apiKey');
  }
  const keyToUse = newKey ?? apiKey;
  if (live && !keyToUse) return refuse('KEY_MISSING', 'apiKey');
  const fields = (Object.keys(patch) as (keyof StoredSettings)[]).filter((k) => patch[k] !== undefined);
  if (mint) fields.push('posId');
  const change: SettingsChange = {
    next,
    fields,
    repair: damaged,
    newKey,
    connection: damaged || newKey !== undefined || CONNECTION_FIELDS.some((k) => next[k] !== settings[k]),
    port: next.posApiPort !== settings.posApiPort,
    login: next.startAtLogin !== settings.startAtLogin || next.startHidden !== settings.startHidden,
  };
  const mustVerify = live && (newKey !== undefined || next.serviceUrl !== settings.serviceUrl || next.posId !== settings.posId);
  return { ok: true, change, verify: mustVerify ? { serviceUrl: next.serviceUrl, apiKey: keyToUse!, posId: next.posId } : null };
}

function refuse(code: ErrorCode, field?: string): { ok: false; error: Refusal } {
  return { ok: false, error: field ? { code, params: { field } } : { code } };
}

/** The settings field of a zod refusal: the first issue's top-level key (e.g. `reminderSeconds`). */
export function firstField(error: z.ZodError): string | undefined {
  const key = error.issues[0]?.path[0];
  return typeof key === 'string' ? key : undefined;
}
