/**
 * `npm run headless -- [--data-dir D] [--service-url U --api-key K --pos-id P] [--transport ws|longpoll|webhook]
 *   [--pos-api-port N] [--webhook-port N --public-url U] [--ui-port N] [--no-ui]`
 * Runs the core without Electron. The first stdout line is one JSON object (the ready line), the
 * second `{"connected":true,"transport":...}` once the link is first up; logs go to stderr.
 * Without service flags it runs the demo: an embedded sandbox, seeded bills.
 */
import { existsSync, mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createCompanion } from '../companion.js';
import { createLogger } from '../log.js';
import { startUiServer, type UiServer } from '../ui-server/index.js';
import { parseHeadlessArgs } from './args.js';
import { onFirstConnected } from './connected-line.js';

const parsed = parseHeadlessArgs(process.argv.slice(2));
if (!parsed.ok) {
  process.stderr.write(`headless: ${parsed.error}\n`);
  process.exit(2);
}
const args = parsed.args;
const log = createLogger();
const dataDir = resolve(args.dataDir);
mkdirSync(dataDir, { recursive: true });

const companion = await createCompanion({
  dataDir,
  log,
  ...(args.apiKey ? { apiKey: args.apiKey } : {}),
  settings: {
    ...(args.serviceUrl ? { environment: 'sandbox' as const, serviceUrl: args.serviceUrl } : { environment: 'demo' as const }),
    ...(args.posId ? { posId: args.posId.toLowerCase() } : {}),
    ...(args.transport ? { transport: args.transport } : {}),
    ...(args.posApiPort !== undefined ? { posApiPort: args.posApiPort } : {}),
    ...(args.webhookPort !== undefined ? { webhookPort: args.webhookPort } : {}),
    ...(args.webhookHost ? { webhookHost: args.webhookHost } : {}),
    ...(args.publicUrl ? { webhookPublicUrl: args.publicUrl } : {}),
    ...(args.serviceName ? { serviceName: args.serviceName } : {}),
  },
});
await companion.start();

// Run from source (main/headless) or built (dist/main/headless): the renderer is in dist/renderer.
const staticDir = [new URL('../../dist/renderer', import.meta.url), new URL('../../renderer', import.meta.url)]
  .map((u) => fileURLToPath(u))
  .find((dir) => existsSync(resolve(dir, 'index.html')));
let ui: UiServer | null = null;
if (args.ui && staticDir) {
  ui = await startUiServer({ api: companion.api, staticDir, host: '127.0.0.1', port: args.uiPort ?? 0, log });
} else if (args.ui) {
  log.warn({ mod: 'headless' }, 'the renderer is not built (run `npm run build`): browser mode is off');
}

const ready = {
  ready: true,
  posApi: companion.posApiUrl,
  posApiToken: companion.posApiToken,
  transport: companion.transport,
  ...(companion.webhookUrl ? { webhook: companion.webhookUrl } : {}),
  ...(ui ? { ui: ui.url } : {}),
  ...(companion.sandboxUrl ? { demo: true, sandbox: companion.sandboxUrl } : {}),
};
process.stdout.write(`${JSON.stringify(ready)}\n`);
// The second line, once: the link is up (the ready line only says the host has started).
onFirstConnected(companion.api, (transport) => process.stdout.write(`${JSON.stringify({ connected: true, transport })}\n`));

let stopping = false;
const shutdown = (signal: string) => {
  if (stopping) return;
  stopping = true;
  log.info({ mod: 'headless', signal }, 'shutting down');
  void (async () => {
    await ui?.close();
    await companion.stop();
    log.flush();
    process.exit(0);
  })();
};
process.on('SIGINT', () => shutdown('SIGINT'));
process.on('SIGTERM', () => shutdown('SIGTERM'));
