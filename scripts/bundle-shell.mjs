// Bundles the Electron main process (main/shell/main.ts) into one ES module file,
// dist/main/shell/main.js, the package's entry: loading its few hundred modules one by one (and
// shipping their packages in node_modules) was most of the app's start and size. The store's
// checkpoint worker, started from a file beside the module that starts it, is bundled beside it as
// dist/main/shell/checkpoint-worker.js. Outside the bundle, loaded from node_modules at run time:
// better-sqlite3 (a .node file), ws's optional speed-ups, electron, and electron-updater (tests
// put a stand-in in its place through a module hook on the bare name).
import { build } from 'esbuild';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { EXTERNAL, fewDateFns, noPinoTransport, noZodLocales } from './bundle-headless.mjs';

export const SHELL_BUNDLE = 'dist/main/shell/main.js';
export const SHELL_WORKER = 'dist/main/shell/checkpoint-worker.js';
export const SHELL_EXTERNAL = [...EXTERNAL, 'electron-updater'];

const root = fileURLToPath(new URL('..', import.meta.url));

const common = {
  absWorkingDir: root,
  bundle: true,
  platform: 'node',
  format: 'esm',
  // Node 20 too: tests run the bundle under Node on a stand-in electron.
  target: 'node20',
  sourcemap: 'linked',
  logLevel: 'warning',
  external: SHELL_EXTERNAL,
  // CommonJS dependencies call require() for Node's own modules; an ES module has none of its own.
  banner: { js: "import { createRequire as __tablesideRequire } from 'node:module'; const require = __tablesideRequire(import.meta.url);" },
};

export async function bundleShell(outfile = SHELL_BUNDLE) {
  await build({ ...common, entryPoints: ['main/shell/main.ts'], outfile, plugins: [fewDateFns, noZodLocales, noPinoTransport] });
  // checkpoint-thread.ts workerScript: `checkpoint-worker.js` beside the module holding it, here the bundle.
  await build({ ...common, entryPoints: ['main/store/engine/checkpoint-worker.ts'], outfile: join(dirname(outfile), 'checkpoint-worker.js') });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await bundleShell();
