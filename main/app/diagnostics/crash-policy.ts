import type { Clock, TimerHandle } from '../../base/clock.js';
import type { Logger } from '../../base/log.js';

/**
 * What the app does when something breaks while nobody watches (plain Node; the Electron wiring
 * is main/shell/crash-handling.ts). Every decision is logged with the error's stack.
 * - An uncaught exception in main: the core's state may be half-changed, so the core is stopped
 *   and built again (recovery settles payments in flight), at most `coreRestartsPerHour`; a
 *   failed restart is tried again after `retryMs`; past the budget the core stays down and the
 *   tray says so (CORE_FAILED), rather than restarting in a loop.
 * - An unhandled rejection: one operation failed and nobody awaited it; the state machine is
 *   intact, so it is logged and the core keeps running.
 * - The renderer gone (crashed, killed, out of memory) or hung for `hangGraceMs`: the window is
 *   reloaded (it starts again from a snapshot), at most `rendererReloadsPerHour`, then left
 *   (RENDERER_FAILED: the cashier opens it again from the tray). A clean exit is not a crash.
 */
export type CrashNoticeCode = 'CORE_RESTARTED' | 'CORE_FAILED' | 'RENDERER_RELOADED' | 'RENDERER_FAILED';

export interface CrashPorts {
  /** Stop the core and build it again; rejects when the new one could not start. */
  restartCore(): Promise<void>;
  reloadRenderer(): void;
  /** Tell the cashier (tray and an OS notification): the shell words the code. */
  notice(code: CrashNoticeCode): void;
}

export const CRASH_POLICY = {
  coreRestartsPerHour: 3,
  rendererReloadsPerHour: 5,
  /** Electron reports "unresponsive" after a few seconds already; a long print layout can pass. */
  hangGraceMs: 15_000,
  retryMs: 30_000,
  windowMs: 60 * 60 * 1000,
} as const;

export interface CrashPolicyOptions {
  clock: Clock;
  log: Logger;
  ports: CrashPorts;
  limits?: Partial<typeof CRASH_POLICY>;
}

export interface CrashPolicy {
  mainError(kind: 'uncaughtException' | 'unhandledRejection', reason: unknown): void;
  rendererGone(details: { reason: string; exitCode?: number }): void;
  unresponsive(): void;
  responsive(): void;
  /** Quitting: timers cleared, later events ignored (a renderer closing at quit is no crash). */
  stop(): void;
}

/** At most `max` uses within any `windowMs`: the times of the recent uses, oldest first. */
export function createBudget(clock: Clock, max: number, windowMs: number): { take(): boolean } {
  const used: number[] = [];
  return {
    take() {
      const now = clock.now();
      while (used.length > 0 && used[0]! <= now - windowMs) used.shift();
      if (used.length >= max) return false;
      used.push(now);
      return true;
    },
  };
}

const asError = (reason: unknown): Error => (reason instanceof Error ? reason : new Error(typeof reason === 'string' ? reason : JSON.stringify(reason)));

export function createCrashPolicy(options: CrashPolicyOptions): CrashPolicy {
  const limits = { ...CRASH_POLICY, ...options.limits };
  const { clock, ports } = options;
  const log = options.log.child({ mod: 'crash' });
  const coreBudget = createBudget(clock, limits.coreRestartsPerHour, limits.windowMs);
  const rendererBudget = createBudget(clock, limits.rendererReloadsPerHour, limits.windowMs);
  let stopped = false;
  let restarting = false;
  let coreDown = false;
  let hangTimer: TimerHandle | null = null;
  let retryTimer: TimerHandle | null = null;

  const coreFailed = () => {
    if (coreDown) return;
    coreDown = true;
    log.fatal({ budget: limits.coreRestartsPerHour }, 'the core keeps failing: left stopped until the app is restarted');
    ports.notice('CORE_FAILED');
  };

  const restartCore = () => {
    if (stopped || restarting || coreDown) return;
    if (!coreBudget.take()) return coreFailed();
    restarting = true;
    log.warn('restarting the core');
    ports.restartCore().then(
      () => {
        restarting = false;
        log.info('the core was restarted');
        ports.notice('CORE_RESTARTED');
      },
      (e: unknown) => {
        restarting = false;
        log.error({ err: asError(e) }, 'the core did not restart');
        if (!stopped) retryTimer = clock.setTimeout(restartCore, limits.retryMs);
      },
    );
  };

  const reloadRenderer = (why: string) => {
    clock.clearTimeout(hangTimer);
    hangTimer = null;
    if (!rendererBudget.take()) {
      log.error({ why, budget: limits.rendererReloadsPerHour }, 'the window keeps failing: not reloaded again');
      return ports.notice('RENDERER_FAILED');
    }
    log.warn({ why }, 'reloading the window');
    ports.reloadRenderer();
    ports.notice('RENDERER_RELOADED');
  };

  return {
    mainError(kind, reason) {
      const err = asError(reason);
      log.error({ kind, err }, kind === 'uncaughtException' ? 'uncaught exception in main' : 'unhandled rejection in main: the core keeps running');
      if (kind === 'uncaughtException') restartCore();
    },
    rendererGone(details) {
      if (stopped) return;
      if (details.reason === 'clean-exit') return void log.info(details, 'the window process exited cleanly');
      log.error(details, 'the window process is gone');
      reloadRenderer(details.reason);
    },
    unresponsive() {
      if (stopped || hangTimer !== null) return;
      log.warn({ graceMs: limits.hangGraceMs }, 'the window is not responding');
      hangTimer = clock.setTimeout(() => reloadRenderer('unresponsive'), limits.hangGraceMs);
    },
    responsive() {
      if (hangTimer === null) return;
      clock.clearTimeout(hangTimer);
      hangTimer = null;
      log.info('the window responds again');
    },
    stop() {
      stopped = true;
      clock.clearTimeout(hangTimer);
      clock.clearTimeout(retryTimer);
    },
  };
}
