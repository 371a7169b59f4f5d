import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, isConfiguredDataDir, LAST_GOOD_FILE, loadSettings, saveSettings } from '../../main/features/settings/settings-file.js';
import { SETTINGS_KEYS } from '../../main/features/settings/settings-schema.js';
import { BAD_VALUES, GOOD_FILE, POS_ID, badFiles, dataDir, readSettingsFile, recordingLogger, remove, writeSettingsFile } from './settings-fixtures.js';

const dirs: string[] = [];
const fresh = () => {
  const d = dataDir();
  dirs.push(d);
  return d;
};
afterEach(() => dirs.splice(0).forEach(remove));

describe('settings.json, damaged or written by a newer version', () => {
  it('the fixture names every stored field (a new field needs its bad value here)', () => {
    expect(Object.keys(GOOD_FILE).sort()).toEqual([...SETTINGS_KEYS].sort());
  });

  it.each(SETTINGS_KEYS.filter((k) => k !== 'posId'))('a bad %s falls back alone; every other field is kept', (field) => {
    const dir = fresh();
    writeSettingsFile(dir, { ...GOOD_FILE, [field]: BAD_VALUES[field] });
    const { log, lines } = recordingLogger();
    const { settings } = loadSettings(dir, log);
    expect(settings[field]).toEqual(DEFAULT_SETTINGS[field]);
    for (const other of SETTINGS_KEYS.filter((k) => k !== field)) expect(settings[other]).toEqual(GOOD_FILE[other]);
    expect(lines().some((l) => l.level === 40 && l.field === field)).toBe(true);
    expect(badFiles(dir)).toEqual([]);
  });

  it('a Pos-Id that is not a UUID is replaced, the rest kept; an upper-case one is kept, lower-cased', () => {
    const dir = fresh();
    writeSettingsFile(dir, { ...GOOD_FILE, posId: POS_ID.toUpperCase() });
    expect(loadSettings(dir).settings.posId).toBe(POS_ID);
    writeSettingsFile(dir, { ...GOOD_FILE, posId: BAD_VALUES.posId });
    const { settings } = loadSettings(dir);
    expect(settings.posId).toMatch(/^[0-9a-f-]{36}$/);
    expect(settings.language).toBe('cs');
  });

  it('keeps unknown fields and values it cannot use when saving, and writes what changed', () => {
    const dir = fresh();
    writeSettingsFile(dir, { ...GOOD_FILE, language: 'de', theme: { dark: true }, addedIn: 'v9' });
    const { settings, kept } = loadSettings(dir);
    expect(settings.language).toBe('en');
    saveSettings(dir, { ...settings, sound: true }, kept);
    const written = readSettingsFile(dir);
    expect(written).toMatchObject({ theme: { dark: true }, addedIn: 'v9', language: 'de', sound: true, posId: POS_ID, serviceUrl: GOOD_FILE.serviceUrl });
  });

  it('moves a file that is not JSON aside as settings.json.bad-<time>, keeps its Pos-Id, and warns', () => {
    const dir = fresh();
    const broken = `{ "posId": "${POS_ID}", "language": "cs", ` + '\u0000\u0000 truncated';
    writeSettingsFile(dir, broken);
    const { log, lines } = recordingLogger();
    const { settings } = loadSettings(dir, log, Date.parse('2026-11-22T10:00:00Z'));
    expect(badFiles(dir)).toEqual(['settings.json.bad-2026-11-22T10-00-00-000Z']);
    expect(readFileSync(join(dir, 'settings.json.bad-2026-11-22T10-00-00-000Z'), 'utf8')).toBe(broken);
    expect(settings.posId).toBe(POS_ID);
    expect(settings.environment).toBe('demo');
    expect(readSettingsFile(dir).posId).toBe(POS_ID);
    expect(lines().some((l) => l.level === 40 && String(l.msg).includes('moved aside'))).toBe(true);
  });

  it('a JSON file that is not an object (an array, null) is moved aside too', () => {
    const dir = fresh();
    writeSettingsFile(dir, '[1, 2]');
    loadSettings(dir);
    expect(badFiles(dir)).toHaveLength(1);
  });

  it('mints a Pos-Id once for a new install and never again', () => {
    const dir = fresh();
    const first = loadSettings(dir);
    expect(first.existed).toBe(false);
    const second = loadSettings(dir);
    expect(second.existed).toBe(true);
    expect(second.settings.posId).toBe(first.settings.posId);
    writeSettingsFile(dir, { posId: POS_ID, language: 'xx' });
    expect(loadSettings(dir).settings.posId).toBe(POS_ID);
    expect(readSettingsFile(dir).posId).toBe(POS_ID);
  });
});

describe('damaged settings in a configured data dir', () => {
  const configured = () => true;
  const NOW = Date.parse('2026-11-22T10:00:00Z');

  it('what makes a data dir configured: a key, a database, a last good copy, an earlier damaged file', () => {
    const dir = fresh();
    expect(isConfiguredDataDir(dir, () => false)).toBe(false);
    expect(isConfiguredDataDir(dir, () => true)).toBe(true);
    writeFileSync(join(dir, 'tableside.sqlite'), '');
    expect(isConfiguredDataDir(dir, () => false)).toBe(false);
    writeFileSync(join(dir, 'tableside.sqlite'), 'SQLite format 3');
    expect(isConfiguredDataDir(dir, () => false)).toBe(true);
    for (const name of [LAST_GOOD_FILE, 'settings.json.bad-2026-11-22T10-00-00-000Z']) {
      const other = fresh();
      writeFileSync(join(other, name), '{}');
      expect(isConfiguredDataDir(other, () => false)).toBe(true);
    }
  });

  it('every good read and every save keeps the last good copy, the same text as settings.json', () => {
    const dir = fresh();
    writeSettingsFile(dir, GOOD_FILE);
    loadSettings(dir);
    expect(JSON.parse(readFileSync(join(dir, LAST_GOOD_FILE), 'utf8'))).toEqual(GOOD_FILE);
    const { settings, kept } = loadSettings(dir);
    saveSettings(dir, { ...settings, sound: true }, kept);
    expect(readFileSync(join(dir, LAST_GOOD_FILE), 'utf8')).toBe(readFileSync(join(dir, 'settings.json'), 'utf8'));
  });

  it.each([
    ['cut short', (t: string) => t.slice(0, 90), 'unreadable'],
    ['empty', () => '', 'unreadable'],
    ['not an object', () => '[1,2]', 'unreadable'],
    ['gone', null, 'missing'],
    ['naming an unknown environment', (t: string) => t.replace('"sandbox"', '"staging"'), 'environment'],
    ['without an environment', (t: string) => t.replace('"environment": "sandbox",', ''), 'environment'],
  ] as const)('settings.json %s, no good copy: damaged, never demo, nothing written, no Pos-Id minted', (_name, damage, kind) => {
    const dir = fresh();
    writeSettingsFile(dir, GOOD_FILE);
    const text = readFileSync(join(dir, 'settings.json'), 'utf8');
    if (damage) writeSettingsFile(dir, damage(text));
    else rmSync(join(dir, 'settings.json'));
    const { log, lines } = recordingLogger();
    const loaded = loadSettings(dir, log, NOW, configured);
    expect(loaded.damaged).toBe(kind);
    expect([POS_ID, '']).toContain(loaded.settings.posId);
    expect(existsSync(join(dir, LAST_GOOD_FILE))).toBe(false);
    if (kind === 'environment') expect(readFileSync(join(dir, 'settings.json'), 'utf8')).toBe(damage(text));
    else expect(existsSync(join(dir, 'settings.json'))).toBe(false);
    expect(lines().some((l) => l.level === 50 && String(l.msg).includes('never falls back to demo'))).toBe(true);
  });

  it('a damaged file with its Pos-Id readable keeps it; the last good copy wins when there is one', () => {
    const dir = fresh();
    writeSettingsFile(dir, GOOD_FILE);
    const text = readFileSync(join(dir, 'settings.json'), 'utf8');
    writeSettingsFile(dir, text.slice(0, 150));
    expect(loadSettings(dir, undefined, NOW, configured)).toMatchObject({
      damaged: 'unreadable',
      settings: { posId: POS_ID, serviceUrl: GOOD_FILE.serviceUrl },
    });

    writeSettingsFile(dir, GOOD_FILE);
    loadSettings(dir);
    writeSettingsFile(dir, '');
    const { log, lines } = recordingLogger();
    const restored = loadSettings(dir, log, NOW + 1, configured);
    expect(restored.damaged).toBeNull();
    expect(restored.settings).toMatchObject({ environment: 'sandbox', posId: POS_ID, language: 'cs' });
    expect(readSettingsFile(dir)).toEqual(GOOD_FILE);
    expect(badFiles(dir)).toHaveLength(2);
    expect(lines().some((l) => l.level === 40 && String(l.msg).includes('last good copy'))).toBe(true);
  });

  it('an unknown environment is not replaced by an older copy (it may pair the key with another URL); a damaged copy is no copy', () => {
    const dir = fresh();
    writeSettingsFile(dir, GOOD_FILE);
    loadSettings(dir);
    writeSettingsFile(dir, { ...GOOD_FILE, environment: 'staging' });
    expect(loadSettings(dir, undefined, NOW, configured).damaged).toBe('environment');
    writeFileSync(join(dir, LAST_GOOD_FILE), '{"environment": "sandb');
    writeSettingsFile(dir, '');
    expect(loadSettings(dir, undefined, NOW, configured).damaged).toBe('unreadable');
  });
});
