import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { createLocalApi, type LocalApi } from './local-api.js';
import { createConnectionRunner, type ConnectionRunner } from './connection-runner.js';
import { createSettingsCommands, type SettingsCommands } from '../features/settings/settings-commands.js';
import { createQrLogoFile } from '../features/settings/qr-logo.js';
import { createManagerPin, type ManagerPin } from '../features/settings/manager-pin.js';
import { createSettingsService, type SettingsService } from '../features/settings/settings-service.js';
import { portInUse, StartupError } from '../base/startup-error.js';
import { createUiEvents, type UiEvents } from './ui-events.js';
import { systemClock, type Clock } from '../base/clock.js';
import { createDemoService, type DemoService } from '../features/demo/demo-service.js';
import type { CompanionApi } from '../../preload/contract.js';
import { createAttentionWatcher, posUnsyncedSource, type AttentionWatcher } from '../features/attention/index.js';
import { createLinkWatcher, createPaymentLinks, type PaymentLinks } from '../features/payment-links/index.js';
import type { Companion, CompanionOptions, ShellPorts } from '../base/host-types.js';
import { createLogger, type Logger } from '../base/log.js';
import { logsDir } from '../base/logging/file-logger.js';
import { createMethodDispatcher } from '../adapters/connection/methods-index.js';
import type { ConnectionDeps } from '../adapters/connection/connection.js';
import { ensurePrivateDir } from '../base/private-files.js';
import { createPlainSecretStore } from '../features/settings/plain-secrets.js';
import { joinDomains, markDatabaseCreated, openStore, prepareDatabaseFile, restoreBackup, type Store } from '../store/index.js';
import { createBackupCommands, type BackupCommands } from '../features/backups/backup-commands.js';
import { createViewFanOut } from '../adapters/ui-bridge/event-fanout.js';
import { createNoticeBook, type NoticeBook } from '../adapters/ui-bridge/notice-book.js';
import { createUiApi } from '../adapters/ui-bridge/ui-api.js';
import { UI_FEATURES, type FeatureContext } from './features.js';
import { createDatabaseWatch, databaseFacts, type DatabaseWatch } from './database-watch.js';
import { createDiskWatch, lowDiskBytes, type DiskWatch } from './disk-watch.js';
import { RESTAURANT_CURRENCY } from '../base/wire/index.js';
import { createPhoneCommands, createStaffHub, createStaffService, type StaffService } from '../features/staff/index.js';
import { startStaffServer } from '../adapters/staff-server/index.js';
import { paymentCommands } from '../features/payments/payment-commands.js';

/** The till's currency where nothing else names one (a link made without one, a day without payments). */
const DEFAULT_CURRENCY = RESTAURANT_CURRENCY;

export interface CreateCompanionOptions extends CompanionOptions {
  /** Tests shorten the service's delays (restart wait, ping interval, backoff). */
  tuning?: ConnectionDeps['tuning'];
  /** better-sqlite3 binary built for Electron's ABI (the Node build stays for the tests). */
  nativeBinding?: string | undefined;
  /** How long the start waits for another program's lock on the database (LOCK_WAIT_MS). */
  lockWaitMs?: number | undefined;
}

/** The Electron build of better-sqlite3 must be where the shell says: a clear sentence naming the path, not a loader error. */
function checkNativeBinding(path: string | undefined): void {
  if (path !== undefined && !existsSync(path)) throw new StartupError({ code: 'NATIVE_BINDING_MISSING', path });
}

/**
 * The composition root: the one place that builds the core, and only wires. The Electron shell
 * and the headless host both call it; everything it builds is plain Node. Each service has one
 * job: settings (main/features/settings/settings-service.ts), the connection (connection-runner.ts), the local POS
 * API (local-api.ts), renderer events (ui-events.ts), demo mode (main/features/demo/demo-service.ts).
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
  const file = join(dataDir, 'tableside.sqlite');
  // A missing database, another program's lock, a migration's backup: before the synchronous open.
  await prepareDatabaseFile({ file, clock, log, nativeBinding: options.nativeBinding, lockWaitMs: options.lockWaitMs });
  const store = openStore({
    file,
    clock,
    log,
    nativeBinding: options.nativeBinding,
    backups: { daily: true },
    // Read at each payment, so a change in Settings applies to the next one.
    autoCloseBills: () => settings.get().autoCloseBills,
    // Read at each paymentProcessed.
    receiptMode: () => settings.get().receiptMode,
  });
  markDatabaseCreated(file);
  const notices = createNoticeBook({ dataDir, clock, log });
  const events = createUiEvents(shell, () => settings.get().language);
  const views = createViewFanOut({ store: joinDomains(store.payments, store.orders, store.engine), notices, push: events.push, wants: events.wants, clock });
  const offStore = store.events.onEvent(views.onBatch);
  const attention = attentionFor(store, events, settings, clock);
  // The Payments view's "POS notified" column reloads when the main POS acknowledges.
  const offCursor = store.events.onPosCursor((c) => events.wants('pos-cursor') && events.push({ type: 'pos-cursor', cursor: c.seq }));
  const { disk, database } = startStorageWatches(options, { dataDir, engine: store.engine, clock, log, events });
  const demo = createDemoService(options.demo, joinDomains(store.bills, store.orders), log, {
    language: () => settings.get().language,
    lan: () => settings.get().demoOnLan,
    lanAddress: () => settings.get().demoLanAddress,
  });
  const dispatcher = createMethodDispatcher({
    store: joinDomains(store.bills, store.payments, store.orders, store.receipts, store.events, store.engine),
    log,
    clock,
  });
  const connection = createConnectionRunner({
    settings,
    demo,
    store: joinDomains(store.bills, store.payments, store.orders, store.receipts, store.events, store.engine),
    dispatcher,
    clock,
    log,
    tuning: options.tuning,
    changed: (view) => events.push({ type: 'connection', connection: view }),
  });
  const { paymentLinks, linkWatcher } = paymentLinksFor(store, connection, events, clock, log);
  let localApi: LocalApi;
  try {
    localApi = await createLocalApi(
      dataDir,
      joinDomains(store.bills, store.payments, store.orders, store.receipts, store.attention, store.events, store.idempotency, store.engine),
      log,
      settings.get().posApiPort,
      { now: () => clock.now(), dayEndsAt: () => settings.get().dayEndsAt, unsyncedAfterMs: () => settings.get().unsyncedAfterSeconds * 1000 },
      () => {
        const view = connection.view();
        const connectionFacts = { status: view.status, problem: view.problem ?? null, restaurantName: view.restaurantName };
        return { connection: connectionFacts, disk: disk.view(), database: databaseFacts(database.view()) };
      },
      paymentLinks,
    );
    await connection.open();
  } catch (e) {
    await demo.stop();
    offCursor();
    attention.stop();
    disk.stop();
    database.stop();
    offStore();
    views.stop();
    store.engine.close();
    throw e;
  }
  linkWatcher.start();
  const pin = createManagerPin({ dataDir, clock, log });
  const commands = settingsCommandsFor(dataDir, { settings, connection, localApi, events, shell, log, pin, languageChanged: (l) => demo.relabel(l) });
  const staff = await staffFor(options, { store, settings, connection, events, notices, pin, clock, log });
  // Settings → Backups: a restore stops the core, swaps the file, and hands over to the host.
  let stopCore: () => Promise<void> = () => Promise.resolve();
  const backups = backupCommandsFor(options, { file, pin, clock, log, stopCore: () => stopCore() });
  const parts: CoreParts = { settings, store, notices, events, demo, connection, localApi, commands, backups, shell, clock, log, disk, database, paymentLinks };
  const stop = async () => {
    await staff.stop();
    linkWatcher.stop();
    await connection.stop();
    await localApi.close();
    offCursor();
    attention.stop();
    disk.stop();
    database.stop();
    offStore();
    views.stop();
    notices.flush();
    events.clear();
    store.engine.close();
    log.info({ mod: 'companion' }, 'stopped cleanly');
  };
  const core = facade(parts, uiApiFor(parts, logsDir(dataDir), staff.service), stop);
  stopCore = () => core.stop();
  return core;
}

/**
 * Waiters' phones: the hub (sessions, floor, notices), the phones' commands (roles checked in the
 * core) and the switch that opens the LAN listener (main/adapters/staff-server) when on.
 */
/** The settings commands, with the QR card's logo file kept in the data dir. */
function settingsCommandsFor(dataDir: string, deps: Omit<Parameters<typeof createSettingsCommands>[0], 'logo'>) {
  return createSettingsCommands({ ...deps, logo: createQrLogoFile(dataDir) });
}

/** Needs attention: the list again whenever it changes, for the tab and its badge. */
function attentionFor(store: Store, events: UiEvents, settings: SettingsService, clock: Clock): AttentionWatcher {
  const attention = createAttentionWatcher({
    store: joinDomains(store.events, store.engine),
    clock,
    push: (entries) => events.push({ type: 'attention', entries }),
    listening: () => events.wants('attention'),
    unsyncedAfterMs: () => settings.get().unsyncedAfterSeconds * 1000,
  });
  attention.start();
  // The age recheck runs only while the screen listens.
  events.onListeners(attention.listeningChanged);
  return attention;
}

async function staffFor(
  options: CreateCompanionOptions,
  o: {
    store: Store;
    settings: SettingsService;
    connection: ConnectionRunner;
    events: UiEvents;
    notices: NoticeBook;
    pin: ManagerPin;
    clock: Clock;
    log: Logger;
  },
) {
  const { store, settings, clock, log, pin } = o;
  let service: StaffService | null = null;
  let unsynced: AttentionWatcher | null = null;
  const hub = createStaffHub({
    store: joinDomains(store.bills, store.payments, store.staff, store.engine),
    clock,
    log,
    restaurantName: () => o.connection.view().restaurantName ?? '',
    language: () => settings.get().language,
    changed: () => service?.announce(),
  });
  // A manager phone's capture is the cashier's own (through the payment service, Needs attention told).
  const payments = paymentCommands({
    store: joinDomains(store.bills, store.payments, store.attention, store.engine),
    log,
    client: o.connection.client,
    notices: o.notices,
    pushNotice: (notice) => o.events.push({ type: 'notice', notice }),
  });
  const phone = createPhoneCommands({ hub, clock, log, pin, capture: (paymentId) => payments.capturePayment({ paymentId }) });
  service = createStaffService({
    hub,
    log,
    settings: { get: () => settings.get(), saveStaffPhones: (on) => settings.saveOwn({ staffPhones: on }) },
    allows: (unlock) => pin.allows(unlock),
    listener: {
      open: async (host, port) => {
        return startStaffServer({
          hub,
          phone,
          host,
          port,
          staticDir: options.staffStaticDir ?? null,
          log,
          rates: options.staffRates,
          limits: options.staffLimits,
        });
      },
    },
    push: (staff) => {
      o.events.push({ type: 'staff', staff });
      // Turned on or off: the phones' list of payments not taken in rechecks only while on.
      unsynced?.listeningChanged();
    },
  });
  // Only while staff phones are on: a till without them pays nothing for the feature.
  const off = store.events.onEvent((batch) => {
    if (settings.get().staffPhones) hub.onBatch(batch);
  });
  // Payments the main POS has not taken in: the cashier's Needs attention source, for the phones.
  unsynced = createAttentionWatcher({
    store: joinDomains(store.events, store.engine),
    clock,
    push: (entries) => hub.onUnsynced(entries),
    listening: () => settings.get().staffPhones,
    sources: [posUnsyncedSource],
    unsyncedAfterMs: () => settings.get().unsyncedAfterSeconds * 1000,
  });
  unsynced.start();
  await service.follow();
  return {
    hub,
    service,
    async stop() {
      off();
      unsynced?.stop();
      await service.stop();
    },
  };
}

/** The states of the data folder's storage: its free space (disk-watch.ts) and another program's lock on the database (database-watch.ts). */
function startStorageWatches(
  options: CreateCompanionOptions,
  o: { dataDir: string; engine: Store['engine']; clock: Clock; log: Logger; events: UiEvents },
): { disk: DiskWatch; database: DatabaseWatch } {
  const { dataDir, clock, log, events } = o;
  const disk = createDiskWatch({
    dir: dataDir,
    clock,
    log,
    lowBytes: options.disk?.lowBytes ?? lowDiskBytes(process.env),
    intervalMs: options.disk?.intervalMs,
    freeBytes: options.disk?.freeBytes,
    changed: (view) => events.push({ type: 'disk', disk: view }),
  });
  disk.start();
  const database = createDatabaseWatch({
    engine: o.engine,
    clock,
    log,
    ...options.databaseLock,
    changed: (view) => events.push({ type: 'database', database: view }),
  });
  database.start();
  return { disk, database };
}

/** One PaymentLinks for the cashier, the POS API and the background check: one question per link at a time. */
function paymentLinksFor(store: Store, connection: ConnectionRunner, events: UiEvents, clock: Clock, log: Logger) {
  const paymentLinks = createPaymentLinks({
    store: store.paymentLinks,
    client: connection.client,
    defaultCurrency: () => DEFAULT_CURRENCY,
    log,
    changed: (link) => events.push({ type: 'payment-link', link }),
  });
  return { paymentLinks, linkWatcher: createLinkWatcher({ links: paymentLinks, clock, log }) };
}

/** Settings → Backups over the store file: a restore stops the core first, then tells the host. */
function backupCommandsFor(
  options: CreateCompanionOptions,
  o: { file: string; pin: ManagerPin; clock: Clock; log: Logger; stopCore: () => Promise<void> },
): BackupCommands {
  const { file, clock, log } = o;
  return createBackupCommands({
    file,
    pin: o.pin,
    clock,
    log,
    nativeBinding: options.nativeBinding,
    restartsItself: options.restartsAfterRestore ?? false,
    restore: async (backup) => {
      await o.stopCore();
      const outcome = await restoreBackup({ file, backup, clock, log, nativeBinding: options.nativeBinding }).then(
        () => ({}),
        (error: unknown) => ({ error }),
      );
      if ('error' in outcome) log.error({ mod: 'backup', err: outcome.error }, 'restore failed; the database is unchanged');
      else markDatabaseCreated(file);
      options.onRestored?.(outcome);
    },
  });
}

/** What the root built, for the two wiring helpers below. */
interface CoreParts {
  settings: SettingsService;
  store: Store;
  notices: NoticeBook;
  events: UiEvents;
  demo: DemoService;
  connection: ConnectionRunner;
  localApi: LocalApi;
  commands: SettingsCommands;
  backups: BackupCommands;
  shell: ShellPorts;
  clock: Clock;
  log: Logger;
  disk: DiskWatch;
  database: DatabaseWatch;
  paymentLinks: PaymentLinks;
}

/** Every feature's commands and snapshot part over one context: the union of what each record asks for. */
function uiApiFor(p: CoreParts, logs: string, staff: StaffService): CompanionApi {
  const context: FeatureContext = {
    store: joinDomains(p.store.bills, p.store.payments, p.store.orders, p.store.receipts, p.store.attention, p.store.paymentLinks, p.store.engine),
    notices: p.notices,
    pushNotice: (notice) => p.events.push({ type: 'notice', notice }),
    clock: p.clock,
    log: p.log,
    shell: p.shell,
    defaultCurrency: DEFAULT_CURRENCY,
    paymentLinks: p.paymentLinks,
    disk: p.disk.view,
    database: p.database.view,
    client: p.connection.client,
    transport: () => p.settings.get().transport,
    connection: p.connection.view,
    backupCommands: p.backups,
    reconnect: p.connection.reconnect,
    settingsCommands: p.commands,
    isDemo: () => p.settings.isDemo(),
    guests: p.demo,
    // Day report.
    dayEndsAt: () => p.settings.get().dayEndsAt,
    // Needs attention: when a payment the main POS has not acknowledged is unsynced.
    unsyncedAfterMs: () => p.settings.get().unsyncedAfterSeconds * 1000,
    logsDir: logs,
    staff,
  };
  return createUiApi(UI_FEATURES, context, { subscribe: p.events.subscribe, seq: p.events.seq });
}

function facade(p: CoreParts, api: CompanionApi, stop: () => Promise<void>): Companion {
  let stopping: Promise<void> | null = null;
  return {
    api,
    get settings() {
      return p.settings.get();
    },
    connection: () => p.connection.view(),
    disk: () => p.disk.view(),
    database: () => p.database.view(),
    get demo() {
      return p.settings.isDemo();
    },
    get transport() {
      return p.settings.get().transport;
    },
    get posApiUrl() {
      return p.localApi.url();
    },
    get posApiToken() {
      return p.localApi.token();
    },
    get sandboxUrl() {
      return p.demo.url();
    },
    get webhookUrl() {
      return p.connection.webhookUrl();
    },
    async start() {
      // The webhook receiver listens on start: a taken port is named like the POS API's.
      await p.connection.start().catch((e: unknown) => {
        throw portInUse(e, 'webhook', p.settings.get().webhookPort);
      });
    },
    stop: () => (stopping ??= stop()),
    onResume() {
      p.log.info({ mod: 'companion' }, 'resumed from sleep: reconnecting');
      p.connection.reconnect();
    },
  };
}
