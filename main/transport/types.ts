import type { MethodDispatcher, TransportKind } from '../methods/types.js';

/**
 * Link state the UI shows (PROTOCOL.md §3 and issue 3). Owned by the transport.
 * `sentence` is English for logs and the headless host; the renderer translates from `status`.
 */
export type SessionStatus = 'connecting' | 'connected' | 'reconnecting' | 'offline' | 'rejected' | 'conflict' | 'stopped';

export interface SessionState {
  status: SessionStatus;
  transport: TransportKind;
  /** ms epoch: when the current status began. */
  since: number;
  /** connected: ms epoch of the last message from the service. */
  lastMessageAt: number | null;
  /** connected: last measured round trip in ms (ping/pong or noop). */
  rttMs: number | null;
  /** reconnecting: attempt number (1-based) and when the next try is due (ms epoch). */
  attempt: number;
  nextTryAt: number | null;
  /** webhook: true when pings stopped arriving. */
  stale?: boolean;
  sentence: string;
}

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
