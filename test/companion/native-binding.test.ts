import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createCompanion } from '../../main/app/companion.js';
import { silentLogger } from '../../main/base/log.js';
import { dataDir, remove, writeSettingsFile } from '../settings/settings-fixtures.js';
import { embeddedDemo } from './demo-port.js';

/** The Node build of better-sqlite3 the tests use: a real binding the option can point at. */
const nodeBuild = join(dirname(createRequire(import.meta.url).resolve('better-sqlite3/package.json')), 'build', 'Release', 'better_sqlite3.node');

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach(remove));
function demoDir(): string {
  const dir = dataDir();
  dirs.push(dir);
  writeSettingsFile(dir, { posApiPort: 0 });
  return dir;
}

describe('createCompanion({ nativeBinding }) reaches better-sqlite3', () => {
  it('a binding path that does not exist fails with a sentence naming the path', async () => {
    const dir = demoDir();
    const missing = join(dir, 'native', 'better_sqlite3.node');
    await expect(createCompanion({ dataDir: dir, nativeBinding: missing, demo: embeddedDemo, log: silentLogger() })).rejects.toThrow(
      `The SQLite engine (better-sqlite3 built for this app) is missing at ${missing}: reinstall Tableside.`,
    );
  });

  it('a file that is not a binding is handed to the loader, whose refusal names it (the option was not dropped)', async () => {
    const dir = demoDir();
    const bogus = join(dir, 'bogus.node');
    writeFileSync(bogus, 'not a shared object');
    await expect(createCompanion({ dataDir: dir, nativeBinding: bogus, demo: embeddedDemo, log: silentLogger() })).rejects.toThrow(bogus);
  });

  it('the real build at an explicit path opens the database', async () => {
    const dir = demoDir();
    const companion = await createCompanion({ dataDir: dir, nativeBinding: nodeBuild, demo: embeddedDemo, log: silentLogger() });
    try {
      expect((await companion.api.getSnapshot()).tables.length).toBeGreaterThan(0);
    } finally {
      await companion.stop();
    }
  });
});
