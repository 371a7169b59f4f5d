// `npm start`: build what changed, then run the app. With the Electron binary installed it launches
// the tray app (a fresh data dir starts in demo mode, the embedded sandbox, until credentials are
// saved). Where Electron was installed without its binary (ELECTRON_SKIP_BINARY_DOWNLOAD) it runs
// the browser mode: the headless host serving the UI on 127.0.0.1, announced in one sentence.
// Extra arguments go to the app: `npm start -- --hidden`. `npm start -- --help` lists them.
// TABLESIDE_SKIP_BUILD=1 skips the build (tests that already built dist/).
import { spawn, execFile, execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { buildIfChanged } from './build-stamp.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const USAGE = `Usage: npm start -- [flags]

Builds what changed since the last start, then runs Tableside: the tray app where Electron is
installed, else the browser mode (the UI on 127.0.0.1, opened in your browser).

  --verbose       show the app's ready line and its log lines on stderr (they always go to
                  the log files in the data dir)
  --help          this text

Every other flag goes to the app:
  --hidden        (tray app) start in the tray, without the window
  browser mode:   every flag of the headless host, e.g. --data-dir DIR, --ui-port N,
                  --pos-api-port N; \`npm run headless -- --help\` lists them all
                  (an unknown one is refused, exit code 2)`;

const argv = process.argv.slice(2);
if (argv.includes('--help') || argv.includes('-h')) {
  console.log(USAGE);
  process.exit(0);
}
const verbose = argv.includes('--verbose');
const extraArgs = argv.filter((a) => a !== '--verbose');

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

/** Runs a child; ends this process with its exit code and passes Ctrl+C / SIGTERM on. */
function runChild(command, args, { onLine, onErrLine } = {}) {
  const stdio = ['inherit', onLine ? 'pipe' : 'inherit', onErrLine ? 'pipe' : 'inherit'];
  const child = spawn(command, args, { cwd: root, stdio, shell: false });
  if (onLine) createInterface({ input: child.stdout }).on('line', onLine);
  if (onErrLine) createInterface({ input: child.stderr }).on('line', onErrLine);
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  child.on('error', (e) => {
    console.error(`Could not start ${path.basename(command)}: ${e.message}`);
    process.exit(1);
  });
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
}

/** The full build, its output shown only when it fails. */
function build() {
  process.stderr.write('Building Tableside (sources changed since the last build)...\n');
  return new Promise((resolve, reject) => {
    execFile(process.execPath, [path.join(root, 'scripts', 'build.mjs')], { cwd: root, maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      if (error === null) return resolve();
      process.stderr.write(stdout);
      process.stderr.write(stderr);
      reject(error);
    });
  });
}

if (process.env.TABLESIDE_SKIP_BUILD !== '1') {
  try {
    await buildIfChanged(root, build);
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
  if (verbose) console.error('Electron is not installed here (ELECTRON_SKIP_BINARY_DOWNLOAD); starting the browser mode instead.');
  const cli = path.join(root, 'main', 'headless', 'cli.ts');
  if (!existsSync(cli)) {
    console.error('The headless host (main/headless/cli.ts) is missing from this checkout; the browser mode cannot start.');
    process.exit(1);
  }
  // tsx's own entry run by this Node: no .cmd shims, so it works the same on Windows.
  const tsx = path.join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs');
  // The headless host's stdout is its JSON ready line (then the connected line); its stderr its
  // JSON log lines (also in the data dir's log files) and plain sentences, which always pass.
  let announced = false;
  runChild(process.execPath, [tsx, cli, ...extraArgs], {
    onLine: (line) => {
      const ready = parseJson(line);
      if (verbose) console.error(JSON.stringify(ready ? withoutToken(ready) : line));
      if (announced || typeof ready?.ui !== 'string') return;
      announced = true;
      console.log(`Tableside is running: open ${ready.ui} in your browser (Ctrl+C stops it).`);
    },
    onErrLine: (line) => {
      if (verbose || parseJson(line) === null) console.error(line);
    },
  });
}

function parseJson(line) {
  if (!line.startsWith('{')) return null;
  try {
    return JSON.parse(line);
  } catch {
    return null;
  }
}

/** The POS API's token stays off the console: integrators read it from <data-dir>/pos-api-token. */
function withoutToken(ready) {
  return 'posApiToken' in ready ? { ...ready, posApiToken: '[secret]' } : ready;
}
