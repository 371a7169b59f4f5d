/**
 * Reads one HTTP/1.1 response from the bytes of a socket, as they arrive: the status line and
 * headers, then a body framed by Content-Length, by chunked transfer coding, or by the connection
 * closing. Interim 1xx responses are skipped. It is the poll's own reader (`poll-poster.ts`): a
 * poll is one small request and one small answer, and node:http's request and response objects
 * and streams cost more than the call a poll carries.
 */

/** What the service answered to one poll. */
export interface PollReply {
  status: number;
  text: string;
  retryAfter: string | null;
}

/** A finished response, and whether its connection may carry the next poll. */
export interface ReadResponse {
  reply: PollReply;
  keepAlive: boolean;
}

/** Node's own limit on a response's head (`--max-http-header-size`, 16 KiB). */
export const MAX_HEAD_BYTES = 16 * 1024;
/** A poll brings one method call: far less than this. More is not a poll answer. */
export const MAX_BODY_BYTES = 8 * 1024 * 1024;

/** A response that is not HTTP/1.1 as we read it; `code` in the style of node:http's parser errors. */
export class HttpReadError extends Error {
  constructor(
    readonly code: string,
    detail: string,
  ) {
    super(detail);
  }
}

const CRLF = Buffer.from('\r\n');
const HEAD_END = Buffer.from('\r\n\r\n');

type Framing = { kind: 'length'; left: number } | { kind: 'chunked' } | { kind: 'close' } | { kind: 'none' };

interface Head {
  status: number;
  retryAfter: string | null;
  keepAlive: boolean;
  framing: Framing;
}

/** One response's reader; feed it every chunk of the socket, then `end()` if the socket ends first. */
export class PollResponseReader {
  private pending: Buffer | null = null;
  private head: Head | null = null;
  private readonly body: Buffer[] = [];
  private bodyBytes = 0;
  /** Chunked coding: bytes of the current chunk still to read, or the line we expect next. */
  private chunk: { left: number } | 'size' | 'crlf' | 'trailer' = 'size';

  /**
   * Takes the next bytes; returns the response once it is whole. Bytes past its end (a service
   * that answered more than it framed) leave the answer as read but its connection unfit to reuse.
   */
  feed(data: Buffer): ReadResponse | null {
    let buf = this.pending ? Buffer.concat([this.pending, data]) : data;
    this.pending = null;
    while (this.head === null) {
      const end = buf.indexOf(HEAD_END);
      if (end < 0) {
        if (buf.length > MAX_HEAD_BYTES) throw new HttpReadError('HPE_HEADER_OVERFLOW', 'the answer head is too large');
        this.pending = buf;
        return null;
      }
      if (end > MAX_HEAD_BYTES) throw new HttpReadError('HPE_HEADER_OVERFLOW', 'the answer head is too large');
      const head = parseHead(buf.toString('latin1', 0, end));
      buf = buf.subarray(end + HEAD_END.length);
      // An interim answer (100 Continue, 103 Early Hints): the real one follows on the same bytes.
      if (head.status >= 100 && head.status < 200) continue;
      this.head = head;
    }
    return this.readBody(buf);
  }

  /** The socket ended: the response if its body runs to the close, else an error. */
  end(): ReadResponse {
    if (this.head?.framing.kind === 'close') return this.finish(false);
    throw new HttpReadError('ECONNRESET', 'the connection closed during the answer');
  }

  private readBody(buf: Buffer): ReadResponse | null {
    const framing = this.head!.framing;
    switch (framing.kind) {
      case 'none':
        return this.finish(this.head!.keepAlive && buf.length === 0);
      case 'close':
        this.take(buf);
        return null;
      case 'length': {
        const n = Math.min(framing.left, buf.length);
        framing.left -= n;
        this.take(buf.subarray(0, n));
        return framing.left === 0 ? this.finish(this.head!.keepAlive && buf.length === n) : null;
      }
      case 'chunked':
        return this.readChunks(buf);
    }
  }

  private readChunks(data: Buffer): ReadResponse | null {
    let buf = data;
    for (;;) {
      if (typeof this.chunk === 'object') {
        const n = Math.min(this.chunk.left, buf.length);
        this.take(buf.subarray(0, n));
        buf = buf.subarray(n);
        this.chunk.left -= n;
        if (this.chunk.left > 0) return null;
        this.chunk = 'crlf';
      }
      const eol = buf.indexOf(CRLF);
      if (eol < 0) {
        if (buf.length > MAX_HEAD_BYTES) throw new HttpReadError('HPE_INVALID_CHUNK_SIZE', 'a chunk line is too long');
        if (buf.length > 0) this.pending = buf;
        return null;
      }
      const line = buf.toString('latin1', 0, eol);
      buf = buf.subarray(eol + CRLF.length);
      if (this.chunk === 'crlf') {
        if (line !== '') throw new HttpReadError('HPE_INVALID_CHUNK_SIZE', 'a chunk is longer than its size');
        this.chunk = 'size';
      } else if (this.chunk === 'size') {
        const size = chunkSize(line);
        this.chunk = size === 0 ? 'trailer' : { left: size };
      } else if (line === '') {
        // The empty line after the last chunk (and any trailer fields, which a poll does not use).
        return this.finish(this.head!.keepAlive && buf.length === 0);
      }
    }
  }

  private take(buf: Buffer): void {
    if (buf.length === 0) return;
    this.bodyBytes += buf.length;
    if (this.bodyBytes > MAX_BODY_BYTES) throw new HttpReadError('ERR_POLL_ANSWER_TOO_LARGE', 'the answer body is too large');
    this.body.push(buf);
  }

  private finish(keepAlive: boolean): ReadResponse {
    const { status, retryAfter } = this.head!;
    const body = this.body;
    // Decoded once, from the socket's own bytes when they came in one piece (no copy).
    const text = body.length === 1 ? body[0]!.toString('utf8') : Buffer.concat(body).toString('utf8');
    return { reply: { status, text, retryAfter }, keepAlive };
  }
}

function chunkSize(line: string): number {
  const hex = line.split(';', 1)[0]!.trim();
  if (!/^[0-9a-fA-F]{1,8}$/.test(hex)) throw new HttpReadError('HPE_INVALID_CHUNK_SIZE', 'a chunk size is not hexadecimal');
  const size = parseInt(hex, 16);
  if (size > MAX_BODY_BYTES) throw new HttpReadError('ERR_POLL_ANSWER_TOO_LARGE', 'the answer body is too large');
  return size;
}

const TOKEN = /^[!#$%&'*+\-.^_`|~0-9a-z]+$/;
const STATUS_LINE = /^HTTP\/1\.([01]) (\d{3})(?: .*)?$/;

/** The headers a poll's answer needs; every other field is checked for a valid name and skipped. */
interface Fields {
  contentLength: string | null;
  transferEncoding: string | null;
  connection: string;
  retryAfter: string | null;
}

/** The status line and the few headers a poll needs: framing, keep-alive, Retry-After. */
function parseHead(text: string): Head {
  let eol = text.indexOf('\r\n');
  const status = STATUS_LINE.exec(eol < 0 ? text : text.slice(0, eol));
  if (!status) throw new HttpReadError('HPE_INVALID_CONSTANT', 'not an HTTP/1.x status line');
  const fields: Fields = { contentLength: null, transferEncoding: null, connection: '', retryAfter: null };
  while (eol >= 0) {
    const from = eol + 2;
    eol = text.indexOf('\r\n', from);
    readField(fields, eol < 0 ? text.slice(from) : text.slice(from, eol));
  }
  const code = Number(status[2]);
  const connection = fields.connection.toLowerCase();
  const keepAlive = status[1] === '1' ? !/\bclose\b/.test(connection) : /\bkeep-alive\b/.test(connection);
  return { status: code, retryAfter: fields.retryAfter, keepAlive, framing: framingOf(code, fields) };
}

/** One header line into `fields`; repeated fields are joined with commas (RFC 9110 §5.3). */
function readField(fields: Fields, line: string): void {
  const colon = line.indexOf(':');
  const name = colon > 0 ? line.slice(0, colon).toLowerCase() : '';
  if (!TOKEN.test(name)) throw new HttpReadError('HPE_INVALID_HEADER_TOKEN', 'a header line without a valid name');
  const value = line.slice(colon + 1).trim();
  const join = (old: string | null): string => (old === null || old === '' ? value : `${old},${value}`);
  if (name === 'content-length') fields.contentLength = join(fields.contentLength);
  else if (name === 'transfer-encoding') fields.transferEncoding = join(fields.transferEncoding);
  else if (name === 'connection') fields.connection = join(fields.connection);
  else if (name === 'retry-after') fields.retryAfter ??= value;
}

/** How the body ends (RFC 9112 §6.3): none, chunked, a length, or the connection closing. */
function framingOf(status: number, fields: Fields): Framing {
  if (status === 204 || status === 304) return { kind: 'none' };
  if (fields.transferEncoding !== null) {
    const last = fields.transferEncoding.split(',').pop()!.trim().toLowerCase();
    return last === 'chunked' ? { kind: 'chunked' } : { kind: 'close' };
  }
  if (fields.contentLength === null) return { kind: 'close' };
  const left = contentLength(fields.contentLength);
  if (left > MAX_BODY_BYTES) throw new HttpReadError('ERR_POLL_ANSWER_TOO_LARGE', 'the answer body is too large');
  return left === 0 ? { kind: 'none' } : { kind: 'length', left };
}

/** Content-Length: one number; the same number repeated is allowed, different ones are not. */
function contentLength(value: string): number {
  if (/^\d{1,15}$/.test(value)) return Number(value);
  const distinct = new Set(value.split(',').map((v) => v.trim()));
  const [only] = distinct;
  if (distinct.size !== 1 || !/^\d{1,15}$/.test(only!)) throw new HttpReadError('HPE_INVALID_CONTENT_LENGTH', 'the answer length is not one number');
  return Number(only);
}
