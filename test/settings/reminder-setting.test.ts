import { afterEach, describe, expect, it } from 'vitest';
import { loadSettings } from '../../main/features/settings/settings-file.js';
import { GOOD_FILE, dataDir, remove, writeSettingsFile } from './settings-fixtures.js';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach(remove));

describe('reminderSeconds', () => {
  it('a settings.json from before the field loads unchanged, with the reminder every 60 s', () => {
    const dir = dataDir();
    dirs.push(dir);
    const { reminderSeconds: _r, ...older } = GOOD_FILE;
    writeSettingsFile(dir, older);
    const { settings } = loadSettings(dir);
    expect(settings.reminderSeconds).toBe(60);
    expect(settings).toMatchObject(older);
  });

  it('a stored value arrives', () => {
    const dir = dataDir();
    dirs.push(dir);
    writeSettingsFile(dir, { ...GOOD_FILE, reminderSeconds: 0 });
    expect(loadSettings(dir).settings.reminderSeconds).toBe(0);
  });
});
