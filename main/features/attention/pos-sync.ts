import type { PosSyncFacts } from '../../base/http-route.js';
import type { EventsStore, StoreEngine } from '../../store/index.js';

/**
 * How far behind the main POS is, for GET /v1/health: its cursor against the log, and the oldest
 * paid payment it has not acknowledged (the one pos-unsynced lists first once it is old enough).
 */
export function posSyncFacts(store: Pick<EventsStore, 'posCursor'> & Pick<StoreEngine, 'read'>, now: number): PosSyncFacts {
  const c = store.posCursor();
  const oldest = c.seq === null || c.firstAt === null ? undefined : store.read.posCursor.paidAfter(c.seq, c.firstAt, 1)[0];
  return {
    cursor: c.seq,
    lastSeq: c.lastSeq,
    behind: Math.max(0, c.lastSeq - (c.seq ?? 0)),
    lastAckAt: c.at,
    oldestUnsyncedSeconds: oldest === undefined ? null : Math.max(0, Math.floor((now - Date.parse(oldest.at)) / 1000)),
  };
}
