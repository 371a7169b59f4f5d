import type { ConnectionStatus, ConnectionView } from '../../../../preload/contract.js';

export type { ConnectionStatus };
import type { MethodDispatcher, TransportKind } from '../../../base/method-types.js';

/**
 * The state of the connection (the restaurant's one connection to the service, docs/PROTOCOL.md §3), owned
 * by the transport that carries it. The renderer's contract calls it `ConnectionView` (plus the
 * restaurant's name, which who-am-i adds). `sentence` is English for logs and the headless host;
 * the renderer translates from `status`.
 */
/** The connection's state as the transports know it (the restaurant's name comes later). */
export type ConnectionState = Omit<ConnectionView, 'restaurantName'>;

/** What carries the link: a WebSocket, a long-poll loop or the webhook receiver. */
export interface Transport {
  readonly kind: TransportKind;
  /** Starts connecting; resolves once the first attempt has begun (not when connected). */
  start(): Promise<void>;
  /** Closes the connection cleanly and stops reconnecting. */
  stop(): Promise<void>;
  /** Drop the current link and connect again now (resume from sleep, user request). */
  reconnectNow(): void;
  state(): ConnectionState;
  /** Returns an unsubscribe. Fires on every state change. */
  onState(listener: (state: ConnectionState) => void): () => void;
  /** Fires after each (re)connect is established: the connection runs payment recovery then. */
  onConnected(listener: () => void): () => void;
}

export interface TransportOptions {
  serviceUrl: string;
  apiKey: string;
  posId: string;
  dispatcher: MethodDispatcher;
}
