// The connection in a cashier's words: one kind per situation, from main's status
// and cause, and whether guests can pay by phone right now.
import type { ConnectionView } from '../../../../preload/contract';

export type ConnectionKind =
  'connected' | 'connecting' | 'dropped' | 'unreachable' | 'restarting' | 'credentials' | 'webhook-url' | 'conflict' | 'stopped' | 'stale';

export function connectionKind(session: ConnectionView): ConnectionKind {
  switch (session.status) {
    case 'connected':
      return session.stale ? 'stale' : 'connected';
    case 'offline':
      return 'unreachable';
    case 'reconnecting':
      return session.cause === 'restarting' ? 'restarting' : 'dropped';
    case 'rejected':
      return session.cause === 'webhook-url' ? 'webhook-url' : 'credentials';
    case 'connecting':
      // A retry keeps the cause of its outage (main/adapters/connection/transport/connection-state.ts); the first try has none.
      return session.attempt > 0 && session.cause
        ? connectionKind({ ...session, status: session.cause === 'unreachable' ? 'offline' : 'reconnecting' })
        : 'connecting';
    default:
      return session.status;
  }
}

/**
 * True from the first second of an outage: guests scanning a table's code cannot reach this
 * till's bills (the connection is down, refused, or held by another POS). The first connect at start
 * is not an outage.
 */
export function guestsCut(session: ConnectionView | null): boolean {
  if (!session) return false;
  const kind = connectionKind(session);
  return kind !== 'connected' && kind !== 'connecting' && kind !== 'stale';
}
