import type { SessionStatus, SessionView } from '../../../../preload/contract.js';
import type { MethodDispatcher, TransportKind } from '../../../base/method-types.js';

/**
 * The state of the link (the restaurant's one connection to the service, docs/PROTOCOL.md §3), owned
 * by the transport that carries it. The renderer's contract calls it `SessionView` (plus the
 * restaurant's name, which who-am-i adds). `sentence` is English for logs and the headless host;
 * the renderer translates from `status`.
 */
export type LinkStatus = SessionStatus;
export type LinkState = Omit<SessionView, 'restaurantName'>;

/** What carries the link: a WebSocket, a long-poll loop or the webhook receiver. */
export interface Transport {
  readonly kind: TransportKind;
  /** Starts connecting; resolves once the first attempt has begun (not when connected). */
  start(): Promise<void>;
  /** Closes the link cleanly and stops reconnecting. */
  stop(): Promise<void>;
  /** Drop the current link and connect again now (resume from sleep, user request). */
  reconnectNow(): void;
  state(): LinkState;
  /** Returns an unsubscribe. Fires on every state change. */
  onState(listener: (state: LinkState) => void): () => void;
  /** Fires after each (re)connect is established: the link runs payment recovery then. */
  onConnected(listener: () => void): () => void;
}

export interface TransportOptions {
  serviceUrl: string;
  apiKey: string;
  posId: string;
  dispatcher: MethodDispatcher;
}
