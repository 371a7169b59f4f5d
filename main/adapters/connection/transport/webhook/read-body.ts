import type { IncomingMessage } from 'node:http';

export type BodyRead = { ok: true; body: Buffer } | { ok: false; reason: 'too-large' | 'aborted' };

/**
 * Bytes held by bodies being read right now, in this process, and the most ever held at once:
 * what a crowd of slow or stalled uploads costs the receiver (read by the memory test and
 * available for diagnostics).
 */
const gauge = { buffered: 0, peak: 0 };
export function bodyBytes(): { buffered: number; peak: number } {
  return { ...gauge };
}
/** Starts a new peak from what is held now. */
export function resetBodyBytesPeak(): void {
  gauge.peak = gauge.buffered;
}

/** Whether the declared Content-Length alone is over the limit (refused before reading). */
export function declaredTooLarge(req: IncomingMessage, limit: number): boolean {
  const declared = Number(req.headers['content-length'] ?? '0');
  return Number.isFinite(declared) && declared > limit;
}

/**
 * Reads the raw body (signatures cover exact bytes, so no decoding here). Past `limit` it stops
 * reading at once: the caller answers 413 and closes the connection. The receiver calls it only
 * after the headers' signature verified, so only the service can make it hold a body.
 */
export function readRawBody(req: IncomingMessage, limit: number): Promise<BodyRead> {
  if (declaredTooLarge(req, limit)) return Promise.resolve({ ok: false, reason: 'too-large' });
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    const finish = (r: BodyRead) => {
      if (done) return;
      done = true;
      gauge.buffered -= size;
      req.off('data', onData);
      resolve(r);
    };
    const onData = (chunk: Buffer) => {
      if (size + chunk.length > limit) {
        req.pause();
        finish({ ok: false, reason: 'too-large' });
        return;
      }
      size += chunk.length;
      gauge.buffered += chunk.length;
      if (gauge.buffered > gauge.peak) gauge.peak = gauge.buffered;
      chunks.push(chunk);
    };
    req.on('data', onData);
    // A delivery nearly always arrives in one chunk: that chunk is the body, no copy made.
    req.once('end', () => finish({ ok: true, body: chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size) }));
    req.once('aborted', () => finish({ ok: false, reason: 'aborted' }));
    req.once('error', () => finish({ ok: false, reason: 'aborted' }));
    req.once('close', () => finish({ ok: false, reason: 'aborted' }));
  });
}
