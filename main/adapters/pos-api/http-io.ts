import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { HttpError } from '../../base/http-route.js';

export { HttpError };

/** Request and response plumbing of the local POS API: bounded bodies, JSON answers, the token check. */

export const MAX_BODY_BYTES = 1024 * 1024;

/**
 * Reads the body up to 1 MiB; beyond that it stops reading and throws 413. The guarded server
 * (main/http-guard) answers with Connection: close and drops the socket, so the rest is never read.
 */
export function readBody(req: IncomingMessage): Promise<Buffer> {
  const declared = Number(req.headers['content-length'] ?? '0');
  if (declared > MAX_BODY_BYTES) return Promise.reject(tooLarge());
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        req.off('data', onData);
        req.pause();
        reject(tooLarge());
        return;
      }
      chunks.push(chunk);
    };
    req.on('data', onData);
    req.once('end', () => resolve(Buffer.concat(chunks)));
    req.once('error', reject);
  });
}

function tooLarge(): HttpError {
  return new HttpError(413, 'PAYLOAD_TOO_LARGE', 'The body is larger than 1 MiB; send fewer items per request.', null, { connection: 'close' });
}

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  if (status === 204) {
    res.writeHead(204, headers).end();
    return;
  }
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text), ...headers });
  res.end(text);
}

/** A text answer (the CSV export); `headers` carries its content-type. */
export function sendText(res: ServerResponse, status: number, text: string, headers: Record<string, string>): void {
  res.writeHead(status, { 'content-length': Buffer.byteLength(text), ...headers });
  res.end(text);
}

export function sendError(res: ServerResponse, e: HttpError): void {
  const error: Record<string, unknown> = { code: e.code, message: e.message };
  if (e.field) error.field = e.field;
  if (e.lines) error.lines = e.lines;
  sendJson(res, e.status, { error }, e.headers);
}

const digest = (s: string) => createHash('sha256').update(s).digest();

/** Constant-time comparison of the bearer token (hashes first, so lengths never leak either). */
export function hasToken(req: IncomingMessage, token: string): boolean {
  const header = req.headers.authorization;
  if (typeof header !== 'string' || !header.startsWith('Bearer ')) return false;
  return timingSafeEqual(digest(header.slice('Bearer '.length).trim()), digest(token));
}
