import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

/**
 * scripts/electronegativity-gate.mjs run as CI runs it (`check <dir> [--triage <file>]`) on SARIF
 * reports shaped like electronegativity 1.10.3's (the tool itself is installed only in CI: .ci/run),
 * and the checked-in triage file against the repository.
 */
const run = promisify(execFile);
const SCRIPT = path.resolve('scripts/electronegativity-gate.mjs');

interface Finding {
  check: string;
  uri: string;
  line?: number;
}

function sarif(findings: Finding[]): string {
  const results = findings.map((f) => ({
    ruleId: f.check,
    level: 'note',
    message: { text: `finding of ${f.check}` },
    locations: [{ physicalLocation: { artifactLocation: { uri: f.uri }, region: { startLine: f.line ?? 1, startColumn: 1, charLength: 0 } } }],
  }));
  return JSON.stringify({ version: '2.1.0', runs: [{ tool: { driver: { name: 'Electronegativity' } }, results, invocations: [] }] });
}

async function gate(args: string[]): Promise<{ code: number; out: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, [SCRIPT, ...args]);
    return { code: 0, out: stdout + stderr };
  } catch (e) {
    const err = e as { code: number; stdout: string; stderr: string };
    return { code: err.code, out: err.stdout + err.stderr };
  }
}

let dir: string;
let reports: string;
let triage: string;

function write(sources: Finding[], build: Finding[], entries: unknown[]): void {
  writeFileSync(path.join(reports, 'sources.sarif'), sarif(sources));
  writeFileSync(path.join(reports, 'build.sarif'), sarif(build));
  writeFileSync(triage, JSON.stringify(entries));
}

const REASON = 'reviewed: a false positive, tested elsewhere';

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'tableside-eneg-'));
  reports = path.join(dir, 'reports');
  mkdirSync(reports);
  triage = path.join(dir, 'triage.json');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('electronegativity gate', () => {
  it('passes when every finding of the sources and the build is in the triage', async () => {
    write(
      [{ check: 'SANDBOX_JS_CHECK', uri: 'main/shell/window-factory.ts', line: 92 }],
      [{ check: 'SANDBOX_JS_CHECK', uri: 'main/shell/window-factory.js', line: 68 }],
      [
        { check: 'SANDBOX_JS_CHECK', file: 'main/shell/window-factory.ts', reason: REASON },
        { check: 'SANDBOX_JS_CHECK', file: 'dist/main/shell/window-factory.js', reason: REASON },
      ],
    );
    const result = await gate(['check', reports, '--triage', triage]);
    expect(result.out).toContain('electronegativity: 2 findings, 0 not in triage.json');
    expect(result.code).toBe(0);
  });

  it('reads the checked-in triage file when none is given (as CI runs it)', async () => {
    write([], [], []);
    const result = await gate(['check', reports]);
    expect(result.out).toContain('electronegativity: 0 findings, 0 not in electronegativity-triage.json');
    expect(result.code).toBe(0);
  });

  it('fails on a new finding, naming its check, file and line', async () => {
    write([{ check: 'NODE_INTEGRATION_JS_CHECK', uri: 'main/shell/printing.ts', line: 12 }], [], []);
    const result = await gate(['check', reports, '--triage', triage]);
    expect(result.code).toBe(1);
    expect(result.out).toContain('NEW NODE_INTEGRATION_JS_CHECK main/shell/printing.ts:12');
  });

  it('a triaged check in a file does not cover a second finding of it there', async () => {
    write(
      [
        { check: 'OPEN_EXTERNAL_JS_CHECK', uri: 'main/shell/window-factory.ts', line: 73 },
        { check: 'OPEN_EXTERNAL_JS_CHECK', uri: 'main/shell/window-factory.ts', line: 120 },
      ],
      [],
      [{ check: 'OPEN_EXTERNAL_JS_CHECK', file: 'main/shell/window-factory.ts', reason: REASON }],
    );
    const result = await gate(['check', reports, '--triage', triage]);
    expect(result.code).toBe(1);
    expect(result.out).toContain('NEW OPEN_EXTERNAL_JS_CHECK main/shell/window-factory.ts:120');
  });

  it('app-wide findings are keyed "(app)", and "*" covers a check wherever it is reported', async () => {
    write(
      [{ check: 'LIMIT_NAVIGATION_GLOBAL_CHECK', uri: 'file:///' }],
      [{ check: 'AVAILABLE_SECURITY_FIXES_GLOBAL_CHECK', uri: 'package.json' }],
      [{ check: 'AVAILABLE_SECURITY_FIXES_GLOBAL_CHECK', file: '*', reason: REASON }],
    );
    const result = await gate(['check', reports, '--triage', triage]);
    expect(result.code).toBe(1);
    expect(result.out).toContain('NEW LIMIT_NAVIGATION_GLOBAL_CHECK (app)');
    expect(result.out).not.toContain('NEW AVAILABLE_SECURITY_FIXES');
  });

  it('reports triage entries nothing matches any more, without failing', async () => {
    write([], [], [{ check: 'CSP_GLOBAL_CHECK', file: 'renderer/index.html', reason: REASON }]);
    const result = await gate(['check', reports, '--triage', triage]);
    expect(result.code).toBe(0);
    expect(result.out).toContain('stale triage entry (no longer found): CSP_GLOBAL_CHECK renderer/index.html');
  });

  it('says an unmatched entry marked onlyOnline was not run (offline it cannot match), instead of calling it stale', async () => {
    write(
      [],
      [],
      [
        { check: 'AVAILABLE_SECURITY_FIXES_GLOBAL_CHECK', file: '*', onlyOnline: true, reason: REASON },
        { check: 'CSP_GLOBAL_CHECK', file: 'renderer/index.html', reason: REASON },
      ],
    );
    const result = await gate(['check', reports, '--triage', triage]);
    expect(result.code).toBe(0);
    expect(result.out).toContain('triage entry not matched (its check needs network access: not run here, or fixed): AVAILABLE_SECURITY_FIXES_GLOBAL_CHECK *');
    expect(result.out).not.toContain('stale triage entry (no longer found): AVAILABLE_SECURITY_FIXES_GLOBAL_CHECK');
    expect(result.out).toContain('stale triage entry (no longer found): CSP_GLOBAL_CHECK renderer/index.html');
    // When the check did run (online) and found something, the entry covers it as before.
    write(
      [],
      [{ check: 'AVAILABLE_SECURITY_FIXES_GLOBAL_CHECK', uri: 'package.json' }],
      [{ check: 'AVAILABLE_SECURITY_FIXES_GLOBAL_CHECK', file: '*', onlyOnline: true, reason: REASON }],
    );
    const online = await gate(['check', reports, '--triage', triage]);
    expect(online.code).toBe(0);
    expect(online.out).not.toContain('not matched');
    expect(online.out).toContain('electronegativity: 1 findings, 0 not in triage.json');
    write([], [], [{ check: 'AVAILABLE_SECURITY_FIXES_GLOBAL_CHECK', file: '*', onlyOnline: 'yes', reason: REASON }]);
    const wrongType = await gate(['check', reports, '--triage', triage]);
    expect(wrongType.code).toBe(1);
    expect(wrongType.out).toContain('entry 0 onlyOnline must be true or false');
  });

  it('fails without a report (the tool exits 0 even when it did not run) and on an entry without a reason', async () => {
    writeFileSync(triage, '[]');
    const missing = await gate(['check', reports, '--triage', triage]);
    expect(missing.code).toBe(1);
    expect(missing.out).toContain('no usable report');

    write([], [], [{ check: 'CSP_GLOBAL_CHECK', file: 'renderer/index.html', reason: 'ok' }]);
    const unreasoned = await gate(['check', reports, '--triage', triage]);
    expect(unreasoned.code).toBe(1);
    expect(unreasoned.out).toContain('entry 0 needs check, file and a reason');
  });
});

describe('electronegativity-triage.json', () => {
  const entries = JSON.parse(readFileSync('electronegativity-triage.json', 'utf8')) as { check: string; file: string; reason: string }[];

  it('gives every entry a check id, a file and a reason', () => {
    expect(entries.length).toBeGreaterThan(0);
    for (const e of entries) {
      expect(e.check, JSON.stringify(e)).toMatch(/^[A-Z_]+_CHECK$/);
      expect(e.reason.length, e.check).toBeGreaterThanOrEqual(20);
    }
  });

  it('names files that exist (a build file by its source)', () => {
    for (const e of entries.filter((x) => x.file !== '*' && x.file !== '(app)')) {
      const source = e.file.startsWith('dist/') ? e.file.slice('dist/'.length).replace(/\.js$/, '.ts') : e.file;
      expect(existsSync(source), e.file).toBe(true);
    }
  });
});
