import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { createLocalApi } from './app/local-api.js';
import { createSessionRunner } from './app/session-runner.js';
import { createSettingsCommands } from './app/settings-commands.js';
import { createSettingsService } from './app/settings-service.js';
import { portInUse, StartupError } from './app/startup-error.js';
import { createUiEvents } from './app/ui-events.js';
import { systemClock } from './clock.js';
import { createDemoService } from './demo/demo-service.js';
import { LOCAL_MENU } from './demo/demo-data.js';
import type { Companion, CompanionOptions } from './host-types.js';
import { createLogger } from './log.js';
import { createMethodDispatcher } from './methods/index.js';
import type { LinkDeps } from './link/link.js';
import { ensurePrivateDir } from './settings/private-files.js';
import { createPlainSecretStore } from './settings/plain-secrets.js';
import { createBillStore } from './store/index.js';
import { fanOut } from './ui-bridge/event-fanout.js';
import { createNoticeBook } from './ui-bridge/notice-book.js';
import { createUiApi } from './ui-bridge/ui-api.js';

export interface CreateCompanionOptions extends CompanionOptions {
  /** Tests shorten the service's delays (restart wait, ping interval, backoff). */
  tuning?: LinkDeps['tuning'];
  /** better-sqlite3 binary built for Electron's ABI (the Node build stays for the tests). */
  nativeBinding?: string | undefined;
}

/** The Electron build of better-sqlite3 must be where the shell says: a clear sentence naming the path, not a loader error. */
function checkNativeBinding(path: string | undefined): void {
  if (path !== undefined && !existsSync(path)) throw new StartupError({ code: 'NATIVE_BINDING_MISSING', path });
}

/**
 * The composition root: the one place that builds the core, and only wires. The Electron shell
 * and the headless host both call it; everything it builds is plain Node. Each service has one
 * job: settings (main/app/settings-service.ts), the session (session-runner.ts), the local POS
 * API (local-api.ts), renderer events (ui-events.ts), demo mode (main/demo/demo-service.ts).
 */
export async function createCompanion(options: CreateCompanionOptions): Promise<Companion> {
  const { dataDir } = options;
  ensurePrivateDir(dataDir);
  const log = options.log ?? createLogger();
  const clock = options.clock ?? systemClock;
  const shell = options.shell ?? {};
  const secrets = options.secrets ?? createPlainSecretStore(dataDir, log);
  const settings = createSettingsService({ dataDir, log, secrets, overrides: options.settings, apiKey: options.apiKey });
  checkNativeBinding(options.nativeBinding);
  const store = createBillStore({ file: join(dataDir, 'tableside.sqlite'), clock, log, nativeBinding: options.nativeBinding });
  const notices = createNoticeBook(dataDir);
  const events = createUiEvents(shell, () => settings.get().language);
  const offStore = store.onEvent((batch) => fanOut(batch, store, notices, events.push, events.listening()));
  const demo = createDemoService(options.demo, store, log);
  const session = createSessionRunner({
    settings,
    demo,
    store,
    dispatcher: createMethodDispatcher({ store, log, clock }),
    clock,
    log,
    tuning: options.tuning,
    changed: (view) => events.push({ type: 'session', session: view }),
  });
  let localApi;
  try {
    localApi = await createLocalApi(dataDir, store, log, settings.get().posApiPort);
    await session.open();
  } catch (e) {
    await demo.stop();
    offStore();
    store.close();
    throw e;
  }
  const commands = createSettingsCommands({ settings, session, localApi, events, shell, log });
  const api = createUiApi({
    store,
    notices,
    clock,
    log,
    get demo() {
      return settings.isDemo();
    },
    menu: LOCAL_MENU,
    defaultCurrency: 'CZK',
    shell,
    session: session.view,
    settings: commands.view,
    client: session.client,
    subscribe: events.subscribe,
    seq: events.seq,
    pushNotice: (notice) => events.push({ type: 'notice', notice }),
    saveSettings: commands.saveSettings,
    checkApiKey: commands.checkApiKey,
    regenerateToken: commands.regenerateToken,
    reconnect: session.reconnect,
    guestPay: (input) => demo.guestPay(input),
  });

  let stopping: Promise<void> | null = null;
  const stop = async () => {
    await session.stop();
    await localApi.close();
    offStore();
    notices.flush();
    events.clear();
    store.close();
    log.info({ mod: 'companion' }, 'stopped cleanly');
  };
  return {
    api,
    get demo() {
      return settings.isDemo();
    },
    get transport() {
      return settings.get().transport;
    },
    get posApiUrl() {
      return localApi.url();
    },
    get posApiToken() {
      return localApi.token();
    },
    get sandboxUrl() {
      return demo.url();
    },
    get webhookUrl() {
      return session.webhookUrl();
    },
    async start() {
      // The webhook receiver listens on start: a taken port is named like the POS API's.
      await session.start().catch((e: unknown) => {
        throw portInUse(e, 'webhook', settings.get().webhookPort);
      });
    },
    stop: () => (stopping ??= stop()),
    onResume() {
      log.info({ mod: 'companion' }, 'resumed from sleep: reconnecting');
      session.reconnect();
    },
  };
}
