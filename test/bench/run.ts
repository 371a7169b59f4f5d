/**
 * `npm run bench [-- --quick] [-- --no-build] [-- name...]`: runs test/bench/*.bench.ts (each
 * default-exports a Bench), prints one table and writes bench/results.json.
 * A figure whose checked work fell short (or whose bench threw) is FAILED and has no number.
 * Exits 1 when any figure failed or missed its target.
 */
import { bundleHeadless } from '../../scripts/bundle-headless.mjs';
import { bundleShell } from '../../scripts/bundle-shell.mjs';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { performance } from 'node:perf_hooks';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { exitCode, record, type Bench, type BenchOptions, type RecordedFigure } from './harness.js';

const HELP = `npm run bench [-- options] [-- name...]
  name...      run only the benches whose file name contains one of these (e.g. memory idle)
  --quick      reduced counts and windows: checks the benches and their checked work quickly
               (CI runs it in npm test); the results are marked quick and bench:readme refuses
               them, and only failed work fails the run: a missed ratio is information there
  --no-build   do not compile the host to dist/ first (it must be current)
  --list       list the benches and exit
  --help       this text
Writes bench/results.json; \`npm run bench:readme\` writes test/bench/RESULTS.md and docs/benchmarks.md from it.`;

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '../..');
const argv = process.argv.slice(2);
if (argv.includes('--help')) {
  console.log(HELP);
  process.exit(0);
}
const unknown = argv.filter((a) => a.startsWith('--') && !['--quick', '--no-build', '--list'].includes(a));
if (unknown.length > 0) {
  console.error(`bench: unknown option ${unknown.join(' ')}\n\n${HELP}`);
  process.exit(2);
}
const options: BenchOptions = { quick: argv.includes('--quick') };
const filters = argv.filter((a) => !a.startsWith('--'));
const files = readdirSync(here)
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => filters.length === 0 || filters.some((x) => f.includes(x)))
  .sort();
if (argv.includes('--list') || files.length === 0) {
  console.log(files.length ? files.join('\n') : `no bench matches ${filters.join(' ')}`);
  process.exit(files.length ? 0 : 2);
}

// The benches run the host as deployed (the bundle dist/main/headless/headless.bundle.mjs): build
// it from this tree (after tsc, which refuses a tree with type errors), so no bench measures a
// stale build.
if (!argv.includes('--no-build')) {
  process.stderr.write('bench: compiling the host (tsc -p tsconfig.build.json, then its bundle and the Electron main bundle)\n');
  execFileSync(join(root, 'node_modules/.bin/tsc'), ['-p', 'tsconfig.build.json'], { cwd: root, stdio: 'inherit' });
  await bundleHeadless();
  await bundleShell();
}

type Row = RecordedFigure & { file: string };
const figures: Row[] = [];
const runs: Record<string, { at: string; quick: boolean }> = {};
const started = performance.now();
for (const file of files) {
  process.stderr.write(`bench: ${file} (at ${((performance.now() - started) / 1000).toFixed(0)} s)\n`);
  const name = file.replace(/\.bench\.ts$/, '');
  runs[file] = { at: new Date().toISOString(), quick: options.quick };
  try {
    const mod = (await import(pathToFileURL(join(here, file)).href)) as { default: Bench };
    figures.push(...(await mod.default(options)).map((f) => ({ ...record(f), file })));
  } catch (e) {
    // A bench that could not finish its work has no figures: one failed row says why.
    process.stderr.write(`bench: ${file} failed: ${(e as Error).stack ?? String(e)}\n`);
    figures.push({ file, bench: name, metric: '(the bench did not finish)', what: '', value: null, unit: '', target: null, met: null, checked: {}, expected: {}, status: 'failed', failure: (e as Error).message });
  }
}

const fmt = (n: number) => (Math.abs(n) >= 100 ? n.toFixed(0) : n.toFixed(2));
const rows = figures.map((f) => [
  f.bench,
  f.metric,
  f.value === null ? 'FAILED' : `${fmt(f.value)} ${f.unit}`,
  f.baseline ? `${f.baseline.metric}: ${fmt(f.baseline.value)} ${f.baseline.unit}` : '',
  f.target ?? '(information)',
  f.status === 'failed' ? `FAILED: ${f.failure}` : f.status,
]);
const head = ['bench', 'metric', 'value', 'baseline (same run)', 'target', ''];
const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
const line = (r: string[]) => r.map((c, i) => c.padEnd(widths[i]!)).join(' | ');
console.log(line(head));
console.log(widths.map((w) => '-'.repeat(w)).join('-|-'));
for (const r of rows) console.log(line(r));

// A run of some benches replaces their figures and keeps the others' (each bench says when it ran).
const out = join(root, 'bench/results.json');
mkdirSync(dirname(out), { recursive: true });
const previous = filters.length > 0 && existsSync(out) ? (JSON.parse(readFileSync(out, 'utf8')) as { runs?: typeof runs; figures?: Row[] }) : {};
const kept = (previous.figures ?? []).filter((f) => !files.includes(f.file));
const keptRuns = Object.fromEntries(Object.entries(previous.runs ?? {}).filter(([file]) => !files.includes(file)));
const all = [...kept, ...figures].sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
writeFileSync(out, `${JSON.stringify({ node: process.version, cores: availableParallelism(), runs: { ...keptRuns, ...runs }, figures: all }, null, 2)}\n`);
const count = (s: RecordedFigure['status']) => figures.filter((f) => f.status === s).length;
console.log(`\nwritten: bench/results.json (${all.length} figures; this run ${figures.length}: ${count('met')} met, ${count('missed')} missed, ${count('failed')} failed, ${count('info')} information)`);
console.log(`took ${((performance.now() - started) / 1000).toFixed(0)} s${options.quick && count('missed') > 0 ? `; quick: ${count('missed')} missed targets are information` : ''}`);
process.exitCode = exitCode(figures, options.quick);
