import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Clock, TimerHandle } from '../../../../base/clock.js';
import type { Logger } from '../../../../base/log.js';
import { encodeFrame } from '../../../../base/method-types.js';
import { verifyWebhookBody, verifyWebhookHeaders, type HttpRequestParts } from '../../webhook-signing/index.js';
import { parseWith, WebhookDelivery } from '../../../../base/wire/index.js';
import type { Answer, DeliveryPipeline } from './delivery-pipeline.js';
import { declaredTooLarge, readRawBody, type BodyRead } from './read-body.js';

/**
 * Writes the answer. A refusal sent while the request's body is still coming is answered with
 * `Connection: close` and the socket destroyed by the guarded server's response (main/http-guard);
 * destroying the request too ends a body read still waiting on it, so nothing of it is kept.
 */
export function send(req: IncomingMessage, res: ServerResponse, answer: Answer): void {
  const text = typeof answer.body === 'object' && answer.body !== null ? encodeFrame(answer.body) : JSON.stringify(answer.body);
  res.once('close', () => {
    if (!req.complete) req.destroy();
  });
  res.writeHead(answer.status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

export const fail = (status: number, code: string, message: string): Answer => ({ status, body: { code, message } });

export interface ReceiverDeps {
  /** The local path deliveries are posted to. */
  path: string;
  /** The path the service signs (the public URL's, behind a tunnel); read per request, it is set on start. */
  signedPath: () => string;
  apiKey: string;
  posId: string;
  maxBody: number;
  clock: Clock;
  log: Logger;
  pipeline: () => DeliveryPipeline;
  /** A valid delivery arrived (the session is alive). */
  delivered: () => void;
}

/**
 * How long the body of a delivery that is already past its `expires` is still read: its
 * Signature-SHA256 must be checked before its times (a forgery is a 401, not a 410).
 */
export const LATE_BODY_GRACE_MS = 2_000;

/**
 * Reads the body, but not past the signature's `expires` (on the injected clock), or for
 * LATE_BODY_GRACE_MS when that is already past: a replayed set of valid headers followed by a
 * stalled body holds memory for seconds at most, not until the socket dies.
 */
async function readBefore(req: IncomingMessage, expiresS: number, deps: ReceiverDeps): Promise<BodyRead | 'expired'> {
  let timer: TimerHandle | null = null;
  const expired = new Promise<'expired'>((resolve) => {
    timer = deps.clock.setTimeout(() => resolve('expired'), Math.max(LATE_BODY_GRACE_MS, expiresS * 1000 - deps.clock.now()));
  });
  try {
    return await Promise.race([readRawBody(req, deps.maxBody), expired]);
  } finally {
    deps.clock.clearTimeout(timer);
  }
}

// With the `u` flag a lone surrogate matches on its own; a pair is one code point and does not.
const LONE_SURROGATE = /[\uD800-\uDFFF]/u;

/**
 * One webhook request, in the order that keeps an unauthenticated sender cheap: path (404),
 * method (405), declared size (413), then everything the headers prove (ids UTF-8 400,
 * Content-Digest / signature / keyid 401), and only then the body (413 past the limit), the
 * body's digest and Signature-SHA256 (401), the times (410; PROTOCOL §3: every signature before
 * them), UTF-8 (400), its shape (400) and the pipeline (event kind 404, replay, dispatch).
 */
export function createDeliveryReceiver(deps: ReceiverDeps): (req: IncomingMessage, res: ServerResponse) => Promise<void> {
  const refuse = (req: IncomingMessage, res: ServerResponse, status: number, code: string, message: string): void => {
    deps.log.warn({ status, code, reason: message }, 'webhook: delivery rejected');
    send(req, res, fail(status, code, message));
  };

  return async (req, res) => {
    const receivedAt = Date.now();
    const target = req.url ?? '/';
    const q = target.indexOf('?');
    if ((q < 0 ? target : target.slice(0, q)) !== deps.path) return send(req, res, fail(404, 'NOT_FOUND', `No webhook here: POST to ${deps.path}.`));
    if (req.method !== 'POST') return send(req, res, fail(405, 'METHOD_NOT_ALLOWED', 'Webhooks are delivered with POST.'));
    if (declaredTooLarge(req, deps.maxBody)) return send(req, res, fail(413, 'PAYLOAD_TOO_LARGE', `The body is larger than ${deps.maxBody} bytes.`));

    const msg: HttpRequestParts = { method: req.method, target: deps.signedPath() + (q < 0 ? '' : target.slice(q)), headers: req.headers };
    const options = { secret: deps.apiKey, posId: deps.posId, nowMs: deps.clock.now() };
    const headers = verifyWebhookHeaders(msg, options);
    if (!headers.ok) return refuse(req, res, headers.rejection.status, headers.rejection.code, headers.rejection.message);

    const read = await readBefore(req, headers.times.expires, deps);
    if (read === 'expired') return refuse(req, res, 410, 'EXPIRED', 'The delivery expired while its body was still coming.');
    if (!read.ok) {
      if (read.reason === 'too-large') send(req, res, fail(413, 'PAYLOAD_TOO_LARGE', `The body is larger than ${deps.maxBody} bytes.`));
      else res.destroy();
      return;
    }
    // The time again: a slow body may have taken the delivery past its expiry.
    const verified = verifyWebhookBody(headers, read.body, { ...options, nowMs: deps.clock.now() });
    if (!verified.ok) return refuse(req, res, verified.rejection.status, verified.rejection.code, verified.rejection.message);
    if (!verified.json.ok) return send(req, res, fail(400, 'BAD_REQUEST', `The body is ${verified.json.error}`));
    const delivery = parseWith(WebhookDelivery, verified.json.value);
    if (!delivery.ok) return send(req, res, fail(400, 'BAD_REQUEST', `Bad delivery body: ${delivery.error}`));
    if (LONE_SURROGATE.test(delivery.value.id)) return send(req, res, fail(400, 'BAD_REQUEST', 'Bad delivery body: id: not valid UTF-8 (a lone surrogate).'));
    deps.delivered();
    deps.log.debug({ deliveryId: delivery.value.id, event: delivery.value.event }, 'webhook: delivery');
    send(req, res, await deps.pipeline().handle(delivery.value, receivedAt));
  };
}
