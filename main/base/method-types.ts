import type { MethodError } from './wire/index.js';
import type { TransportKind } from '../../preload/contract.js';

/** What a method handler answers: a result or an error, never a throw. */
export type MethodOutcome = { result: unknown } | { error: MethodError };

/**
 * Runs one POS method (docs/PROTOCOL.md §2). Transports call it and do not know which store sits
 * behind it; it resolves only after any state change has committed.
 */
export interface MethodDispatcher {
  handle(method: string, args: unknown[], context?: { transport: TransportKind; callId?: string | null }): Promise<MethodOutcome>;
}

export type { TransportKind } from '../../preload/contract.js';

/**
 * A result that is already JSON text (the hot getTableContents answer, cached per table): the
 * transports splice it into their frame instead of serialising it again. `toJSON` keeps any
 * other path correct, only slower.
 */
export class RawJson {
  constructor(readonly json: string) {}
  toJSON(): unknown {
    return JSON.parse(this.json);
  }
}

/** JSON text of a frame or body whose `result` may be RawJson, without re-serialising it. */
export function encodeFrame(frame: object): string {
  const result = (frame as { result?: unknown }).result;
  if (!(result instanceof RawJson)) return JSON.stringify(frame);
  // The frame without its result (undefined is left out of JSON), by Object.assign rather than a
  // spread: one per answer (main/store/repos/bills-repo.ts toBillWithItems says why).
  const head = JSON.stringify(Object.assign({}, frame, { result: undefined }));
  return `${head.slice(0, -1)}${head.length > 2 ? ',' : ''}"result":${result.json}}`;
}
