import type { EventEmitter } from 'node:events';
import type { App, BrowserWindow, CrashReporter, RenderProcessGoneDetails, WebContents } from 'electron';
import { systemClock, type Clock } from '../base/clock.js';
import { createCrashPolicy, type CrashNoticeCode, type CrashPolicy, type CrashPolicyOptions } from '../app/diagnostics/crash-policy.js';
import type { Logger } from '../base/log.js';

/**
 * The Electron side of the crash policy (main/app/diagnostics/crash-policy.ts decides): minidumps
 * written locally by crashReporter, uncaught errors in main, a renderer that is gone or hung.
 * Electron arrives as parameters, so the wiring is tested against the stand-in electron.
 */
export interface CrashHandlingOptions {
  app: Pick<App, 'on' | 'getPath'>;
  crashReporter: Pick<CrashReporter, 'start'>;
  log: Logger;
  /** Stop the core and build it again (RestartableCore.restart). */
  restartCore(): Promise<void>;
  /** The main window, once it exists. */
  window(): BrowserWindow | null;
  /** Tell the cashier: tray line and OS notification. */
  notice(code: CrashNoticeCode): void;
  /** Minidumps go to a crash server only when this is set (TABLESIDE_CRASH_SUBMIT_URL); never by default. */
  submitUrl?: string;
  clock?: Clock;
  /** `process` in the app; an EventEmitter in tests. */
  processEvents?: Pick<NodeJS.Process, 'on'> | EventEmitter;
  limits?: CrashPolicyOptions['limits'];
}

export interface CrashHandling {
  readonly policy: CrashPolicy;
  /** Where crashReporter writes minidumps: the support bundle packs them. */
  readonly crashDumpsDir: string;
  /** Follows a window's hangs (call once the main window exists). */
  watchWindow(win: BrowserWindow): void;
}

/** What runs before the app is ready and before the logger exists: crashReporter and the process handlers. */
export interface EarlyCrashOptions {
  app: Pick<App, 'getPath'>;
  crashReporter: Pick<CrashReporter, 'start'>;
  /** Minidumps go to a crash server only when this is set (TABLESIDE_CRASH_SUBMIT_URL); never by default. */
  submitUrl?: string;
  /** `process` in the app; an EventEmitter in tests. */
  processEvents?: Pick<NodeJS.Process, 'on'> | EventEmitter;
  /** Where errors go before the logger exists (stderr in the app). */
  stderr?: (line: string) => void;
}

export type LateCrashOptions = Omit<CrashHandlingOptions, keyof EarlyCrashOptions> & { app: Pick<App, 'on'> };

export interface EarlyCrashHandling {
  readonly crashDumpsDir: string;
  /** The logger now exists: errors caught before it are logged, later ones too until attach. */
  useLog(log: Logger): void;
  /** The core and the window exist: main's errors go to the crash policy from now on. */
  attach(options: LateCrashOptions): CrashHandling;
}

type MainErrorKind = 'uncaughtException' | 'unhandledRejection';

/**
 * Call first thing in main, before anything else can throw: crashReporter must start before the
 * app is ready, and an error thrown while the app starts must not vanish. Until the logger exists
 * an error goes to stderr and is kept; useLog logs what was kept.
 */
export function startCrashReporting(options: EarlyCrashOptions): EarlyCrashHandling {
  const submitURL = options.submitUrl ?? '';
  options.crashReporter.start({ uploadToServer: submitURL !== '', submitURL, compress: true, productName: 'Tableside' });
  const crashDumpsDir = options.app.getPath('crashDumps');
  const stderr = options.stderr ?? ((line: string) => void process.stderr.write(`${line}\n`));
  const early: { kind: MainErrorKind; reason: unknown }[] = [];
  let log: Logger | null = null;
  let policy: CrashPolicy | null = null;

  const onError = (kind: MainErrorKind, reason: unknown) => {
    if (policy !== null) return policy.mainError(kind, reason);
    if (log !== null) return void log.error({ kind, err: reason }, 'error in main before the core started');
    stderr(`Tableside: ${kind}: ${reason instanceof Error ? (reason.stack ?? reason.message) : String(reason)}`);
    early.push({ kind, reason });
  };
  const events = (options.processEvents ?? process) as EventEmitter;
  events.on('uncaughtException', (error: unknown) => onError('uncaughtException', error));
  events.on('unhandledRejection', (reason: unknown) => onError('unhandledRejection', reason));

  return {
    crashDumpsDir,
    useLog(logger) {
      log = logger.child({ mod: 'crash' });
      log.info({ crashDumpsDir, upload: submitURL !== '' }, 'crash reporter started');
      for (const { kind, reason } of early.splice(0)) log.error({ kind, err: reason }, 'error in main before the logger existed');
    },
    attach(late) {
      const handling = attachCrashPolicy(late, crashDumpsDir);
      policy = handling.policy;
      return handling;
    },
  };
}

/** Both phases at once (tests, and a host that has its logger from the start). */
export function installCrashHandling(options: CrashHandlingOptions): CrashHandling {
  const early = startCrashReporting(options);
  early.useLog(options.log);
  return early.attach(options);
}

function attachCrashPolicy(options: LateCrashOptions, crashDumpsDir: string): CrashHandling {
  const log = options.log.child({ mod: 'crash' });
  const policy = createCrashPolicy({
    clock: options.clock ?? systemClock,
    log: options.log,
    ...(options.limits ? { limits: options.limits } : {}),
    ports: {
      restartCore: async () => {
        await options.restartCore();
        // The renderer mirrors the old core's state: start it again from the new one's snapshot.
        reload();
      },
      reloadRenderer: reload,
      notice: options.notice,
    },
  });
  function reload(): void {
    const win = options.window();
    if (win && !win.isDestroyed()) win.webContents.reload();
  }

  options.app.on('render-process-gone', (_event: unknown, contents: WebContents, details: RenderProcessGoneDetails) => {
    const win = options.window();
    // A hidden print window that dies is closed by its own code; only the main window is reloaded.
    if (!win || win.isDestroyed() || contents !== win.webContents) return void log.warn({ reason: details.reason }, 'a helper window process is gone');
    policy.rendererGone({ reason: details.reason, exitCode: details.exitCode });
  });
  options.app.on('before-quit', () => policy.stop());

  return {
    policy,
    crashDumpsDir,
    watchWindow(win) {
      win.on('unresponsive', () => policy.unresponsive());
      win.on('responsive', () => policy.responsive());
    },
  };
}
