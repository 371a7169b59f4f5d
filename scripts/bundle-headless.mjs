// Bundles the headless host (main/headless/cli.ts) into one ES module file: loading hundreds of
// separate modules (zod, pino, ws, ...) was most of its cold start. Native and optional modules
// stay outside (better-sqlite3 loads a .node file; ws's bufferutil/utf-8-validate are optional),
// and are resolved from node_modules at run time as before.
import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';

export const HEADLESS_BUNDLE = 'dist/main/headless/headless.bundle.mjs';

/**
 * Left to node_modules: native modules, ws's optional speed-ups, and pino with what it loads in a
 * worker thread (pino.transport finds its worker file next to its own, and a file transport such
 * as pino-roll by name: inside a bundle neither would be found).
 */
export const EXTERNAL = ['better-sqlite3', 'bufferutil', 'utf-8-validate', 'electron', 'pino', 'pino-roll', 'thread-stream', 'pino-pretty'];

const root = fileURLToPath(new URL('..', import.meta.url));

export async function bundleHeadless(outfile = HEADLESS_BUNDLE) {
  await build({
    absWorkingDir: root,
    entryPoints: ['main/headless/cli.ts'],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: 'linked',
    logLevel: 'warning',
    external: EXTERNAL,
    // CommonJS dependencies call require() for Node's own modules; an ES module has none of its own.
    banner: { js: "import { createRequire as __tablesideRequire } from 'node:module'; const require = __tablesideRequire(import.meta.url);" },
  });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await bundleHeadless();
