/**
 * The Electron main process's bundle (dist/main/shell/main.js) loaded in a fresh Node process on
 * the stand-in `electron` (test/shell/fixtures): the time from `import()` until its module graph
 * has evaluated (its top level done: the file logger opened, the AppUserModelID set), with the
 * app's `whenReady` held so no core starts. Beside it, the floor: the same kind of process
 * importing a generated file of plain functions of the same size, which only Node's own load,
 * read and parse cost. Each run is its own process, the two kinds alternating.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { SHELL_BUNDLE } from '../../scripts/bundle-shell.mjs';
import { median, type Bench } from './harness.js';

const run = promisify(execFile);
const HOOKS = pathToFileURL(resolve('test/shell/fixtures/electron-hooks.mjs')).href;

/** The child: the hook registered and `electron` loaded first (both cost the same on either side), then only the timed import. */
function child(file: string): string {
  return [
    "import { register } from 'node:module';",
    `register(${JSON.stringify(HOOKS)});`,
    "const { app } = await import('electron');",
    'app.whenReady = () => new Promise(() => {});',
    'const t0 = performance.now();',
    `await import(${JSON.stringify(pathToFileURL(file).href)});`,
    'const ms = performance.now() - t0;',
    "const evaluated = (globalThis.__fake?.log ?? []).some((e) => e[0] === 'setAppUserModelId');",
    'process.stdout.write(JSON.stringify({ ms, evaluated }));',
    'process.exit(0);',
  ].join('\n');
}

/** Plain code of about `bytes` bytes: small functions in one module, each pre-parsed, none run, one export. */
function plainCode(bytes: number): string {
  const parts: string[] = [];
  let size = 0;
  for (let i = 0; size < bytes; i++) {
    const fn = `function f${i}(a, b) {\n  const c = a * ${i} + b;\n  if (c > ${i}) return { value: c, index: ${i}, label: 'f${i}' };\n  return null;\n}\n`;
    parts.push(fn);
    size += fn.length;
  }
  return `${parts.join('')}export const count = ${parts.length};\n`;
}

async function loadOnce(script: string, dataDir: string): Promise<{ ms: number; evaluated: boolean }> {
  const { stdout } = await run(process.execPath, ['--input-type=module', '-e', script], {
    env: { ...process.env, FAKE_USER_DATA: dataDir, TABLESIDE_LOG_LEVEL: 'error' },
    timeout: 60_000,
  });
  return JSON.parse(stdout) as { ms: number; evaluated: boolean };
}

const bench: Bench = async ({ quick }) => {
  const runs = quick ? 3 : 15;
  const dir = mkdtempSync(join(tmpdir(), 'tableside-shell-load-'));
  try {
    const bundle = resolve(SHELL_BUNDLE);
    const bundleBytes = statSync(bundle).size;
    const floorFile = join(dir, 'plain.mjs');
    writeFileSync(floorFile, plainCode(bundleBytes));
    const floorBytes = statSync(floorFile).size;
    const bundleMs: number[] = [];
    const floorMs: number[] = [];
    let evaluated = 0;
    for (let i = 0; i < runs; i++) {
      const data = join(dir, `data-${i}`);
      const b = await loadOnce(child(bundle), data);
      if (b.evaluated) evaluated++;
      bundleMs.push(b.ms);
      floorMs.push((await loadOnce(child(floorFile), data)).ms);
    }
    const value = median(bundleMs);
    const floor = median(floorMs);
    const ratio = value / floor;
    const checked = { runs, evaluated, sameSize: Math.abs(floorBytes - bundleBytes) / bundleBytes < 0.01 };
    const expected = { runs, evaluated: runs, sameSize: true };
    const bench = 'Electron main bundle load';
    const what = `import() of dist/main/shell/main.js (${(bundleBytes / 1024 / 1024).toFixed(1)} MiB) on the stand-in electron until its top level ran, median of ${runs} fresh processes; floor: a file of plain functions of the same size`;
    return [
      {
        bench,
        metric: 'load, median',
        what,
        value,
        unit: 'ms',
        baseline: { metric: 'same-size plain file', value: floor, unit: 'ms' },
        // Generous on purpose: the bundle runs its modules' top levels and opens the log file, the floor only parses.
        target: '<= 3x the floor',
        met: ratio <= 3,
        checked,
        expected,
      },
      { bench, metric: 'ratio to the floor', what: 'load median / floor median', value: ratio, unit: 'x', target: null, met: null, checked, expected },
    ];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
};

export default bench;
