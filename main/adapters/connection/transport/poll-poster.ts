import type * as Undici from 'undici';
import type { Client, Dispatcher } from 'undici';

/**
 * undici, imported when the first poll goes out, not when the host starts: most tills use the
 * WebSocket, and loading undici is a noticeable part of a start (its own chunk in the bundle).
 */
let undici: Promise<typeof Undici.default> | null = null;
// A CommonJS module: import() gives its exports as `default` (the headless bundle's chunk, only that).
const loadUndici = (): Promise<typeof Undici.default> => (undici ??= import('undici').then((loaded) => loaded.default));

/** What the service answered to one poll. */
export interface PollReply {
  status: number;
  text: string;
  retryAfter: string | null;
}

export interface PollPoster {
  /**
   * POSTs one poll, `body` (JSON) or none. Its `reply` rejects on a network error, a broken answer,
   * or its `abort()` (which destroys its connection, and does nothing once the poll is over: never
   * another poll's). One poll at a time.
   */
  post(body: string | null): PollRequest;
  /** Destroys the kept-alive connection (and any poll on it): a stopped link holds no connection. */
  closeIdle(): void;
}

export interface PollRequest {
  reply: Promise<PollReply>;
  abort(): void;
}

/** An answer larger than this is refused: a poll carries one call, a few KB. */
export const MAX_POLL_ANSWER_BYTES = 8 * 1024 * 1024;
/** An answer's status line and headers larger than this are refused. */
export const MAX_POLL_HEAD_BYTES = 16 * 1024;

/**
 * The long-poll's HTTP client: undici's `Client` (Node's own HTTP/1.1 client), one kept-alive
 * connection to the service, TLS for https. Polls go through its dispatch API, which hands over
 * the status, the headers and the body's bytes without the request, response and stream objects
 * node:http (or undici's request()) builds for each poll: on a loopback round trip those cost more
 * than the call a poll carries. One connection is all a POS needs: polls are sent one after the
 * other, and the service allows one connection per POS anyway. A poll that is aborted (stop,
 * reconnect, its time-out) destroys its connection (HTTP/1.1 cannot cancel a request in flight),
 * so a dead connection is never reused and the service sees the close and frees the POS's slot.
 * undici does not retry a POST: a poll lost on a connection the service closed just as it went
 * out counts as a drop, as it must (it cannot be told from a dropped held poll).
 */
export function createPollPoster(url: string, headers: Record<string, string>): PollPoster {
  const target = new URL(url);
  const path = `${target.pathname}${target.search}`;
  const withBody = { ...headers, 'content-type': 'application/json' };
  // The poll's own timer (the transport's, on the injected clock) ends a held poll: no undici
  // time-outs besides it, which would drop a poll the service may hold for its whole hold time.
  const open = async (): Promise<Client> => {
    const { Client } = await loadUndici();
    return new Client(target.origin, {
      pipelining: 1,
      headersTimeout: 0,
      bodyTimeout: 0,
      maxResponseSize: MAX_POLL_ANSWER_BYTES,
      maxHeaderSize: MAX_POLL_HEAD_BYTES,
    });
  };
  let client: Promise<Client> | null = null;
  return {
    post(body) {
      client ??= open();
      return dispatchPoll(client, { path, method: 'POST', headers: body === null ? headers : withBody, body: body ?? '' });
    },
    closeIdle() {
      // A destroyed client takes no more requests: the next poll makes a fresh one, clean of its state.
      const closing = client;
      client = null;
      closing?.then((c) => c.destroy()).catch(() => undefined);
    },
  };
}

/** One poll through undici's dispatch API: its status, Retry-After and bytes, and its own abort. */
function dispatchPoll(client: Promise<Client>, request: Dispatcher.DispatchOptions): PollRequest {
  let abortRequest: ((reason: Error) => void) | null = null;
  let settled = false;
  let abortedEarly = false;
  const reply = new Promise<PollReply>((resolve, reject) => {
    const chunks: Buffer[] = [];
    let status = 0;
    let retryAfter: string | null = null;
    const finish = (): void => {
      settled = true;
    };
    const send = (c: Client): void => {
      if (abortedEarly) {
        finish();
        reject(abortError());
        return;
      }
      c.dispatch(request, {
        onConnect(abort) {
          abortRequest = abort;
          if (abortedEarly) abort(abortError());
        },
        onHeaders(statusCode, rawHeaders) {
          status = statusCode;
          retryAfter = headerValue(rawHeaders, 'retry-after');
          return true;
        },
        onData(chunk) {
          chunks.push(chunk);
          return true;
        },
        onComplete() {
          finish();
          resolve({ status, text: Buffer.concat(chunks).toString('utf8'), retryAfter });
        },
        onError(e) {
          finish();
          reject(e);
        },
      });
    };
    client.then(send).catch((e: unknown) => {
      // undici could not load, or refused a header value (a line break in the API key): this poll fails with it.
      finish();
      reject(e);
    });
  });
  return {
    reply,
    abort() {
      if (settled) return;
      if (abortRequest) abortRequest(abortError());
      else abortedEarly = true;
    },
  };
}

function headerValue(raw: Buffer[], name: string): string | null {
  for (let i = 0; i + 1 < raw.length; i += 2) {
    if (raw[i]!.length === name.length && raw[i]!.toString('latin1').toLowerCase() === name) return raw[i + 1]!.toString('latin1');
  }
  return null;
}

function abortError(): Error {
  return Object.assign(new Error('the poll was aborted'), { name: 'AbortError', code: 'ABORT_ERR' });
}
