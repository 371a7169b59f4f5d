import type { TransportKind } from '../../preload/contract.js';
import type { Companion } from '../base/host-types.js';

/**
 * Calls `announce` once, the first time the session says connected: the headless host prints its
 * second stdout line from it, so a supervisor knows the till is live, not just started.
 * Reads the current session too, in case the connection came up before the listener did.
 */
export function onFirstConnected(companion: Pick<Companion, 'api' | 'connection'>, announce: (transport: TransportKind) => void): () => void {
  let done = false;
  const fire = (transport: TransportKind) => {
    if (done) return;
    done = true;
    off();
    announce(transport);
  };
  const off = companion.api.onEvent(
    (event) => {
      if (event.type === 'connection' && event.connection.status === 'connected') fire(event.connection.transport);
    },
    ['connection'],
  );
  const now = companion.connection();
  if (now.status === 'connected') fire(now.transport);
  return () => {
    done = true;
    off();
  };
}
