// `npm run dev`: the renderer from vite's dev server (hot reload) with the headless host behind it.
// The page's origin is vite's; vite proxies the host's own paths to the host's UI server: the
// one-time token exchange (`/?token=`, which sets the session cookie), the `/bridge` socket and
// `/diagnostics`. Cookies ignore ports, so the cookie the exchange sets reaches the proxied socket.
// Flags: --dev-port N (vite's port, default 5173 or the next free one), --verbose, --help; every
// other flag goes to the headless host (`npm run headless -- --help`).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const USAGE = `Usage: npm run dev -- [flags]

Runs the renderer from vite's dev server (hot reload) in front of the headless host (the core,
the local POS API and the bridge), and prints the address to open.

  --dev-port N    vite's port (default 5173, or the next free one; 0: any free port)
  --verbose       show the host's ready line and log lines on stderr
  --help          this text

Every other flag goes to the headless host: \`npm run headless -- --help\` lists them
(e.g. --data-dir DIR, default .data).`;

const argv = process.argv.slice(2);
if (argv.includes('--help') || argv.includes('-h')) {
  console.log(USAGE);
  process.exit(0);
}
const { values, tokens } = parseArgs({ args: argv, strict: false, tokens: true, options: { 'dev-port': { type: 'string' }, verbose: { type: 'boolean' } } });
const own = new Set(['dev-port', 'verbose']);
const hostArgs = [];
for (const token of tokens) {
  if (token.kind === 'option' && own.has(token.name)) continue;
  if (token.kind === 'option') hostArgs.push(token.rawName, ...(token.value !== undefined && !token.inlineValue ? [token.value] : []));
  else if (token.kind === 'positional') hostArgs.push(token.value);
}
const devPort = values['dev-port'] === undefined ? 5173 : Number(values['dev-port']);
if (!Number.isInteger(devPort) || devPort < 0 || devPort > 65535) {
  console.error(`dev: --dev-port: must be a port number, got "${values['dev-port']}"\nRun \`npm run dev -- --help\` for the flags.`);
  process.exit(2);
}
const verbose = values.verbose === true;

const tsx = path.join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs');
const host = spawn(process.execPath, [tsx, path.join(root, 'main', 'headless', 'cli.ts'), ...hostArgs], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
const hostExited = new Promise((resolve) => host.once('exit', (code, signal) => resolve(code ?? (signal ? 0 : 1))));
const isJson = (line) => line.startsWith('{');
createInterface({ input: host.stderr }).on('line', (line) => {
  if (verbose || !isJson(line)) console.error(line);
});

/** The host's ready line (the POS API token left out), or its exit code if it never got there. */
const ready = await new Promise((resolve) => {
  createInterface({ input: host.stdout }).on('line', (line) => {
    if (!isJson(line)) return;
    const parsed = JSON.parse(line);
    if (verbose) console.error(JSON.stringify({ ...parsed, ...('posApiToken' in parsed ? { posApiToken: '[secret]' } : {}) }));
    if (parsed.ready === true) resolve(parsed);
  });
  void hostExited.then((code) => resolve({ exit: code }));
});
if (ready.exit !== undefined) process.exit(ready.exit === 0 ? 1 : ready.exit);
if (typeof ready.ui !== 'string') {
  console.error('dev: the headless host runs without its UI server (--no-ui); npm run dev needs it.');
  host.kill('SIGTERM');
  process.exit((await hostExited) === 0 ? 2 : 1);
}

const hostUi = new URL(ready.ui);
const target = hostUi.origin;
const { createServer } = await import('vite');
let devOrigin = '';
/** The host accepts its socket only from its own origin: the dev page's socket is vouched for here, no other. */
const vouch = (proxy) =>
  proxy.on('proxyReqWs', (proxyReq, req) => {
    if (req.headers.origin === devOrigin) proxyReq.setHeader('origin', target);
  });
/**
 * The page's CSP allows no inline script; vite's React refresh needs one in dev. Relaxed for the
 * dev server only: the build and the packaged app keep the page's own CSP.
 */
const devCsp = {
  name: 'tableside-dev-csp',
  apply: 'serve',
  transformIndexHtml: (html) => html.replace("script-src 'self'", "script-src 'self' 'unsafe-inline'"),
};
const server = await createServer({
  configFile: path.join(root, 'renderer', 'vite.config.mjs'),
  plugins: [devCsp],
  logLevel: verbose ? 'info' : 'warn',
  server: {
    host: '127.0.0.1',
    port: devPort,
    strictPort: values['dev-port'] !== undefined,
    proxy: {
      '^/\\?token=': { target, changeOrigin: true },
      '/bridge': { target, changeOrigin: true, ws: true, configure: vouch },
      '/diagnostics': { target, changeOrigin: true },
    },
  },
});
await server.listen();
const address = server.httpServer.address();
devOrigin = `http://127.0.0.1:${address.port}`;
console.log(`Tableside dev is running: open ${devOrigin}/${hostUi.search} in your browser (hot reload; Ctrl+C stops it).`);

let stopping = false;
async function stop(signal) {
  if (stopping) return;
  stopping = true;
  if (host.exitCode === null && host.signalCode === null) host.kill(signal);
  await server.close();
  process.exit(await hostExited);
}
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));
// The host gone on its own: vite has nothing to serve.
void hostExited.then(async (code) => {
  if (stopping) return;
  stopping = true;
  console.error(`dev: the headless host stopped (exit code ${code}).`);
  await server.close();
  process.exit(code === 0 ? 1 : code);
});
