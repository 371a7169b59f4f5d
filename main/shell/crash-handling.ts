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

/** Call as early as possible in main (crashReporter should start before the app is ready). */
export function installCrashHandling(options: CrashHandlingOptions): CrashHandling {
  const log = options.log.child({ mod: 'crash' });
  const submitURL = options.submitUrl ?? '';
  options.crashReporter.start({ uploadToServer: submitURL !== '', submitURL, compress: true, productName: 'Tableside' });
  const crashDumpsDir = options.app.getPath('crashDumps');
  log.info({ crashDumpsDir, upload: submitURL !== '' }, 'crash reporter started');

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

  const events = (options.processEvents ?? process) as EventEmitter;
  events.on('uncaughtException', (error: unknown) => policy.mainError('uncaughtException', error));
  events.on('unhandledRejection', (reason: unknown) => policy.mainError('unhandledRejection', reason));
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
