import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ensurePrivateDir, RENAME_WAITS_MS, REAL_FS, writePrivateFile, type FileSystemOps } from '../../main/base/private-files.js';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));
function dir(): string {
  const d = mkdtempSync(join(tmpdir(), 'tableside-private-'));
  dirs.push(d);
  return d;
}

const held = (code: string) => Object.assign(new Error(`${code}: file held`), { code });

/** The real rename, failing with `code` the first `times` tries (a Windows antivirus holding the file). */
function holding(code: string, times: number): FileSystemOps & { waits: number[]; tries: number } {
  const ops = {
    waits: [] as number[],
    tries: 0,
    rename(from: string, to: string) {
      ops.tries += 1;
      if (ops.tries <= times) throw held(code);
      REAL_FS.rename(from, to);
    },
    pause(ms: number) {
      ops.waits.push(ms);
    },
  };
  return ops;
}

describe('private files', () => {
  it('writes the whole file, 0600, with no temp file left', () => {
    const d = dir();
    const file = join(d, 'pos-api-token');
    writePrivateFile(file, 'a'.repeat(100_000));
    writePrivateFile(file, 'second\n');
    expect(readFileSync(file, 'utf8')).toBe('second\n');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readdirSync(d)).toEqual(['pos-api-token']);
  });

  it('tries a held rename again (EPERM, EBUSY) and succeeds once the file is let go', () => {
    const d = dir();
    const file = join(d, 'settings.json');
    for (const code of ['EPERM', 'EBUSY']) {
      const ops = holding(code, 3);
      writePrivateFile(file, `{"by":"${code}"}`, ops);
      expect(readFileSync(file, 'utf8')).toBe(`{"by":"${code}"}`);
      expect(ops.waits).toEqual(RENAME_WAITS_MS.slice(0, 3));
    }
    expect(readdirSync(d)).toEqual(['settings.json']);
  });

  it('gives up on a file held for good: the error, the old file whole, no temp file', () => {
    const d = dir();
    const file = join(d, 'settings.json');
    writePrivateFile(file, '{"old":true}');
    const ops = holding('EPERM', Infinity);
    expect(() => writePrivateFile(file, '{"new":true}', ops)).toThrow(/EPERM/);
    expect(ops.tries).toBe(RENAME_WAITS_MS.length + 1);
    expect(readFileSync(file, 'utf8')).toBe('{"old":true}');
    expect(readdirSync(d)).toEqual(['settings.json']);
  });

  it('does not retry what waiting cannot fix', () => {
    const d = dir();
    const ops = holding('ENOSPC', 1);
    expect(() => writePrivateFile(join(d, 'settings.json'), '{}', ops)).toThrow(/ENOSPC/);
    expect(ops.waits).toEqual([]);
    expect(readdirSync(d)).toEqual([]);
  });

  it('removes the temp files a crash left behind at start, and narrows the secrets', () => {
    const d = dir();
    writeFileSync(join(d, 'settings.json'), '{}', { mode: 0o644 });
    writeFileSync(join(d, 'pos-api-token.0123456789ab.tmp'), 'secret');
    writeFileSync(join(d, 'notes.tmp'), 'not ours');
    ensurePrivateDir(d);
    expect(readdirSync(d).sort()).toEqual(['notes.tmp', 'settings.json']);
    expect(statSync(join(d, 'settings.json')).mode & 0o777).toBe(0o600);
  });
});
