import type { MethodError } from '../../main/base/wire/index.js';
import type { FaultRecord } from './faults.js';

/** What a POS method call ends with: the POS's result or error, or a sandbox-made TIMEOUT / CONNECTION_LOST error. */
export type CallOutcome = { result: unknown } | { error: MethodError };

export type ChannelKind = 'ws' | 'longpoll' | 'webhook';

/**
 * The way the service calls one restaurant's POS. The guest simulator and the capture endpoint
 * only ever use this interface, so a webhook channel is one more implementation.
 */
export interface PosChannel {
  readonly kind: ChannelKind;
  readonly restaurantId: string;
  /** Owner of the restaurant's single slot: a WS socket id, or the Pos-Id of a long-poll POS. */
  readonly key: string;
  readonly posId: string;
  /** Wall-clock ms when the connection was established. */
  readonly since: number;
  /** Counts as the restaurant's open connection (the one-connection rule and guest 409 use this). */
  isLive(): boolean;
  call(method: string, args: unknown[]): Promise<CallOutcome>;
  /** Applies a connection fault (drop, close-1001, ...) now; false = not possible yet, keep it pending. */
  applyFault(fault: FaultRecord): boolean;
  /** Ends the connection and fails its pending calls. */
  close(reason: string): void;
  /** JSON for GET /sandbox/state. */
  describe(): Record<string, unknown>;
}

export const isError = (o: CallOutcome): o is { error: MethodError } => 'error' in o;
