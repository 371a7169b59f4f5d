// Bundles the headless host (main/headless/cli.ts) into one ES module file: loading hundreds of
// separate modules (zod, pino, ws, ...) was most of its cold start. What the host imports only
// when needed (the demo sandbox, the browser UI) goes to chunks next to it (`chunks/`), read and
// compiled only by a host that uses them. Native and optional modules stay outside (better-sqlite3
// loads a .node file; ws's bufferutil/utf-8-validate are optional), and are resolved from
// node_modules at run time as before.
import { build } from 'esbuild';
import { readFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const HEADLESS_BUNDLE = 'dist/main/headless/headless.bundle.mjs';

/**
 * Left to node_modules: native modules, ws's optional speed-ups, and pino-pretty (optional, never
 * loaded by the host). pino and pino-roll are inside: the loggers call them directly
 * (main/base/log.ts, main/base/logging/file-logger.ts). pino.transport cannot work from the bundle (it starts
 * a worker from a file next to pino's own) and the host does not use it: see noPinoTransport.
 */
export const EXTERNAL = ['better-sqlite3', 'bufferutil', 'utf-8-validate', 'electron', 'pino-pretty'];

const root = fileURLToPath(new URL('..', import.meta.url));

/**
 * pino-roll requires all of date-fns (`const { format, ... } = require('date-fns')`): its index
 * loads every function, ~70 ms of each start from node_modules and most of its bytes in a bundle.
 * Inside the bundle pino-roll gets a module with only the functions its own source names, each
 * from its own date-fns file. Read from pino-roll's source at build time, so a pino-roll that
 * names another function gets it too; one whose source no longer reads so fails the build.
 */
export const fewDateFns = {
  name: 'date-fns-for-pino-roll',
  setup(b) {
    b.onResolve({ filter: /^date-fns$/ }, (args) =>
      /[\\/]pino-roll[\\/]/.test(args.importer) ? { path: args.importer, namespace: 'date-fns-for-pino-roll' } : undefined,
    );
    b.onLoad({ filter: /.*/, namespace: 'date-fns-for-pino-roll' }, async (args) => {
      const source = await readFile(args.path, 'utf8');
      const m = /const\s*\{([^}]*)\}\s*=\s*require\(\s*['"]date-fns['"]\s*\)/.exec(source);
      const names = m ? m[1].split(',').map((s) => s.trim()) : [];
      if (names.length === 0 || !names.every((n) => /^[A-Za-z]\w*$/.test(n))) {
        throw new Error(`${args.path}: no "const { ... } = require('date-fns')" to read the functions it uses from`);
      }
      const contents = names.map((n) => `exports.${n} = require('date-fns/${n}').${n};`).join('\n');
      return { contents, loader: 'js', resolveDir: dirname(args.path) };
    });
  },
};

/**
 * zod's `z.locales` (and `z.core.locales`): its error messages in 40-odd languages, a fifth of the
 * bundle, compiled at each start. The host never calls z.config(z.locales.xx()): its errors carry
 * codes, and zod's English default (imported on its own by zod's schemas) stays.
 */
export const noZodLocales = {
  name: 'no-zod-locales',
  setup(b) {
    b.onResolve({ filter: /^\.\.\/locales\/index\.js$/ }, (args) =>
      /[\\/]zod[\\/]v4[\\/](classic|core)[\\/]/.test(args.importer) ? { path: 'zod-locales', namespace: 'no-zod-locales' } : undefined,
    );
    b.onLoad({ filter: /.*/, namespace: 'no-zod-locales' }, () => ({ contents: 'export {};', loader: 'js' }));
  },
};

/**
 * pino requires thread-stream (its worker-thread transport) when it loads, for pino.transport
 * only: inside the bundle it gets a stand-in that refuses to start, so a transport added one day
 * fails at once with a clear error instead of a worker file not found.
 */
export const noPinoTransport = {
  name: 'no-pino-transport',
  setup(b) {
    b.onResolve({ filter: /^thread-stream$/ }, (args) =>
      /[\\/]pino[\\/]lib[\\/]/.test(args.importer) ? { path: 'thread-stream', namespace: 'no-pino-transport' } : undefined,
    );
    b.onLoad({ filter: /.*/, namespace: 'no-pino-transport' }, () => ({
      contents:
        "module.exports = class ThreadStream { constructor() { throw new Error('pino.transport is not available in the headless bundle (scripts/bundle-headless.mjs)'); } };",
      loader: 'js',
    }));
  },
};

/** The store's checkpoint worker: a script of its own, which the thread that starts it finds beside itself. */
export const CHECKPOINT_THREAD = 'main/store/engine/checkpoint-thread.ts';
const CHECKPOINT_WORKER = 'main/store/engine/checkpoint-worker.ts';

/**
 * Builds `outfile` and, beside it, `chunks/` with the modules the host imports only when needed
 * (the demo sandbox, the browser UI, the support bundle, undici for long-poll); and the checkpoint
 * worker beside whichever of those files holds the thread that starts it (checkpoint-thread.ts
 * workerScript: `checkpoint-worker.mjs` next to itself).
 */
export async function bundleHeadless(outfile = HEADLESS_BUNDLE) {
  const { metafile } = await build({
    absWorkingDir: root,
    entryPoints: ['main/headless/cli.ts'],
    outdir: dirname(outfile),
    entryNames: basename(outfile, '.mjs'),
    chunkNames: 'chunks/[name]-[hash]',
    outExtension: { '.js': '.mjs' },
    splitting: true,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: 'linked',
    logLevel: 'warning',
    external: EXTERNAL,
    plugins: [fewDateFns, noZodLocales, noPinoTransport],
    // CommonJS dependencies call require() for Node's own modules; an ES module (each chunk is one) has none of its own.
    banner: { js: "import { createRequire as __tablesideRequire } from 'node:module'; const require = __tablesideRequire(import.meta.url);" },
    metafile: true,
  });
  const holder = Object.keys(metafile.outputs).find((out) => out.endsWith('.mjs') && CHECKPOINT_THREAD in metafile.outputs[out].inputs);
  if (!holder) throw new Error(`${CHECKPOINT_THREAD} is in no output of the bundle: where does its worker go?`);
  await build({
    absWorkingDir: root,
    entryPoints: [CHECKPOINT_WORKER],
    outfile: join(dirname(holder), 'checkpoint-worker.mjs'),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: 'linked',
    logLevel: 'warning',
    // It loads the better-sqlite3 it is told to (workerData.driver); the import is for its types only.
    external: EXTERNAL,
  });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await bundleHeadless();
