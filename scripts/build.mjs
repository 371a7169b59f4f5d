// Builds everything the app runs from: the Node side and the shell (tsc), the headless host's
// bundle and the Electron main process's bundle (esbuild), the preload (one CJS file, as sandboxed
// preloads cannot require our modules) and the renderer (vite).
import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { bundleHeadless } from './bundle-headless.mjs';
import { bundleShell } from './bundle-shell.mjs';

const run = (cmd, args) => execFileSync(cmd, args, { stdio: 'inherit', shell: process.platform === 'win32' });
const bin = (name) => `node_modules/.bin/${name}`;

rmSync('dist', { recursive: true, force: true });
run(bin('tsc'), ['-p', 'tsconfig.build.json']);
// The headless host as one file (dist/main/headless/headless.bundle.mjs): it starts in a fraction
// of the time the same host takes to load its hundreds of modules one by one.
await bundleHeadless();
// The preload bundle first: its vite build empties dist/preload, where the shell's tsc output
// (checked and kept for tools that read it; the app runs the bundle) puts channels.js.
run(bin('vite'), ['build', '--config', 'preload/vite.config.mjs', '--logLevel', 'warn']);
run(bin('tsc'), ['-p', 'tsconfig.shell.json', '--outDir', 'dist', '--noEmit', 'false']);
// The Electron entry as one file over tsc's dist/main/shell/main.js, with its checkpoint worker beside it.
await bundleShell();
run(bin('vite'), ['build', '--config', 'renderer/vite.config.mjs', '--logLevel', 'warn']);
console.log('build: dist/ ready');
