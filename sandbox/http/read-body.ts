import type { IncomingMessage } from 'node:http';

export const BODY_LIMIT_BYTES = 1024 * 1024;

export type BodyResult = { ok: true; text: string } | { ok: false; tooLarge: true };

/** Reads the whole body, stopping at the 1 MiB limit (the caller answers 413). */
export function readBody(req: IncomingMessage, limit = BODY_LIMIT_BYTES): Promise<BodyResult> {
  const declared = Number(req.headers['content-length'] ?? '0');
  if (declared > limit) return Promise.resolve({ ok: false, tooLarge: true });
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    req.on('data', (chunk: Buffer) => {
      if (done) return;
      size += chunk.length;
      if (size > limit) {
        done = true;
        resolve({ ok: false, tooLarge: true });
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => {
      if (!done) resolve({ ok: true, text: Buffer.concat(chunks).toString('utf8') });
    });
    req.on('error', (e) => {
      if (!done) reject(e);
    });
  });
}
