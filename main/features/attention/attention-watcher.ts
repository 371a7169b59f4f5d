import type { AttentionEntry } from '../../../preload/contract.js';
import type { Clock, TimerHandle } from '../../base/clock.js';
import type { EventsStore, StoreEngine, StoreEvent } from '../../store/index.js';
import { listAttention } from './attention-list.js';
import { ATTENTION_SOURCES } from './registry.js';
import { DEFAULT_UNSYNCED_AFTER_MS, type AttentionSource } from './sources/source.js';

/** How often the list is looked at again for entries that come with age alone (a lock growing old). */
export const ATTENTION_RECHECK_MS = 15_000;

/**
 * At most one computation of the list per this long while commits keep coming (as the views,
 * VIEW_PUSH_MS): each runs every source's query, and a rush brings dozens of commits a second.
 * The first change after a quiet moment is computed at once.
 */
export const ATTENTION_PUSH_MS = 50;

export interface AttentionWatcherOptions {
  /** `onPosCursor`: the main POS acknowledged, so an unsynced payment may have left. */
  store: Pick<EventsStore, 'onEvent'> & Partial<Pick<EventsStore, 'onPosCursor'>> & Pick<StoreEngine, 'read'>;
  clock: Clock;
  /** The list changed: the renderer's `attention` event (the badge counts it). */
  push(entries: AttentionEntry[]): void;
  /** Someone shows the views; with none, nothing is computed (a headless till). */
  listening(): boolean;
  sources?: readonly AttentionSource[];
  recheckMs?: number;
  /** The `unsyncedAfterSeconds` setting in ms, read at each computation (absent: the default). */
  unsyncedAfterMs?: () => number;
}

export interface AttentionWatcher {
  /** Follows the store's commits (and the clock, while a source is timed) and looks at the list at once. */
  start(): void;
  stop(): void;
  /** Looks again now (e.g. right after a snapshot was taken). */
  check: () => void;
  /** Someone began or stopped listening: the age recheck runs only while someone does. */
  listeningChanged: () => void;
}

/**
 * Keeps the renderer's Needs attention live: after a durable commit whose events one source lists
 * as its triggers (at most once per ATTENTION_PUSH_MS: later commits of the window wait for its
 * end), and every ATTENTION_RECHECK_MS on the injected clock while a source is timed, the list is
 * computed again and pushed when it differs from the last one pushed. An entry that
 * crosses its age limit between two checks shows at most `recheckMs` late. With no one listening
 * the recheck's timer is not armed: an idle headless till is not woken for a list no one reads.
 */
export function createAttentionWatcher(o: AttentionWatcherOptions): AttentionWatcher {
  const sources = o.sources ?? ATTENTION_SOURCES;
  const triggers = new Set(sources.flatMap((s) => s.triggers));
  const timed = sources.some((s) => s.timed === true);
  let last: string | null = null;
  let timer: TimerHandle | null = null;
  let waiting: TimerHandle | null = null;
  let lastComputed = Number.NEGATIVE_INFINITY;
  let off: (() => void) | null = null;

  // The age recheck's timer, armed only while the watcher runs and someone listens.
  function follow(): void {
    if (!timed) return;
    if (off !== null && o.listening()) {
      timer ??= o.clock.setInterval(check, o.recheckMs ?? ATTENTION_RECHECK_MS);
      return;
    }
    o.clock.clearTimeout(timer);
    timer = null;
  }

  function check(): void {
    follow();
    if (!o.listening()) {
      last = null; // whoever attaches next loads a snapshot; the next change is pushed whatever it is
      return;
    }
    lastComputed = o.clock.now();
    const entries = listAttention(o.store.read, { now: o.clock.now(), unsyncedAfterMs: o.unsyncedAfterMs?.() ?? DEFAULT_UNSYNCED_AFTER_MS }, sources);
    const signature = JSON.stringify(entries);
    if (signature === last) return;
    last = signature;
    // Pushing a list the renderer already holds (its snapshot's) is harmless: the event replaces it.
    o.push(entries);
  }
  // A computation now, or at the end of the current window (later changes of the window wait for it).
  const soon = () => {
    if (waiting !== null) return;
    if (!o.listening()) return check();
    const wait = lastComputed + ATTENTION_PUSH_MS - o.clock.now();
    if (wait <= 0) return check();
    waiting = o.clock.setTimeout(() => {
      waiting = null;
      check();
    }, wait);
  };
  const onBatch = (batch: StoreEvent[]) => {
    if (!batch.some((e) => triggers.has(e.kind))) return;
    soon();
  };

  return {
    start(): void {
      if (off) return;
      const offEvents = o.store.onEvent(onBatch);
      const offCursor = o.store.onPosCursor?.(soon);
      off = () => {
        offEvents();
        offCursor?.();
      };
      follow();
      check();
    },
    stop(): void {
      off?.();
      off = null;
      o.clock.clearTimeout(timer);
      timer = null;
      o.clock.clearTimeout(waiting);
      waiting = null;
    },
    /** Looks again now (e.g. right after a snapshot was taken). */
    check,
    listeningChanged: follow,
  };
}
