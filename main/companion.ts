import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { CompanionEvent, SessionView, SettingsInput, SettingsView } from '../preload/contract.js';
import { startSandbox, type Sandbox } from '../sandbox/index.js';
import { systemClock } from './clock.js';
import { seedDemo } from './demo/seed-demo.js';
import { LOCAL_MENU } from './demo/demo-data.js';
import type { Companion, CompanionOptions, StoredSettings } from './host-types.js';
import { createLogger } from './log.js';
import { createMethodDispatcher } from './methods/index.js';
import { loadOrCreateToken, regenerateToken, startPosApi } from './pos-api/index.js';
import { createLink, type Link as Connection, type LinkDeps as ConnectionDeps } from './link/link.js';
import { createServiceClient } from './service/index.js';
import { dropUndefined, loadSettings, saveSettings, SettingsPatch } from './settings/settings-file.js';
import { createPlainSecretStore, maskApiKey } from './settings/plain-secrets.js';
import { createBillStore } from './store/index.js';
import type { LinkState as SessionState } from './transport/index.js';
import { fail, ok } from './ui-bridge/command-result.js';
import { fanOut, type Push } from './ui-bridge/event-fanout.js';
import { createNoticeBook } from './ui-bridge/notice-book.js';
import { osNotificationText } from './ui-bridge/os-notification-text.js';
import { createUiApi } from './ui-bridge/ui-api.js';
import { describeIssues } from './wire/index.js';

export interface CreateCompanionOptions extends CompanionOptions {
  /** Tests shorten the service's delays (restart wait, ping interval, backoff). */
  tuning?: ConnectionDeps['tuning'];
  /** better-sqlite3 binary built for Electron's ABI (the Node build stays for the tests). */
  nativeBinding?: string;
}

/** Fields whose change means a new session with the service. */
const SESSION_FIELDS: (keyof StoredSettings)[] = ['environment', 'serviceUrl', 'posId', 'transport', 'webhookHost', 'webhookPort', 'webhookPublicUrl', 'serviceName'];

/**
 * The composition root: the one place that builds the core. The Electron shell and the headless
 * host both call it; everything it builds is plain Node.
 */
export async function createCompanion(options: CreateCompanionOptions): Promise<Companion> {
  const { dataDir } = options;
  mkdirSync(dataDir, { recursive: true });
  const log = options.log ?? createLogger();
  const clock = options.clock ?? systemClock;
  const shell = options.shell ?? {};
  const secrets = options.secrets ?? createPlainSecretStore(dataDir, log);
  let settings: StoredSettings = { ...loadSettings(dataDir), ...dropUndefined(options.settings ?? {}) };
  let apiKey = options.apiKey ?? secrets.load();
  const isDemo = () => settings.environment === 'demo' || !apiKey || !settings.serviceUrl;

  const store = createBillStore({ file: join(dataDir, 'tableside.sqlite'), clock, log, ...(options.nativeBinding ? { nativeBinding: options.nativeBinding } : {}) });
  const notices = createNoticeBook({ dataDir, clock, log });
  const dispatcher = createMethodDispatcher({ store, log, clock });

  // Events to the renderer, numbered in the order they happen.
  let seq = 0;
  const listeners = new Set<(event: CompanionEvent) => void>();
  const push: Push = (event) => {
    const numbered: CompanionEvent = { ...event, seq: ++seq };
    for (const listener of [...listeners]) listener(numbered);
    if (numbered.type === 'notice' && !numbered.notice.acknowledged && shell.notify) {
      const text = osNotificationText(numbered.notice, settings.language);
      shell.notify(text.title, text.body);
    }
  };
  const offStore = store.onEvent((events) => fanOut(events, store, notices, push, listeners.size > 0));

  let sandbox: Sandbox | null = null;
  let restaurantName: string | null = null;
  let sessionState: SessionState | null = null;
  const sessionView = (): SessionView => ({
    ...(sessionState ?? { status: 'connecting', transport: settings.transport, since: clock.now(), lastMessageAt: null, rttMs: null, attempt: 0, nextTryAt: null, sentence: 'Connecting to the payment service…' }),
    restaurantName,
  });

  let token = loadOrCreateToken(dataDir);
  let posApi = await startPosApi({ store, host: '127.0.0.1', port: settings.posApiPort, token, log });
  const settingsView = (): SettingsView => ({
    environment: settings.environment,
    serviceUrl: settings.serviceUrl,
    apiKeyMasked: maskApiKey(apiKey),
    posId: settings.posId,
    transport: settings.transport,
    webhookPort: settings.webhookPort,
    webhookPublicUrl: settings.webhookPublicUrl,
    printer: settings.printer,
    language: settings.language,
    sound: settings.sound,
    startAtLogin: settings.startAtLogin,
    startHidden: settings.startHidden,
    posApiPort: settings.posApiPort,
    posApiToken: token,
  });

  async function openConnection(): Promise<Connection> {
    if (isDemo() && !sandbox) {
      sandbox = await startSandbox({ restaurantName: 'Bistro Demo', log: (line) => log.debug({ mod: 'sandbox' }, line) });
      seedDemo(store);
    }
    if (!isDemo() && sandbox) {
      await sandbox.close();
      sandbox = null;
    }
    restaurantName = null;
    const target = sandbox ? { serviceUrl: sandbox.url, apiKey: sandbox.restaurant.apiKey } : { serviceUrl: settings.serviceUrl, apiKey: apiKey! };
    return createLink({
      config: {
        ...target,
        posId: settings.posId,
        transport: settings.transport,
        serviceName: settings.serviceName,
        language: settings.language,
        webhook: { host: settings.webhookHost, port: settings.webhookPort, publicUrl: sandbox ? '' : settings.webhookPublicUrl },
      },
      store,
      dispatcher,
      clock,
      log,
      ...(options.tuning ? { tuning: options.tuning } : {}),
      onState: (state) => {
        sessionState = state;
        push({ type: 'session', session: sessionView() });
      },
      onRestaurant: (restaurant) => {
        restaurantName = restaurant.name;
        push({ type: 'session', session: sessionView() });
      },
    });
  }

  let connection = await openConnection();
  let started = false;
  let stopping: Promise<void> | null = null;

  async function restartConnection(): Promise<void> {
    await connection.stop();
    connection = await openConnection();
    if (started) await connection.start();
  }

  const checkApiKey = async (input: { serviceUrl: string; apiKey: string; posId: string }) => {
    const client = createServiceClient({ baseUrl: input.serviceUrl, apiKey: input.apiKey, posId: input.posId, language: settings.language, log });
    const who = await client.whoAmI();
    return who.ok ? ok({ restaurantName: who.value.name }) : fail<{ restaurantName: string }>(who.code, who.message);
  };

  async function applySettings(input: SettingsInput) {
    const { apiKey: newKey, ...rest } = input;
    const parsed = SettingsPatch.safeParse(rest);
    if (!parsed.success) return fail<SettingsView>('INVALID', `Check the settings: ${describeIssues(parsed.error)}`);
    const next: StoredSettings = { ...settings, ...dropUndefined(parsed.data) };
    if (next.environment !== 'demo' && !next.serviceUrl) return fail<SettingsView>('INVALID', 'Enter the service URL for the sandbox or production environment.');
    const keyToUse = newKey ?? apiKey;
    if (next.environment !== 'demo' && !keyToUse) return fail<SettingsView>('INVALID', 'Enter the API key from the service\'s administration console.');
    if (next.environment !== 'demo' && (newKey !== undefined || next.serviceUrl !== settings.serviceUrl || next.posId !== settings.posId)) {
      const check = await checkApiKey({ serviceUrl: next.serviceUrl, apiKey: keyToUse!, posId: next.posId });
      if (!check.ok) return fail<SettingsView>(check.error.code, check.error.message);
    }
    const sessionChanged = newKey !== undefined || SESSION_FIELDS.some((k) => next[k] !== settings[k]);
    const portChanged = next.posApiPort !== settings.posApiPort;
    const loginChanged = next.startAtLogin !== settings.startAtLogin || next.startHidden !== settings.startHidden;
    settings = next;
    saveSettings(dataDir, settings);
    if (newKey !== undefined) {
      apiKey = newKey;
      secrets.save(newKey);
    }
    if (loginChanged) shell.setLoginItem?.(settings.startAtLogin, settings.startHidden);
    if (portChanged) await restartPosApi();
    if (sessionChanged) await restartConnection();
    push({ type: 'settings', settings: settingsView() });
    log.info({ mod: 'settings', environment: settings.environment, transport: settings.transport }, 'settings saved');
    return ok(settingsView());
  }

  async function restartPosApi(): Promise<void> {
    await posApi.close();
    posApi = await startPosApi({ store, host: '127.0.0.1', port: settings.posApiPort, token, log });
  }

  const api = createUiApi({
    store,
    notices,
    clock,
    log,
    get demo() {
      return isDemo();
    },
    menu: LOCAL_MENU,
    defaultCurrency: 'CZK',
    shell,
    session: sessionView,
    settings: settingsView,
    client: () => connection.client,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    seq: () => seq,
    pushNotice: (notice) => push({ type: 'notice', notice }),
    saveSettings: applySettings,
    checkApiKey,
    regenerateToken: async () => {
      token = regenerateToken(dataDir);
      posApi.setToken(token);
      push({ type: 'settings', settings: settingsView() });
      return settingsView();
    },
    reconnect: () => connection.transport.reconnectNow(),
    guestPay: async (input) => {
      if (!sandbox) return fail('DEMO_ONLY', 'Acting as a guest works only in demo mode.');
      const result = await sandbox.guestPay({
        idTable: input.tableId,
        ...(input.billId ? { idBill: input.billId } : {}),
        ...(input.items ? { items: input.items } : {}),
        ...(input.tip ? { tip: input.tip } : {}),
        outcome: input.outcome ?? 'paid',
      });
      return ok({ paymentId: result.payment.id, state: result.payment.state });
    },
  });

  return {
    api,
    get demo() {
      return isDemo();
    },
    get transport() {
      return settings.transport;
    },
    get posApiUrl() {
      return posApi.url;
    },
    get posApiToken() {
      return token;
    },
    get sandboxUrl() {
      return sandbox?.url ?? null;
    },
    get webhookUrl() {
      return connection.webhookUrl();
    },
    async start() {
      started = true;
      await connection.start();
    },
    stop() {
      stopping ??= (async () => {
        started = false;
        await connection.stop();
        await posApi.close();
        await sandbox?.close();
        offStore();
        notices.flush();
        listeners.clear();
        store.close();
        log.info({ mod: 'companion' }, 'stopped cleanly');
      })();
      return stopping;
    },
    onResume() {
      log.info({ mod: 'companion' }, 'resumed from sleep: reconnecting');
      connection.transport.reconnectNow();
    },
  };
}
