// Electronegativity (Electron security lint) as a CI gate. The tool always exits 0 and weighs
// 147 MB, so CI installs it apart (.ci/run) and this script runs it and reads its SARIF reports:
//   node scripts/electronegativity-gate.mjs scan --bin <electronegativity> --out <dir>
//     scans the sources (main/, preload/, renderer/ without tests, staged in one folder so the
//     global checks see the whole app) and the build (dist/), writing <dir>/sources.sarif and
//     <dir>/build.sarif;
//   node scripts/electronegativity-gate.mjs check <dir> [--triage <file>]
//     compares both reports with electronegativity-triage.json: a finding not listed there, or more
//     findings of a check in a file than the triage allows, fails (exit 1); a triage entry nothing
//     matches any more is only reported (it can be removed), unless it is marked `onlyOnline` (its
//     check runs only with network access, so offline it matches nothing and is said to be not run).
// A finding is keyed by check id and file (line numbers move with every edit): sources as repo
// paths ("main/shell/csp.ts"), the build under "dist/", app-wide findings as "(app)"; a triage
// entry with file "*" covers every finding of its check.
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const projectDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const TRIAGE_FILE = path.join(projectDir, 'electronegativity-triage.json');
const SOURCE_DIRS = ['main', 'preload', 'renderer'];
/** What is not part of the app: tests, test setup and build configs. */
const NOT_APP = /(\.test\.tsx?$|test-setup\.ts$|vite\.config\.mjs$)/;

/** The file a finding names, as the triage writes it. */
export function findingFile(uri, prefix) {
  if (!uri || uri === 'N/A' || uri.startsWith('file:')) return '(app)';
  return path.posix.join(prefix, uri.replaceAll('\\', '/'));
}

/** Findings of one SARIF report: [{ check, file, line, message }]. Throws when the report is unreadable. */
export function readFindings(sarifFile, prefix) {
  const report = JSON.parse(readFileSync(sarifFile, 'utf8'));
  const results = report?.runs?.[0]?.results;
  if (!Array.isArray(results)) throw new Error(`${sarifFile}: not a SARIF report`);
  return results.map((r) => {
    const location = r.locations?.[0]?.physicalLocation;
    return {
      check: String(r.ruleId),
      file: findingFile(location?.artifactLocation?.uri, prefix),
      line: location?.region?.startLine ?? null,
      message: r.message?.text ?? '',
    };
  });
}

/** The triage list, checked: each entry a check id, a file, a reason, optionally a count (default 1) and onlyOnline. */
export function loadTriage(file = TRIAGE_FILE) {
  const entries = JSON.parse(readFileSync(file, 'utf8'));
  if (!Array.isArray(entries)) throw new Error(`${file}: expected an array of { check, file, reason }`);
  for (const [i, e] of entries.entries()) {
    const ok = typeof e?.check === 'string' && typeof e.file === 'string' && typeof e.reason === 'string' && e.reason.trim().length >= 20;
    if (!ok) throw new Error(`${file}: entry ${i} needs check, file and a reason (20 characters or more)`);
    if (e.count !== undefined && !(Number.isInteger(e.count) && e.count > 0)) throw new Error(`${file}: entry ${i} count must be a positive integer`);
    if (e.onlyOnline !== undefined && typeof e.onlyOnline !== 'boolean') throw new Error(`${file}: entry ${i} onlyOnline must be true or false`);
  }
  return entries;
}

const key = (check, file) => `${check} ${file}`;

/**
 * Findings beyond the triage (untriaged), triage entries nothing matched (stale), and entries of
 * checks that need network access that nothing matched (notRun: offline they cannot match).
 */
export function compareToTriage(findings, triage) {
  const allowed = new Map(triage.map((e) => [key(e.check, e.file), e.count ?? 1]));
  // file "*": every finding of that check, wherever the tool puts it (for app-wide checks).
  const anywhere = new Set(triage.filter((e) => e.file === '*').map((e) => e.check));
  const seen = new Map();
  const untriaged = [];
  for (const f of findings) {
    const k = anywhere.has(f.check) ? key(f.check, '*') : key(f.check, f.file);
    const n = (seen.get(k) ?? 0) + 1;
    seen.set(k, n);
    if (!anywhere.has(f.check) && n > (allowed.get(k) ?? 0)) untriaged.push(f);
  }
  const unmatched = triage.filter((e) => !seen.has(key(e.check, e.file)));
  return { untriaged, stale: unmatched.filter((e) => !e.onlyOnline), notRun: unmatched.filter((e) => e.onlyOnline) };
}

/** Reads both reports of a scan folder and compares them; returns the lines to print and the verdict. */
export function checkReports(dir, triageFile = TRIAGE_FILE) {
  const lines = [];
  let findings;
  try {
    findings = [...readFindings(path.join(dir, 'sources.sarif'), ''), ...readFindings(path.join(dir, 'build.sarif'), 'dist')];
  } catch (e) {
    return { ok: false, lines: [`electronegativity: no usable report in ${dir} (${e.message})`] };
  }
  let triage;
  try {
    triage = loadTriage(triageFile);
  } catch (e) {
    return { ok: false, lines: [`electronegativity: ${e.message}`] };
  }
  const { untriaged, stale, notRun } = compareToTriage(findings, triage);
  for (const f of untriaged) lines.push(`NEW ${f.check} ${f.file}${f.line ? `:${f.line}` : ''} ${f.message}`);
  for (const e of stale) lines.push(`stale triage entry (no longer found): ${e.check} ${e.file}`);
  for (const e of notRun) lines.push(`triage entry not matched (its check needs network access: not run here, or fixed): ${e.check} ${e.file}`);
  lines.push(`electronegativity: ${findings.length} findings, ${untriaged.length} not in ${path.basename(triageFile)}`);
  return { ok: untriaged.length === 0, lines };
}

/** Runs the tool on the staged sources and on dist/. */
export function scan(bin, outDir) {
  const electronVersion = JSON.parse(readFileSync(path.join(projectDir, 'package.json'), 'utf8')).devDependencies.electron.replace(/^[^\d]*/, '');
  rmSync(outDir, { recursive: true, force: true });
  const staged = path.join(outDir, 'sources');
  mkdirSync(staged, { recursive: true });
  for (const dir of SOURCE_DIRS) cpSync(path.join(projectDir, dir), path.join(staged, dir), { recursive: true, filter: (src) => !NOT_APP.test(src) });
  cpSync(path.join(projectDir, 'package.json'), path.join(staged, 'package.json'));
  const targets = [
    [staged, 'sources.sarif'],
    [path.join(projectDir, 'dist'), 'build.sarif'],
  ];
  for (const [input, report] of targets) {
    if (!existsSync(input)) throw new Error(`${input} is missing (build first: npm run build)`);
    execFileSync(bin, ['-i', input, '-r', '-e', electronVersion, '-v', 'false', '-o', path.join(outDir, report)], { stdio: ['ignore', 'ignore', 'inherit'] });
  }
  rmSync(staged, { recursive: true, force: true });
}

function main(argv) {
  const [mode, ...rest] = argv;
  if (mode === 'scan') {
    const arg = (name) => rest[rest.indexOf(name) + 1];
    scan(path.resolve(arg('--bin')), path.resolve(arg('--out')));
    return 0;
  }
  if (mode === 'check') {
    const triageAt = rest.indexOf('--triage');
    const triage = triageAt >= 0 ? path.resolve(rest[triageAt + 1]) : TRIAGE_FILE;
    const dirs = triageAt >= 0 ? rest.filter((_, i) => i !== triageAt && i !== triageAt + 1) : rest;
    const result = checkReports(path.resolve(dirs[0] ?? 'test-results/electronegativity'), triage);
    for (const line of result.lines) (result.ok ? console.log : console.error)(line);
    return result.ok ? 0 : 1;
  }
  console.error('usage: electronegativity-gate.mjs scan --bin <electronegativity> --out <dir> | check [<dir>] [--triage <file>]');
  return 2;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) process.exit(main(process.argv.slice(2)));
