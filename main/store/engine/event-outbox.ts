import type { Clock, TimerHandle } from '../../base/clock.js';
import type { Logger } from '../../base/log.js';
import type { StoreEvent } from '../shared/records.js';

export type EventListener = (events: StoreEvent[]) => void;

/** A relaxed commit is made durable by the next durable one, or by a sync this long after it. */
export const DURABLE_WITHIN_MS = 50;

export interface EventOutbox {
  /**
   * After every commit, with its events; `durable` false for a relaxed commit, 'syncing' for one
   * whose fsync is under way (its caller calls durableThrough or syncFailed after it).
   */
  committed(events: StoreEvent[], durable: boolean | 'syncing'): void;
  /** The highest sequence number committed so far: what an fsync started now will cover. */
  lastCommittedSeq(): number;
  /** An fsync covering every commit up to `seq` is done: their held events are told, in order. */
  durableThrough(seq: number): void;
  /** A commit's fsync failed: its held events wait for the sync DURABLE_WITHIN_MS from now (or an earlier durable commit). */
  syncFailed(): void;
  /** The lowest sequence number that is not durable yet, or null when all are. */
  firstHeldSeq(): number | null;
  onCommit(listener: EventListener): () => void;
  onEvent(listener: EventListener): () => void;
  close(): void;
}

/**
 * Who hears of committed events, and when. Commit listeners (our own caches) hear right after
 * every commit. Event listeners (the renderer, notices, the POS's SSE stream) and readers of the
 * event log hear only of durable events: a relaxed commit (synchronous=NORMAL, see durability.ts)
 * could still vanish in a power cut, and with it its event sequence numbers, which the next event
 * would then reuse; a POS that had seen the vanished one would skip the new one. So its events
 * are held until a durable commit follows (the WAL is append-only: that fsync covers them too),
 * and `sync` forces one when none comes within DURABLE_WITHIN_MS (on the injected clock).
 * A group commit whose WAL fsync runs off the event loop (`'syncing'`, transactions.ts) holds its
 * events the same way, without that timer: `durableThrough` releases them when its fsync is done.
 */
export function createEventOutbox(options: { sync: () => void; clock: Clock; log?: Logger | undefined }): EventOutbox {
  const { clock } = options;
  const commitListeners = new Set<EventListener>();
  const listeners = new Set<EventListener>();
  let held: StoreEvent[] = [];
  let timer: TimerHandle | null = null;
  /** The highest sequence number committed so far (durable or not). */
  let lastSeq = 0;

  const tell = (set: Set<EventListener>, events: StoreEvent[]) => tellAll(set, events, options.log);
  const syncHeld = () => {
    timer = null;
    if (held.length === 0) return;
    try {
      options.sync();
    } catch (e) {
      // The events stay held (the log readers do not see them) until a later commit makes it.
      options.log?.error({ err: e, held: held.length }, 'could not make relaxed commits durable; trying again');
      timer = clock.setTimeout(syncHeld, DURABLE_WITHIN_MS);
    }
  };
  const stopTimer = () => {
    if (!timer) return;
    clock.clearTimeout(timer);
    timer = null;
  };
  const armTimer = () => {
    if (held.length > 0 && !timer) timer = clock.setTimeout(syncHeld, DURABLE_WITHIN_MS);
  };

  return {
    /**
     * After every commit, with its events; `durable` false for a relaxed commit, 'syncing' for one
     * whose fsync is under way (its caller calls durableThrough or syncFailed after it).
     */
    committed(events: StoreEvent[], durable: boolean | 'syncing'): void {
      const last = events[events.length - 1];
      if (last && last.seq > lastSeq) lastSeq = last.seq;
      if (events.length > 0) tell(commitListeners, events);
      if (durable !== true) {
        held.push(...events);
        if (durable === false) armTimer();
        return;
      }
      const out = held.length > 0 ? held.concat(events) : events;
      held = [];
      stopTimer();
      if (out.length > 0) tell(listeners, out);
    },
    /** The highest sequence number committed so far: what an fsync started now will cover. */
    lastCommittedSeq(): number {
      return lastSeq;
    },
    /** An fsync covering every commit up to `seq` is done: their held events are told, in order. */
    durableThrough(seq: number): void {
      let n = 0;
      while (n < held.length && held[n]!.seq <= seq) n++;
      if (n === 0) return;
      const out = held.splice(0, n);
      // What is still held came after that fsync began: its own wait starts now. Without this the
      // timer armed for the released events fires during a rush and syncs on the event loop.
      stopTimer();
      armTimer();
      tell(listeners, out);
    },
    /** A commit's fsync failed: its held events wait for the sync DURABLE_WITHIN_MS from now (or an earlier durable commit). */
    syncFailed(): void {
      armTimer();
    },
    /** The lowest sequence number that is not durable yet, or null when all are. */
    firstHeldSeq(): number | null {
      return held[0]?.seq ?? null;
    },
    onCommit(listener: EventListener): () => void {
      commitListeners.add(listener);
      return () => commitListeners.delete(listener);
    },
    onEvent(listener: EventListener): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close(): void {
      stopTimer();
      commitListeners.clear();
      listeners.clear();
    },
  };
}

/** Hands `events` to each listener; one that throws is logged and the others still hear. */
function tellAll(set: Set<EventListener>, events: StoreEvent[], log: Logger | undefined): void {
  for (const listener of [...set]) {
    try {
      listener(events);
    } catch (e) {
      log?.error({ err: e }, 'an event listener failed');
    }
  }
}
