import type { CompanionApi, TransportKind } from '../../preload/contract.js';

/**
 * Calls `announce` once, the first time the session says connected: the headless host prints its
 * second stdout line from it, so a supervisor knows the till is live, not just started.
 * Resolves the status from a snapshot too, in case the link came up before the listener did.
 */
export function onFirstConnected(api: CompanionApi, announce: (transport: TransportKind) => void): () => void {
  let done = false;
  const fire = (transport: TransportKind) => {
    if (done) return;
    done = true;
    off();
    announce(transport);
  };
  const off = api.onEvent((event) => {
    if (event.type === 'session' && event.session.status === 'connected') fire(event.session.transport);
  });
  void api.getSnapshot().then((snapshot) => {
    if (snapshot.session.status === 'connected') fire(snapshot.session.transport);
  });
  return () => {
    done = true;
    off();
  };
}
