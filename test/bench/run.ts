/**
 * `npm run bench [-- name...]`: runs every test/bench/*.bench.ts (each default-exports a Bench),
 * prints one table and writes bench/results.json. Exits 1 when a target is missed.
 */
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Bench, BenchFigure } from './harness.js';

const here = dirname(fileURLToPath(import.meta.url));
const filters = process.argv.slice(2);
const files = readdirSync(here)
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => filters.length === 0 || filters.some((x) => f.includes(x)))
  .sort();

const figures: BenchFigure[] = [];
for (const file of files) {
  process.stderr.write(`bench: ${file}\n`);
  const mod = (await import(pathToFileURL(join(here, file)).href)) as { default: Bench };
  figures.push(...(await mod.default()));
}

const fmt = (n: number) => (Math.abs(n) >= 100 ? n.toFixed(0) : n.toFixed(2));
const rows = figures.map((f) => [
  f.bench,
  f.metric,
  `${fmt(f.value)} ${f.unit}`,
  f.baseline ? `${f.baseline.metric}: ${fmt(f.baseline.value)} ${f.baseline.unit}` : '',
  f.target,
  f.pass ? 'ok' : 'MISSED',
]);
const head = ['bench', 'metric', 'value', 'baseline (same run)', 'target', ''];
const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
const line = (r: string[]) => r.map((c, i) => c.padEnd(widths[i]!)).join(' | ');
console.log(line(head));
console.log(widths.map((w) => '-'.repeat(w)).join('-|-'));
for (const r of rows) console.log(line(r));

const out = join(here, '../../bench/results.json');
mkdirSync(dirname(out), { recursive: true });
writeFileSync(out, JSON.stringify({ at: new Date().toISOString(), node: process.version, figures }, null, 2));
console.log(`\nwritten: bench/results.json (${figures.length} figures)`);
process.exitCode = figures.every((f) => f.pass) ? 0 : 1;
