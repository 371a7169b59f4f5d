import type { CompanionApi, CompanionEvent } from '../../../preload/contract.js';
import type { Companion } from '../../base/host-types.js';
import type { Logger } from '../../base/log.js';

/** A core that can be stopped and built again under the same `api` (IPC and the tray keep theirs). */
export interface RestartableCore extends Companion {
  restart(): Promise<void>;
}

/**
 * Wraps the composition root so the crash policy can restart the core cleanly: the old core is
 * stopped (connection closed, database checkpointed and closed), a new one is created from the same
 * options and started if the old one was. `api` forwards every command to the current core at
 * call time, and its event listeners move to the new core, so nothing registered on it is lost.
 */
export async function createRestartableCore(create: () => Promise<Companion>, log: Logger): Promise<RestartableCore> {
  let current = await create();
  let started = false;
  // Each listener is subscribed on the current core itself, with the types it asked for: the core
  // builds bill, table and payment views only while some listener wants them (main/app/ui-events.ts),
  // so a listener of the connection alone (the tray) must not make it build them all evening.
  type Subscription = { relay: (event: CompanionEvent) => void; types: readonly CompanionEvent['type'][] | undefined; off: () => void };
  const subscriptions = new Set<Subscription>();

  const onEvent: CompanionApi['onEvent'] = (listener, types) => {
    // A function of its own per subscription: the core keys its listeners by function.
    const relay = (event: CompanionEvent) => listener(event);
    const subscription: Subscription = { relay, types, off: current.api.onEvent(relay, types) };
    subscriptions.add(subscription);
    return () => {
      subscription.off();
      subscriptions.delete(subscription);
    };
  };
  const api = new Proxy({} as CompanionApi, {
    get(_target, name) {
      if (name === 'onEvent') return onEvent;
      // Looked up at call time: a command sent after a restart reaches the new core.
      return (...args: unknown[]) => (Reflect.get(current.api, name) as (...a: unknown[]) => unknown).apply(current.api, args);
    },
  });

  const restart = async () => {
    for (const s of subscriptions) s.off();
    try {
      await current.stop();
    } catch (e) {
      log.error({ mod: 'core', err: e as Error }, 'the failed core did not stop cleanly');
    }
    current = await create();
    for (const s of subscriptions) s.off = current.api.onEvent(s.relay, s.types);
    if (started) await current.start();
  };

  return {
    api,
    get settings() {
      return current.settings;
    },
    connection: () => current.connection(),
    disk: () => current.disk(),
    database: () => current.database(),
    get demo() {
      return current.demo;
    },
    get transport() {
      return current.transport;
    },
    get posApiUrl() {
      return current.posApiUrl;
    },
    get posApiToken() {
      return current.posApiToken;
    },
    get sandboxUrl() {
      return current.sandboxUrl;
    },
    get webhookUrl() {
      return current.webhookUrl;
    },
    async start() {
      started = true;
      await current.start();
    },
    stop: () => current.stop(),
    onResume: () => current.onResume(),
    restart,
  };
}
