import type { MethodError } from '../wire/index.js';

/** What a method handler answers: a result or an error, never a throw. */
export type MethodOutcome = { result: unknown } | { error: MethodError };

/**
 * Runs one POS method (PROTOCOL.md §2). Transports call it and do not know which store sits
 * behind it; it resolves only after any state change has committed.
 */
export interface MethodDispatcher {
  handle(method: string, args: unknown[], context?: { transport: TransportKind; callId?: string | null }): Promise<MethodOutcome>;
}

export type TransportKind = 'ws' | 'longpoll' | 'webhook';
