// `npm start`: build, then run the app. With the Electron binary installed it launches the tray
// app (a fresh data dir starts in demo mode, the embedded sandbox, until credentials are saved).
// Where Electron was installed without its binary (ELECTRON_SKIP_BINARY_DOWNLOAD), it says so in
// one line and runs the browser mode instead: the headless host serving the UI on 127.0.0.1.
// Extra arguments go to the app: `npm start -- --hidden`.
// TABLESIDE_SKIP_BUILD=1 skips the build (tests that already built dist/).
import { spawn, execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const extraArgs = process.argv.slice(2);

/**
 * The Electron executable, or null when only the npm package is here. Looks at the files the
 * electron package's index.js reads, without requiring it: requiring it would try to download
 * the binary, which fails offline.
 */
function electronBinary() {
  const pkg = path.join(root, 'node_modules', 'electron');
  const pathFile = path.join(pkg, 'path.txt');
  if (!existsSync(pathFile)) return null;
  const relative = readFileSync(pathFile, 'utf8').trim();
  const override = process.env.ELECTRON_OVERRIDE_DIST_PATH;
  const binary = override ? path.join(override, relative || 'electron') : path.join(pkg, 'dist', relative);
  return existsSync(binary) ? binary : null;
}

/** Runs a child with our stdio; ends this process with its exit code and passes Ctrl+C / SIGTERM on. */
function runChild(command, args, onLine) {
  const child = spawn(command, args, { cwd: root, stdio: ['inherit', onLine ? 'pipe' : 'inherit', 'inherit'], shell: false });
  if (onLine) createInterface({ input: child.stdout }).on('line', onLine);
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  child.on('error', (e) => {
    console.error(`Could not start ${path.basename(command)}: ${e.message}`);
    process.exit(1);
  });
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
}

if (process.env.TABLESIDE_SKIP_BUILD !== '1') {
  try {
    execFileSync(process.execPath, [path.join(root, 'scripts', 'build.mjs')], { cwd: root, stdio: 'inherit' });
  } catch {
    console.error('The build failed (see above). Fix the error and run npm start again.');
    process.exit(1);
  }
}

const electron = electronBinary();
if (electron !== null) {
  // Electron loads better-sqlite3 built for its own ABI; build it once, beside the Node build.
  if (!existsSync(path.join(root, 'out', 'native-electron', 'better_sqlite3.node'))) {
    try {
      execFileSync(process.execPath, [path.join(root, 'scripts', 'build-native-electron.mjs')], { cwd: root, stdio: 'inherit' });
    } catch {
      console.error('better-sqlite3 for Electron is missing (see above): run `npm run native:electron` with network access.');
      process.exit(1);
    }
  }
  runChild(electron, ['.', ...extraArgs]);
} else {
  console.log('Electron is not installed here (ELECTRON_SKIP_BINARY_DOWNLOAD); starting the browser mode instead.');
  const cli = path.join(root, 'main', 'headless', 'cli.ts');
  if (!existsSync(cli)) {
    console.error('The headless host (main/headless/cli.ts) is missing from this checkout; the browser mode cannot start.');
    process.exit(1);
  }
  // tsx's own entry run by this Node: no .cmd shims, so it works the same on Windows.
  const tsx = path.join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs');
  // The headless host serves the UI by default; its first stdout line is the JSON ready line.
  let announced = false;
  runChild(process.execPath, [tsx, cli, ...extraArgs], (line) => {
    console.log(line);
    if (announced || !line.startsWith('{')) return;
    try {
      const ready = JSON.parse(line);
      if (typeof ready.ui === 'string') {
        announced = true;
        console.log(`Open Tableside in your browser: ${ready.ui}`);
      }
    } catch {
      // Not the ready line: already passed through above.
    }
  });
}
