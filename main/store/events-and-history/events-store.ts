import type { EventListener } from '../engine/event-outbox.js';
import type { Transactions } from '../repos/tx.js';
import type { StoreEvent } from '../shared/records.js';

/** What the main POS has taken in of the event log, beside the log's last durable event. */
export interface PosCursorState {
  /** The last event the POS acknowledged; null while it never did. */
  seq: number | null;
  /** When the cursor last moved forward (ISO UTC). */
  at: string | null;
  /** When the POS first acknowledged (ISO UTC). */
  firstAt: string | null;
  /** The last durable event: the highest seq a POS can have read. */
  lastSeq: number;
}

/** An acknowledgement's outcome: the cursor (moved or not), or `ahead` for a seq past the last event. */
export type PosCursorCommit = { ok: true; moved: boolean; cursor: PosCursorState } | { ok: false; reason: 'ahead'; lastSeq: number };

/**
 * The event log and who hears of it: listeners hear of a commit's events after the commit, never
 * of a rolled-back change (`onCommit` at once, `onEvent` once they are durable: event-outbox.ts);
 * and the records kept beside it (service errors, webhook deliveries).
 */
export interface EventsStore {
  /** Fires once the events of a commit are durable, in order. Returns the unsubscribe. */
  onEvent(listener: EventListener): () => void;
  /** Fires right after every commit, durable or not: for caches of what the store holds. */
  onCommit(listener: EventListener): () => void;
  /** Durable events only: a POS reading the log never sees an event that a power cut could undo. */
  eventsAfter(seq: number, limit?: number): StoreEvent[];
  /** An `error` call from the service: logged by the caller, kept here so the UI shows it. */
  recordServiceError(error: { code: string | null; message: string }): void;
  /** Stores a webhook delivery's outcome; false when the id was already recorded (the first stays). */
  recordDelivery(id: string, outcome: unknown): boolean;
  getDelivery(id: string): { outcome: unknown; at: string } | null;
  /** Forgets the deliveries recorded more than `olderThanMs` ago (the service retries for seconds, not days). */
  pruneDeliveries(olderThanMs: number): number;
  /**
   * The main POS says it has stored every event up to `seq`. Monotonic: a seq at or below the
   * cursor changes nothing (nor its time) and answers the cursor; one past the last durable event
   * is refused. Committed at synchronous=FULL before it answers.
   */
  commitPosCursor(seq: number): PosCursorCommit;
  posCursor(): PosCursorState;
  /** Fires after the cursor moved forward (the views and Needs attention look again). */
  onPosCursor(listener: (cursor: PosCursorState) => void): () => void;
}

export function createEventsStore({ write, events, outbox, read }: Transactions): EventsStore {
  const cursorListeners = new Set<(cursor: PosCursorState) => void>();
  const posCursor = (): PosCursorState => {
    const row = read.posCursor.get();
    return { seq: row?.seq ?? null, at: row?.at ?? null, firstAt: row?.firstAt ?? null, lastSeq: read.posCursor.lastSeq(outbox.firstHeldSeq()) };
  };
  return {
    onEvent: (listener) => outbox.onEvent(listener),
    onCommit: (listener) => outbox.onCommit(listener),
    eventsAfter(seq, limit = 500) {
      const held = outbox.firstHeldSeq();
      const after = events.after(seq, limit);
      return held === null ? after : after.filter((e) => e.seq < held);
    },
    recordServiceError: (error) =>
      write('recordServiceError', (tx) =>
        tx.emit({ kind: 'service.error', tableId: null, billId: null, paymentId: null, data: { code: error.code, message: error.message } }),
      ),
    recordDelivery: (id, outcome) => write('recordDelivery', (tx) => tx.events.putDelivery(tx, id, outcome)),
    getDelivery: (id) => events.getDelivery(id),
    pruneDeliveries: (olderThanMs) => write('pruneDeliveries', (tx) => tx.events.pruneDeliveries(tx, new Date(tx.nowMs - olderThanMs).toISOString())),
    commitPosCursor(seq) {
      const now = posCursor();
      // A POS cannot have read an event that is not durable (eventsAfter holds it back).
      if (seq > now.lastSeq) return { ok: false, reason: 'ahead', lastSeq: now.lastSeq };
      if (now.seq !== null && seq <= now.seq) return { ok: true, moved: false, cursor: now };
      write('commitPosCursor', (tx) => tx.posCursor.put(tx, seq));
      const cursor = posCursor();
      for (const listener of [...cursorListeners]) listener(cursor);
      return { ok: true, moved: true, cursor };
    },
    posCursor,
    onPosCursor(listener) {
      cursorListeners.add(listener);
      return () => cursorListeners.delete(listener);
    },
  };
}
