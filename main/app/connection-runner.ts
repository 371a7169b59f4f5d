import type { ConnectionProblem, ConnectionView } from '../../preload/contract.js';
import type { Clock } from '../base/clock.js';
import type { DemoService } from '../features/demo/demo-service.js';
import type { Logger } from '../base/log.js';
import type { MethodDispatcher } from '../base/method-types.js';
import { createConnection, type Connection, type ConnectionDeps } from '../adapters/connection/connection.js';
import { createServiceClient, type ServiceClient } from '../base/service/index.js';
import type { BillsStore, PaymentsStore, OrdersStore, ReceiptsStore, EventsStore, StoreEngine } from '../store/index.js';
import type { ConnectionState } from '../adapters/connection/transport/index.js';
import type { SettingsService } from '../features/settings/settings-service.js';

export interface ConnectionRunnerDeps {
  settings: SettingsService;
  demo: DemoService;
  store: BillsStore & PaymentsStore & OrdersStore & ReceiptsStore & EventsStore & StoreEngine;
  dispatcher: MethodDispatcher;
  clock: Clock;
  log: Logger;
  tuning: ConnectionDeps['tuning'];
  /** A new session view for the renderer. */
  changed: (session: ConnectionView) => void;
}

/** The connection to the payment service: its state for the renderer, and the connection restarted on new settings. */
export interface ConnectionRunner {
  view: () => ConnectionView;
  /** Opens a connection for the current settings (not started); a problem (see view().problem) leaves none. */
  open: () => Promise<void>;
  start(): Promise<void>;
  /** New settings: close this connection and open one for them (started if the till runs). */
  restart(): Promise<void>;
  stop(): Promise<void>;
  /** Reconnects the open connection's transport at once (nothing without a connection). */
  reconnect: () => void | undefined;
  /** The REST client of the open connection; without one (see view().problem) calls answer "cannot reach". */
  client: () => ServiceClient;
  /** The webhook receiver's local URL of the open session, else null. */
  webhookUrl: () => string | null;
}

/** English for the log and headless; the renderer and the tray word the code themselves. */
export const PROBLEM_SENTENCE: Record<ConnectionProblem, string> = {
  KEY_MISSING: 'The API key is missing or could not be read: enter it again in Settings.',
  SERVICE_URL_MISSING: 'The service URL is missing: enter it in Settings.',
  DEMO_UNAVAILABLE: 'Demo mode is not available in this host: choose an environment in Settings.',
  SETTINGS_DAMAGED: 'The settings file is damaged and had no good copy: a manager must check and save the settings (Settings) before Tableside connects.',
};

/** Without a session, commands that need the service get this client: it never reaches a network (or sends a key). */
function offlineClient(log: Logger): ServiceClient {
  return createServiceClient({
    baseUrl: 'http://127.0.0.1',
    apiKey: '',
    posId: '',
    log,
    fetch: () => Promise.reject(new Error('no session with the service')),
  });
}

/**
 * The connection with the payment service (main/adapters/connection): opened for the current settings (the embedded sandbox in
 * demo mode), opened again when they change. A sandbox or production till without its key never
 * falls back to demo: it stays on its environment, does not connect, and its state says why.
 */
export function createConnectionRunner(deps: ConnectionRunnerDeps): ConnectionRunner {
  const { settings, clock } = deps;
  let current: Connection | null = null;
  let problem: ConnectionProblem | null = null;
  let state: ConnectionState | null = null;
  let restaurantName: string | null = null;
  let openedAt = clock.now();
  let started = false;
  const offline = offlineClient(deps.log);

  const view = (): ConnectionView => {
    const transport = settings.get().transport;
    if (problem)
      return {
        status: 'stopped',
        transport,
        since: openedAt,
        lastMessageAt: null,
        rttMs: null,
        attempt: 0,
        nextTryAt: null,
        sentence: PROBLEM_SENTENCE[problem],
        problem,
        restaurantName: null,
      };
    return {
      ...(state ?? {
        status: 'connecting',
        transport,
        since: openedAt,
        lastMessageAt: null,
        rttMs: null,
        attempt: 0,
        nextTryAt: null,
        sentence: 'Connecting to the payment service…',
      }),
      restaurantName,
    };
  };

  async function open(): Promise<void> {
    restaurantName = null;
    state = null;
    openedAt = clock.now();
    const demo = settings.isDemo();
    const target = await deps.demo.follow(demo);
    problem = demo ? (target ? null : 'DEMO_UNAVAILABLE') : settings.problem();
    if (problem) {
      deps.log.warn({ mod: 'connection', problem }, PROBLEM_SENTENCE[problem]);
      current = null;
      return;
    }
    const s = settings.get();
    current = createConnection({
      config: {
        ...(target ?? { serviceUrl: s.serviceUrl, apiKey: settings.apiKey()! }),
        posId: s.posId,
        transport: s.transport,
        serviceName: s.serviceName,
        language: s.language,
        webhook: { host: s.webhookHost, port: s.webhookPort, publicUrl: target ? '' : s.webhookPublicUrl },
      },
      store: deps.store,
      dispatcher: deps.dispatcher,
      clock,
      log: deps.log,
      tuning: deps.tuning,
      onState: (next) => {
        state = next;
        deps.changed(view());
      },
      onRestaurant: (restaurant) => {
        restaurantName = restaurant.name;
        deps.changed(view());
      },
    });
  }

  return {
    view,
    open,
    async start(): Promise<void> {
      started = true;
      await current?.start();
    },
    /** New settings: close this connection and open one for them (started if the till runs). */
    async restart(): Promise<void> {
      await current?.stop();
      await open();
      deps.changed(view());
      if (started) await current?.start();
    },
    async stop(): Promise<void> {
      started = false;
      await current?.stop();
      await deps.demo.stop();
    },
    reconnect: () => current?.transport.reconnectNow(),
    /** The REST client of the open connection; without one (see view().problem) calls answer "cannot reach". */
    client: (): ServiceClient => current?.client ?? offline,
    webhookUrl: (): string | null => current?.webhookUrl() ?? null,
  };
}
