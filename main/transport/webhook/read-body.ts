import type { IncomingMessage } from 'node:http';

export type BodyRead = { ok: true; body: Buffer } | { ok: false; reason: 'too-large' | 'aborted' };

/**
 * Reads the raw body (signatures cover exact bytes, so no decoding here). Past `limit` it stops
 * reading at once: the caller answers 413 and closes the connection.
 */
export function readRawBody(req: IncomingMessage, limit: number): Promise<BodyRead> {
  const declared = Number(req.headers['content-length'] ?? '0');
  if (Number.isFinite(declared) && declared > limit) return Promise.resolve({ ok: false, reason: 'too-large' });
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    const finish = (r: BodyRead) => {
      if (done) return;
      done = true;
      req.off('data', onData);
      resolve(r);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        req.pause();
        finish({ ok: false, reason: 'too-large' });
        return;
      }
      chunks.push(chunk);
    };
    req.on('data', onData);
    req.once('end', () => finish({ ok: true, body: Buffer.concat(chunks, size) }));
    req.once('aborted', () => finish({ ok: false, reason: 'aborted' }));
    req.once('error', () => finish({ ok: false, reason: 'aborted' }));
  });
}
