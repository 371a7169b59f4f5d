import type { z } from 'zod';
import { systemClock, type Clock } from '../clock.js';
import type { Logger } from '../log.js';
import { ErrorBody, parseJson, parseWith } from '../wire/index.js';
import { failure, failureForStatus, MESSAGES, SERVICE_ERROR, type ServiceResult, type StatusWording } from './service-result.js';

export interface ServiceHttpOptions {
  baseUrl: string;
  apiKey: string;
  posId: string;
  /** Language of the service's error messages (Accept-Language); default en. */
  language?: string;
  timeoutMs?: number;
  /** Runs the request time-out; default the system clock. */
  clock?: Clock;
  log: Logger;
  fetch?: typeof fetch;
}

export type HttpMethod = 'GET' | 'POST' | 'DELETE';

export interface RequestSpec<S extends z.ZodType | null> {
  method: HttpMethod;
  path: string;
  /** JSON payload; sent with Content-Type. */
  body?: unknown;
  /** Schema of a JSON answer; null = the answer body is not read (value null). */
  answer: S;
  wording?: StatusWording;
  /** Extra log fields (payment id, table id) so one payment can be followed. */
  logFields?: Record<string, unknown>;
}

export type Answer<S> = S extends z.ZodType ? z.output<S> : null;

export interface RawAnswer {
  contentType: string;
  bytes: Uint8Array;
}

export const DEFAULT_TIMEOUT_MS = 10_000;

/**
 * The one place that talks HTTP to the service: headers of docs/PROTOCOL.md §1, a time-out on every
 * request, answers parsed with main/wire schemas, failures turned into cashier sentences.
 */
export class ServiceHttp {
  private readonly fetchImpl: typeof fetch;
  private readonly base: string;
  private readonly log: Logger;

  constructor(private readonly options: ServiceHttpOptions) {
    this.fetchImpl = options.fetch ?? fetch;
    this.base = options.baseUrl.replace(/\/+$/, '');
    this.log = options.log.child({ mod: 'service-client' });
  }

  async json<S extends z.ZodType | null>(spec: RequestSpec<S>): Promise<ServiceResult<Answer<S>>> {
    const sent = await this.send(spec);
    if (!sent.ok) return sent;
    if (spec.answer === null) return { ok: true, value: null as Answer<S> };
    const text = new TextDecoder().decode(sent.value.bytes);
    const json = parseJson(text);
    const parsed = json.ok ? parseWith(spec.answer, json.value) : json;
    if (!parsed.ok) {
      this.log.warn({ ...spec.logFields, path: spec.path, reason: parsed.error }, 'unreadable answer from the service');
      return failure(200, SERVICE_ERROR.INVALID_RESPONSE, MESSAGES.unreadable);
    }
    return { ok: true, value: parsed.value as Answer<S> };
  }

  /** For binary answers (QR images): the bytes and their content type. */
  async raw(spec: Omit<RequestSpec<null>, 'answer'>): Promise<ServiceResult<RawAnswer>> {
    return this.send({ ...spec, answer: null });
  }

  private async send(spec: RequestSpec<z.ZodType | null>): Promise<ServiceResult<RawAnswer>> {
    const headers: Record<string, string> = {
      Authorization: `Bearer ${this.options.apiKey}`,
      'Pos-Id': this.options.posId,
      'Accept-Language': this.options.language ?? 'en',
    };
    const hasBody = spec.body !== undefined;
    if (hasBody) headers['Content-Type'] = 'application/json';
    const started = performance.now();
    const sent = await this.fetchBytes(spec, headers, hasBody);
    if (!sent.ok) {
      this.log.warn({ ...spec.logFields, method: spec.method, path: spec.path, error: sent.error }, 'service request failed');
      return failure(0, sent.error === 'timeout' ? SERVICE_ERROR.TIMEOUT : SERVICE_ERROR.NETWORK, MESSAGES.unreachable);
    }
    const { response, bytes } = sent;
    const ms = Math.round(performance.now() - started);
    if (response.status >= 200 && response.status < 300) {
      this.log.debug({ ...spec.logFields, method: spec.method, path: spec.path, status: response.status, ms }, 'service request');
      return { ok: true, value: { contentType: response.headers.get('content-type') ?? '', bytes } };
    }
    const serviceMessage = this.serviceMessage(bytes);
    this.log.info({ ...spec.logFields, method: spec.method, path: spec.path, status: response.status, ms, serviceMessage }, 'service refused request');
    return failureForStatus(response.status, spec.wording ?? {}, serviceMessage);
  }

  /**
   * The request and its whole answer under one time-out: a timer of the injected clock that holds
   * the AbortController, so it is sure to fire (an `AbortSignal.timeout` may be collected first on
   * Node 20) and a manual clock drives it in tests.
   */
  private async fetchBytes(
    spec: RequestSpec<z.ZodType | null>,
    headers: Record<string, string>,
    hasBody: boolean,
  ): Promise<{ ok: true; response: Response; bytes: Uint8Array } | { ok: false; error: string }> {
    const clock = this.options.clock ?? systemClock;
    const controller = new AbortController();
    let timedOut = false;
    const timer = clock.setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, this.options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
    try {
      const response = await this.fetchImpl(this.base + spec.path, {
        method: spec.method,
        headers,
        ...(hasBody ? { body: JSON.stringify(spec.body) } : {}),
        signal: controller.signal,
      });
      const bytes = new Uint8Array(await response.arrayBuffer());
      return { ok: true, response, bytes };
    } catch (e) {
      const err = e as { name?: string; cause?: { code?: string } };
      return { ok: false, error: timedOut ? 'timeout' : (err.cause?.code ?? err.name ?? 'network') };
    } finally {
      clock.clearTimeout(timer);
    }
  }

  /** The Error body's message, if the service sent one; scrubbed of the key just in case it echoes it. */
  private serviceMessage(bytes: Uint8Array): string | null {
    if (bytes.length === 0) return null;
    const json = parseJson(new TextDecoder().decode(bytes));
    const body = json.ok ? parseWith(ErrorBody, json.value) : null;
    if (!body?.ok) return null;
    const key = this.options.apiKey;
    return (key ? body.value.message.split(key).join('[secret]') : body.value.message).slice(0, 300);
  }
}

/** Checks a payload against its wire schema before sending: bad input never leaves the machine. */
export function checkInput<S extends z.ZodType>(schema: S, input: unknown): ServiceResult<z.output<S>> {
  const parsed = parseWith(schema, input);
  if (parsed.ok) return parsed;
  return failure(0, SERVICE_ERROR.INVALID_INPUT, `Cannot send this to the payment service: ${parsed.error}. Correct it and try again.`);
}
