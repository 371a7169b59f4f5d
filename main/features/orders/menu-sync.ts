import type { Clock, TimerHandle } from '../../base/clock.js';
import type { Logger } from '../../base/log.js';
import { wireMenus } from './order-methods.js';
import type { ServiceClient } from '../../base/service/index.js';
import type { OrdersStore, EventsStore } from '../../store/index.js';
import { createBackoff, DEFAULT_BACKOFF, type BackoffOptions } from '../../base/backoff.js';
import { isRetryable } from './retry.js';

/** Changes within this window go out as one push (docs/PROTOCOL.md §5). */
export const MENU_GROUP_MS = 2000;

export interface MenuSyncOptions {
  store: OrdersStore & EventsStore;
  client: Pick<ServiceClient, 'updateMenus'>;
  clock: Clock;
  log: Logger;
  backoff?: BackoffOptions;
  random?: () => number;
}

export interface MenuSyncState {
  version: number;
  pushed: number;
  /** A push is on its way or waiting (grouping or backoff). */
  pending: boolean;
  lastError: { code: string; message: string } | null;
}

export interface MenuSync {
  /** Pushes a menu left unpushed by an earlier run at once. */
  start(): void;
  /** Resolves when the push on its way (if any) has ended: for tests and an orderly stop. */
  idle(): Promise<void>;
  /** The menu versions held and pushed, and whether a push is on its way or waiting. */
  state(): MenuSyncState;
  /** Stops pushing and waits for the push on its way; the stored version says what is left. */
  stop(): Promise<void>;
}

/**
 * Keeps the service's menu equal to the store's, one way (POS → service). Every menu change bumps
 * the store's menu version; the first change starts a 2 s window, and everything changed in it
 * goes out as one `update-menus` with the whole menu. The pushed version is stored, so a change
 * made while the service was away (or before a restart) is pushed when it can be. A failed push is
 * retried with backoff (1 s doubling to 60 s, on the Clock); a push in flight when the menu
 * changes again is followed by one with the newer menu: the latest menu wins.
 */
export function createMenuSync(options: MenuSyncOptions): MenuSync {
  const { store, clock } = options;
  const log = options.log.child({ mod: 'menu-sync' });
  const backoff = createBackoff(options.backoff ?? DEFAULT_BACKOFF, options.random);
  let timer: TimerHandle | null = null;
  let flight: Promise<void> | null = null;
  let stopped = false;
  let lastError: MenuSyncState['lastError'] = null;
  const behind = () => {
    const v = store.menuVersions();
    return v.version > v.pushed;
  };

  const schedule = (delayMs: number) => {
    if (stopped || timer !== null || flight !== null) return;
    timer = clock.setTimeout(() => {
      timer = null;
      flight = push()
        .catch((e: unknown): number | null => {
          log.error({ err: e }, 'menu push failed');
          return null;
        })
        .then((next) => {
          flight = null;
          if (next !== null) schedule(next);
        });
    }, delayMs);
  };

  /** One push; answers when to push next (null: not until the menu changes). */
  async function push(): Promise<number | null> {
    const { version } = store.menuVersions();
    const menus = wireMenus(store.menus());
    const answer = await options.client.updateMenus(menus);
    if (answer.ok) {
      store.menuPushed(version);
      backoff.reset();
      lastError = null;
      log.info({ version, menus: menus.length, items: menus.reduce((n, m) => n + m.items.length, 0) }, 'menu pushed to the service');
      // Changed while this push was on its way: the newer menu follows after its own window.
      return behind() ? MENU_GROUP_MS : null;
    }
    lastError = { code: answer.code, message: answer.message };
    if (!isRetryable(answer)) {
      log.error({ version, status: answer.status, code: answer.code }, `the service refused the menu: ${answer.message}`);
      return null; // the same menu would be refused again; the next change tries anew
    }
    const { attempt, delayMs } = backoff.next();
    log.warn({ version, status: answer.status, code: answer.code, attempt, retryInMs: delayMs }, 'menu push failed; retrying');
    return delayMs;
  }

  const offCommit = store.onCommit((events) => {
    if (events.some((e) => e.kind === 'menu.updated')) schedule(MENU_GROUP_MS);
  });

  return {
    /** Pushes a menu left unpushed by an earlier run at once. */
    start(): void {
      if (behind()) schedule(0);
    },
    /** Resolves when the push on its way (if any) has ended: for tests and an orderly stop. */
    async idle(): Promise<void> {
      while (flight !== null) await flight;
    },
    state(): MenuSyncState {
      return { ...store.menuVersions(), pending: timer !== null || flight !== null, lastError };
    },
    async stop(): Promise<void> {
      stopped = true;
      offCommit();
      clock.clearTimeout(timer);
      timer = null;
      await flight;
    },
  };
}
