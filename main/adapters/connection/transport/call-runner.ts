import type { Logger } from '../../../base/log.js';
import type { MethodDispatcher, TransportKind } from '../../../base/method-types.js';
import { RawJson } from '../../../base/method-types.js';
import { MAX_ANSWER_BYTES, METHOD_ERROR, type MethodCallRequest, type MethodCallResponse } from '../../../base/wire/index.js';

/** Ours: the code of the answer to a frame we could not understand. */
export const INVALID_REQUEST = 'INVALID_REQUEST';

/**
 * Runs the service's method calls through the dispatcher, the same way for every transport.
 * The answer is produced only after handle() resolved, and the dispatcher resolves only after
 * its SQLite transaction committed: an answer never reports a change that could still be lost.
 */
export class CallRunner {
  constructor(
    private readonly dispatcher: MethodDispatcher,
    private readonly transport: TransportKind,
    private readonly log: Logger,
  ) {}

  /** Resolves with the answer to send, or null when the call expects none (uuid null). */
  async run(request: MethodCallRequest): Promise<MethodCallResponse | null> {
    const { uuid, method, args } = request;
    const started = performance.now();
    let answer: MethodCallResponse;
    try {
      const outcome = await this.dispatcher.handle(method, args, { transport: this.transport, callId: uuid });
      answer = 'error' in outcome ? { uuid, error: outcome.error } : { uuid, result: outcome.result ?? null };
      if ('result' in answer) answer = this.bounded(answer, method);
    } catch (e) {
      // A handler must answer with a value; a throw is a bug, but the service still gets an answer.
      this.log.error({ err: e, method, callId: uuid }, 'method handler threw');
      answer = { uuid, error: { code: METHOD_ERROR.INTERNAL_ERROR, message: `${method} failed inside the POS companion` } };
    }
    const ms = Math.round((performance.now() - started) * 100) / 100;
    if ('error' in answer) this.log.info({ method, callId: uuid, code: answer.error.code, ms }, 'method call answered with error');
    else this.log.debug({ method, callId: uuid, ms }, 'method call answered');
    return uuid === null ? null : answer;
  }

  /**
   * An answer over what one message may carry would close the connection at the service (or crash
   * a peer without an error listener): the call is answered with an error instead, on every transport.
   */
  private bounded(answer: MethodCallResponse & { result: unknown }, method: string): MethodCallResponse {
    const { result } = answer;
    const bytes = Buffer.byteLength(result instanceof RawJson ? result.json : (JSON.stringify(result) ?? ''));
    if (bytes <= MAX_ANSWER_BYTES) return answer;
    this.log.error({ method, callId: answer.uuid, bytes, limit: MAX_ANSWER_BYTES }, 'answer too large to send: answered with an error');
    return {
      uuid: answer.uuid,
      error: { code: METHOD_ERROR.INTERNAL_ERROR, message: `${method}: the answer is larger than one message may carry (${MAX_ANSWER_BYTES} bytes)` },
    };
  }

  /**
   * A frame that is not JSON, has an unknown type or the wrong shape: logged, and answered with
   * INVALID_REQUEST when a uuid can be read from it. Returns null when there is nobody to answer.
   */
  reject(raw: unknown, reason: string): MethodCallResponse | null {
    const uuid = readUuid(raw);
    this.log.warn({ callId: uuid, reason }, 'bad frame from the service');
    if (uuid === null) return null;
    return { uuid, error: { code: INVALID_REQUEST, message: `The POS companion could not read this call: ${reason}` } };
  }
}

function readUuid(raw: unknown): string | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const uuid = (raw as { uuid?: unknown }).uuid;
  return typeof uuid === 'string' && uuid.length > 0 ? uuid : null;
}
