import { connect } from 'node:net';

export interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: unknown;
  /** The server ended the connection (it did not wait for the rest of the body). */
  closed: boolean;
}

/**
 * Sends a request head and part of a body over a plain TCP socket and then stalls, as a slow or
 * hostile sender does: nothing more is written. Resolves with the server's answer once the server
 * has closed the connection (status 0 when it closed without one); rejects if that does not
 * happen within `deadlineMs`.
 */
export function stalledUpload(url: string, head: Buffer, bodyPart: Buffer, deadlineMs = 10_000): Promise<RawAnswer> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect({ host: hostname, port: Number(port) });
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error('the server neither answered nor closed the stalled upload'));
    }, deadlineMs);
    socket.on('data', (c: Buffer) => chunks.push(c));
    // Writes after the server closed fail with EPIPE/ECONNRESET: expected, the answer is what counts.
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearTimeout(timer);
      // status 0: the server closed the connection without an answer.
      const answer = parseAnswer(Buffer.concat(chunks).toString('latin1')) ?? { status: 0, headers: {}, body: null };
      resolve({ ...answer, closed: true });
    });
    socket.write(head);
    if (bodyPart.length > 0) socket.write(bodyPart);
  });
}

/** The request head for `url` (request line, Host, headers) as raw bytes: header values may carry any byte. */
export function requestHead(url: string, headers: Record<string, string | Buffer>): Buffer {
  const { host, pathname } = new URL(url);
  const lines: Buffer[] = [Buffer.from(`POST ${pathname} HTTP/1.1\r\nHost: ${host}\r\n`, 'latin1')];
  for (const [name, value] of Object.entries(headers)) {
    lines.push(Buffer.from(`${name}: `, 'latin1'), typeof value === 'string' ? Buffer.from(value, 'latin1') : value, Buffer.from('\r\n', 'latin1'));
  }
  lines.push(Buffer.from('\r\n', 'latin1'));
  return Buffer.concat(lines);
}

function parseAnswer(text: string): Omit<RawAnswer, 'closed'> | null {
  const end = text.indexOf('\r\n\r\n');
  if (end < 0) return null;
  const [statusLine, ...lines] = text.slice(0, end).split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  const rest = text.slice(end + 4);
  const length = Number(headers['content-length'] ?? rest.length);
  const bodyText = rest.slice(0, length);
  return { status: Number(statusLine!.split(' ')[1]), headers, body: bodyText === '' ? null : (JSON.parse(bodyText) as unknown) };
}
