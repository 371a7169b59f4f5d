import type { IncomingMessage, ServerResponse } from 'node:http';
import { systemClock, type Clock } from '../../base/clock.js';
import type { Logger } from '../../base/log.js';
import type { EventsStore, StoreEvent } from '../../store/index.js';

export const SSE_HEARTBEAT_MS = 15_000;
/** A client that stops reading is dropped before it costs us this much memory; it resumes with Last-Event-ID. */
const MAX_BUFFERED_BYTES = 8 * 1024 * 1024;
const PAGE = 500;

const frame = (e: StoreEvent) => `id: ${e.seq}\nevent: ${e.kind}\ndata: ${JSON.stringify(e)}\n\n`;

/**
 * Server-Sent Events of the store's event log: replays from `after` (or Last-Event-ID), then
 * goes live through store.onEvent. Replay and subscribe happen in the same tick, and the store
 * commits synchronously on this thread, so no event can fall between them; `lastSent` guards anyway.
 */
export function streamEvents(
  req: IncomingMessage,
  res: ServerResponse,
  options: { store: EventsStore; after: number; log: Logger; heartbeatMs?: number; clock?: Clock; onEnd: () => void },
): () => void {
  const { store, log } = options;
  const lastEventId = Number(req.headers['last-event-id']);
  let lastSent = Number.isInteger(lastEventId) && lastEventId >= 0 ? lastEventId : options.after;

  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
  });
  res.write(': tableside events\n\n');

  let ended = false;
  const send = (events: StoreEvent[]) => {
    for (const e of events) {
      if (ended || e.seq <= lastSent) continue;
      res.write(frame(e));
      lastSent = e.seq;
    }
    if (!ended && res.writableLength > MAX_BUFFERED_BYTES) {
      log.warn({ lastSent }, 'event stream client is not reading; closing it');
      end();
    }
  };

  for (let guard = 0; guard < 1_000_000; guard += 1) {
    const page = store.eventsAfter(lastSent, PAGE);
    send(page);
    if (page.length < PAGE || ended) break;
  }
  const unsubscribe = store.onEvent(send);
  const clock = options.clock ?? systemClock;
  const heartbeat = clock.setInterval(() => res.write(': heartbeat\n\n'), options.heartbeatMs ?? SSE_HEARTBEAT_MS);

  function end(): void {
    if (ended) return;
    ended = true;
    clock.clearTimeout(heartbeat);
    unsubscribe();
    res.end();
    options.onEnd();
  }
  req.once('close', end);
  res.once('close', end);
  return end;
}
