import type { EventListener } from '../engine/event-outbox.js';
import type { Transactions } from '../repos/tx.js';
import type { StoreEvent } from '../shared/records.js';

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
}

export function createEventsStore({ write, events, outbox }: Transactions): EventsStore {
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
  };
}
