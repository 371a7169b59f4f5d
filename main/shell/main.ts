import path from 'node:path';
import { failureSentence } from '../base/store-error-english.js';
import { backupSentence } from '../features/backups/backup-words.js';
import { backupsDir, BackupError, markDatabaseCreated, restoreBackup } from '../store/index.js';
import { fileURLToPath } from 'node:url';
import { BrowserWindow, Menu, app, crashReporter, dialog, powerMonitor, safeStorage, shell } from 'electron';
import type { CompanionEvent, Language, ConnectionView } from '../../preload/contract.js';
import { startSandbox } from '../../sandbox/index.js';
import { StartupError, type StartupProblem } from '../base/startup-error.js';
import { createCompanion, type CreateCompanionOptions } from '../app/companion.js';
import type { CrashNoticeCode } from '../app/diagnostics/crash-policy.js';
import { createRestartableCore, type RestartableCore } from '../app/diagnostics/restartable-core.js';
import { createStateHistory, recordConnectionStates } from '../app/diagnostics/state-history.js';
import { createFileLogger } from '../base/logging/file-logger.js';
import { silentLogger } from '../base/log.js';
import { startCrashReporting } from './crash-handling.js';
import { createDiagnosticsExport } from './diagnostics-export.js';
import { crashNoticeText, crashTrayLine } from './crash-notice-text.js';
import type { Companion, ShellPorts } from '../base/host-types.js';
import { paymentsInProgress, takeHiddenRestart } from '../features/updates/index.js';
import { CLOSE_HINT, takeCloseHint } from './close-hint.js';
import { registerIpc } from './ipc.js';
import { createNotifier } from './os-notifications.js';
import { confirmQuit, openWork } from './quit-guard.js';
import { quitOnSessionEnd } from './session-end.js';
import { createPrintPorts } from './printing.js';
import { createSafeStorageSecrets } from './safe-storage-secrets.js';
import { createSaveTextFile } from './save-file.js';
import { isSelfTest, selfTestThenExit } from './self-test-run.js';
import { APP_USER_MODEL_ID, appLayout, devServerUrl, electronNativeBinding, loginItemSettings, parseShellArgs } from './shell-options.js';
import { createAppTray, type AppTray, type TrayActions } from './tray.js';
import { followChannelSetting, startUpdates } from './updates.js';
import { appPageUrl, type AppOrigins } from './trusted-url.js';
import { createHardenedWindow, type WindowFactoryOptions } from './window-factory.js';

/**
 * The Electron entry (dist/main/shell/main.js): a tray app around the core. It owns windows, the
 * tray, IPC, notifications, printing, safeStorage and the login item; everything else is the core
 * built by createCompanion, the same one the headless host runs.
 */

// The first seconds, in this order. `--self-test` checks the install and exits, beside a running
// Tableside: before the lock, the logger and any window.
if (isSelfTest(process.argv))
  await selfTestThenExit({ app, safeStorage, shellDir: path.dirname(fileURLToPath(import.meta.url)), resourcesPath: process.resourcesPath });

// Then crash reporting and main's error handlers, before anything else can throw: errors until
// the logger exists go to stderr and are logged once it does.
const earlyCrash = startCrashReporting({ app, crashReporter, submitUrl: process.env.TABLESIDE_CRASH_SUBMIT_URL });
// Then the single-instance lock: a second Tableside leaves before it opens the first one's log files.
const primary = app.requestSingleInstanceLock();
// Then the logger. Modules tag their own lines (mod); this file's lines say mod=shell.
const rootLog = primary ? await createFileLogger({ dataDir: app.getPath('userData') }) : silentLogger();
if (primary) earlyCrash.useLog(rootLog);
const log = rootLog.child({ mod: 'shell' });
const shellDir = path.dirname(fileURLToPath(import.meta.url));
const args = parseShellArgs(process.argv);

// Windows shows notifications and groups the taskbar under this id; set it before any window exists.
app.setAppUserModelId(APP_USER_MODEL_ID);

let mainWindow: BrowserWindow | null = null;
let companion: RestartableCore | null = null;
let tray: AppTray | null = null;
/** The tray's line for the last crash notice, until the cashier clicks it. */
let crashLine: string | null = null;
let quitting = false;
let stopping: Promise<void> | null = null;

function showWindow(): void {
  if (mainWindow === null || mainWindow.isDestroyed()) return;
  if (mainWindow.isMinimized()) mainWindow.restore();
  mainWindow.show();
  mainWindow.focus();
}

if (!primary) {
  // Another Tableside runs: it shows its window (second-instance) and this one leaves.
  app.quit();
} else {
  app.on('second-instance', () => showWindow());
  app.on('before-quit', (event) => {
    quitting = true;
    if (companion === null) return;
    // Close the connection and the database once, then leave for good.
    event.preventDefault();
    stopping ??= companion
      .stop()
      .catch((e: unknown) => log.error({ err: (e as Error).message }, 'clean stop failed'))
      .finally(() => {
        tray?.destroy();
        app.exit(0);
      });
  });
  // A tray app keeps running without windows; only Quit ends it.
  app.on('window-all-closed', () => undefined);
  app
    .whenReady()
    .then(start)
    .catch((e: unknown) => {
      log.fatal({ err: (e as Error).message }, 'Tableside could not start');
      dialog.showErrorBox('Tableside could not start', `${failureSentence(e)}\n\nRestart Tableside; if this keeps happening, reinstall it.`);
      app.exit(1);
    });
}

/** The packaged app has no menu (its defaults carry DevTools, reload and zoom) and no DevTools. */
function developerTools(): boolean {
  if (app.isPackaged) Menu.setApplicationMenu(null);
  return !app.isPackaged;
}

async function start(): Promise<void> {
  const dataDir = app.getPath('userData');
  const layout = appLayout(shellDir, app.isPackaged, process.resourcesPath);
  const origins: AppOrigins = { rendererDir: layout.rendererDir, devUrl: devServerUrl(process.env, app.isPackaged) };
  const iconPath = path.join(layout.assetsDir, 'icon.png');
  const factory: WindowFactoryOptions = { origins, preloadPath: layout.preloadPath, icon: iconPath, devTools: developerTools(), log: rootLog };
  const notify = createNotifier(iconPath, showWindow, rootLog);
  let language: Language = 'en';
  // After an install in the quiet window the app comes back in the tray, as with --hidden.
  const hidden = args.hidden || takeHiddenRestart(dataDir, Date.now(), rootLog);
  // The crash policy's parts that need the window and the core (reporting runs since the first line).
  const crash = earlyCrash.attach({
    app,
    log: rootLog,
    restartCore: () => companion?.restart() ?? Promise.resolve(),
    window: () => mainWindow,
    notice: announceCrash(notify, () => language),
  });

  mainWindow = createHardenedWindow({ width: 1366, height: 768, minWidth: 1024, minHeight: 640, show: false, title: 'Tableside' }, factory);
  mainWindow.on('close', (event) => {
    if (quitting) return;
    // Closing hides to the tray: the till must keep answering the service.
    event.preventDefault();
    mainWindow?.hide();
    if (takeCloseHint(dataDir)) notify(CLOSE_HINT[language].title, CLOSE_HINT[language].body);
  });
  if (!hidden) mainWindow.once('ready-to-show', showWindow);
  crash.watchWindow(mainWindow);
  quitOnSessionEnd({ window: mainWindow, powerMonitor, quit: () => app.quit(), log: rootLog });

  const connectionStates = createStateHistory();
  const ports: ShellPorts = {
    ...createPrintPorts({
      origins,
      dataDir,
      log: rootLog,
      hiddenWindow: (withPreload) =>
        createHardenedWindow({ width: 900, height: 1200, show: false }, { ...factory, preloadPath: withPreload ? layout.preloadPath : null }),
      printer: async () => companion?.settings.printer ?? null,
    }),
    notify,
    setLoginItem: (startAtLogin, startHidden) => app.setLoginItemSettings(loginItemSettings(startAtLogin, startHidden)),
    // Export CSV.
    saveTextFile: createSaveTextFile({
      showSaveDialog: (parent, options) => (parent ? dialog.showSaveDialog(parent, options) : dialog.showSaveDialog(options)),
      parent: () => mainWindow,
      startDir: () => app.getPath('documents'),
      log: rootLog,
    }),
    ...createDiagnosticsExport({
      dialog,
      shell,
      window: () => mainWindow,
      defaultDir: app.getPath('documents'),
      log: rootLog,
      bundleOptions: async () => ({
        dataDir,
        crashDumpsDir: crash.crashDumpsDir,
        connectionHistory: connectionStates,
        versions: { app: app.getVersion() },
        knownSecrets: [options?.secrets?.load()],
        settings: (await companion?.api.getSnapshot())?.settings ?? null,
        ...(options?.nativeBinding ? { nativeBinding: options.nativeBinding } : {}),
      }),
    }),
  };

  // Made with the core: a packaged app without its SQLite engine is a startup problem for the tray.
  let options: CreateCompanionOptions | undefined;
  const core = await createRestartableCore(() => createCompanion((options ??= companionOptions(dataDir, ports, layout.rendererDir))), rootLog).catch((e: unknown) => {
    const problem = takenPort(e);
    tray = withCrashLine(createAppTray(layout.assetsDir, startupFailedActions(dataDir, showWindow, options?.nativeBinding)));
    tray.update(null, language, problem);
    return null;
  });
  if (core === null) return;
  companion = core;
  recordConnectionStates(core.api, connectionStates);

  tray = withCrashLine(trayWithUpdates(layout.assetsDir, core));
  let connection: ConnectionView = core.connection();
  // A port found taken at start stays in the tray until the settings change.
  let portProblem: StartupProblem | undefined;
  language = core.settings.language;
  tray.update(connection, language);
  // Keep the OS login item in line with the settings; a dev checkout never registers itself.
  if (app.isPackaged) app.setLoginItemSettings(loginItemSettings(core.settings.startAtLogin, core.settings.startHidden));
  core.api.onEvent(
    (event) => {
      if (event.type === 'connection') connection = event.connection;
      else if (showStorageState(tray, event)) return;
      else if (event.type === 'settings') {
        language = event.settings.language;
        portProblem = undefined;
      } else return;
      tray?.update(connection, language, portProblem);
    },
    ['connection', 'settings', 'disk', 'database'],
  );

  registerIpc({
    api: core.api,
    origins,
    log: rootLog,
    eventTargets: () => BrowserWindow.getAllWindows().map((w) => w.webContents),
  });
  powerMonitor.on('resume', () => {
    log.info('resumed from sleep: reconnecting');
    core.onResume();
  });

  // Show the app while the core connects: the status bar tells the cashier how that goes.
  await mainWindow.loadURL(appPageUrl('index.html', origins)).catch((e: unknown) => {
    // The core still serves the till; the window shows once the cashier opens it again.
    log.error({ err: (e as Error).message }, 'the app page did not load');
  });
  // The webhook receiver's port is taken at start: the app stays up so Settings can change it.
  await core.start().catch((e: unknown) => {
    portProblem = takenPort(e);
    tray?.update(core.connection(), language, portProblem);
  });
  log.info({ demo: core.demo, hidden }, 'Tableside started');
}

/** What the crash policy did, told as an OS notification and as a tray line that stays until clicked. */
function announceCrash(notify: (title: string, body: string) => void, language: () => Language): (code: CrashNoticeCode) => void {
  return (code) => {
    const words = crashNoticeText(code, language());
    notify(words.title, words.body);
    // Kept for a tray made later (a crash before the core is up) and shown in the tray now.
    crashLine = crashTrayLine(code, new Date(), language());
    tray?.setNotice(crashLine);
  };
}

/** A new tray shows a crash notice that came before it. */
/** The disk's and the database's states are the tray's own lines; true when the event was one of them. */
function showStorageState(tray: AppTray | null, event: CompanionEvent): boolean {
  if (event.type === 'disk') tray?.setDisk(event.disk);
  else if (event.type === 'database') tray?.setDatabase(event.database);
  else return false;
  return true;
}

function withCrashLine(appTray: AppTray): AppTray {
  appTray.setNotice(crashLine);
  return appTray;
}

/** The core's options: the shell's ports, safeStorage for the key, the Electron build of better-sqlite3, the demo port. */
/**
 * The tray of a running core, and updates: checked now and every 4 h, installed only in the quiet
 * window with no payment in progress, on quit, or from the tray's "Restart now".
 */
function trayWithUpdates(assetsDir: string, core: Companion): AppTray {
  const appTray = createAppTray(assetsDir, {
    open: showWindow,
    reconnect: () => void core.api.reconnect(),
    quit: () => void cashierQuit(core),
    restartToUpdate: () => void updates.restartNow(),
  });
  const { updateUrl, quietWindow, updateChannel: channel } = core.settings;
  const busyChecks = [paymentsInProgress(core.api)];
  const dataDir = app.getPath('userData');
  const updates = startUpdates({ updateUrl, quietWindow, channel, dataDir, busyChecks, log: rootLog, onStatus: (s) => appTray.setUpdate(s) });
  followChannelSetting(updates, core.api, { updateUrl, quietWindow, channel }, rootLog);
  // Low disk space found at start; later changes come as disk events.
  appTray.setDisk(core.disk());
  appTray.setDatabase(core.database());
  return appTray;
}

let askingToQuit = false;
/** The tray's Quit: asks first while guests pay or bills are open (quit-guard.ts); other quits never ask. */
async function cashierQuit(core: Companion): Promise<void> {
  if (askingToQuit) return;
  askingToQuit = true;
  const ok = await confirmQuit({ dialog, work: () => openWork(core.api), language: () => core.settings.language, window: () => mainWindow }).finally(() => {
    askingToQuit = false;
  });
  if (ok) app.quit();
}

function companionOptions(dataDir: string, ports: ShellPorts, rendererDir: string): CreateCompanionOptions {
  const nativeBinding = electronNativeBinding(path.resolve(shellDir, '..', '..', '..'), app.isPackaged, process.resourcesPath);
  if (nativeBinding === undefined) log.warn('dev checkout without an Electron build of better-sqlite3 in out/native-electron; using the module default');
  return {
    dataDir,
    secrets: createSafeStorageSecrets(dataDir, safeStorage, rootLog),
    shell: ports,
    log: rootLog,
    nativeBinding,
    // Demo mode runs the embedded sandbox; the core gets it as a port and never imports sandbox/.
    demo: startSandbox,
    // Waiters' phones load the built staff page from the same folder as the cashier's.
    staffStaticDir: rendererDir,
    // Settings → Backups: after a restore the app starts again, on the restored database.
    restartsAfterRestore: true,
    onRestored: () => {
      app.relaunch();
      app.exit(0);
    },
  };
}

/** The tray of a core that could not start: open, quit, and a missing database's restore offer. */
function startupFailedActions(dataDir: string, showWindow: () => void, nativeBinding: string | undefined): TrayActions {
  return {
    open: showWindow,
    reconnect: () => undefined,
    quit: () => app.quit(),
    restoreBackup: (backup, question, buttons) => void restoreFromTray(dataDir, backup, question, buttons, nativeBinding),
  };
}

/**
 * The missing database's offer from the tray: asked once more, then the newest verified backup is
 * put in place (the empty file kept aside) and the app starts again; a refusal is said in a box.
 */
async function restoreFromTray(dataDir: string, backup: string, question: string, buttons: readonly [string, string], nativeBinding: string | undefined) {
  const answer = await dialog.showMessageBox({ type: 'question', message: question, buttons: [...buttons], defaultId: 1, cancelId: 1 });
  if (answer.response !== 0) return;
  const file = path.join(dataDir, 'tableside.sqlite');
  try {
    await restoreBackup({ file, backup: path.join(backupsDir(file), backup), log: rootLog, nativeBinding });
    markDatabaseCreated(file);
    app.relaunch();
    app.exit(0);
  } catch (e) {
    log.error({ err: e }, 'restore from the tray failed; the database is unchanged');
    dialog.showErrorBox('Tableside', e instanceof BackupError ? backupSentence(e.code, { backup, database: file }) : failureSentence(e));
  }
}

/** A taken port, a missing or locked database, a missing SQLite engine: IT's to fix, said in the log and the tray, no dialog. Anything else is rethrown. */
function takenPort(e: unknown): StartupProblem {
  const shown = ['PORT_IN_USE', 'DATABASE_MISSING', 'DATABASE_LOCKED', 'NATIVE_BINDING_MISSING'];
  if (!(e instanceof StartupError) || !shown.includes(e.problem.code)) throw e;
  log.fatal({ problem: e.problem }, e.message);
  return e.problem;
}
