import type { SessionView } from '../../preload/contract.js';
import type { MethodDispatcher, TransportKind } from '../methods/types.js';

/**
 * Link state the UI shows (PROTOCOL.md §3 and issue 3), owned by the transport: the contract's
 * SessionView without the restaurant's name (which who-am-i adds). `sentence` is English for logs
 * and the headless host; the renderer translates from `status`.
 */
export type { SessionStatus } from '../../preload/contract.js';
export type SessionState = Omit<SessionView, 'restaurantName'>;

export interface Transport {
  readonly kind: TransportKind;
  /** Starts connecting; resolves once the first attempt has begun (not when connected). */
  start(): Promise<void>;
  /** Closes the link cleanly and stops reconnecting. */
  stop(): Promise<void>;
  /** Drop the current link and connect again now (resume from sleep, user request). */
  reconnectNow(): void;
  state(): SessionState;
  /** Returns an unsubscribe. Fires on every state change. */
  onState(listener: (state: SessionState) => void): () => void;
  /** Fires after each (re)connect is established: the companion runs payment recovery then. */
  onConnected(listener: () => void): () => void;
}

export interface TransportOptions {
  serviceUrl: string;
  apiKey: string;
  posId: string;
  dispatcher: MethodDispatcher;
}
