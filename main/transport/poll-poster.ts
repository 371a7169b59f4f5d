import http from 'node:http';
import https from 'node:https';

/** What the service answered to one poll. */
export interface PollReply {
  status: number;
  text: string;
  retryAfter: string | null;
}

export interface PollPoster {
  /** POSTs one poll; rejects on a network error or when `signal` aborts (the socket is destroyed then). */
  post(headers: Record<string, string>, body: string | null, signal: AbortSignal): Promise<PollReply>;
  /** Destroys the kept-alive socket (and any request on it): a stopped link holds no connection. */
  closeIdle(): void;
}

/**
 * The long-poll's HTTP client: `node:http` with a keep-alive agent of one socket, so each poll after
 * the first rides on the connection the previous one used (a new TCP connection per poll cost
 * more than the call it carried). One socket is all a POS needs: polls are sent one after the
 * other, and the service allows one connection per POS anyway. A poll that is aborted (stop,
 * reconnect, its time-out) destroys its socket, so a dead connection is never reused, and the
 * service sees the connection close and frees the POS's slot (the reason polls used to say
 * `Connection: close`).
 */
export function createPollPoster(url: string): PollPoster {
  const target = new URL(url);
  const secure = target.protocol === 'https:';
  const options = { keepAlive: true, maxSockets: 1, maxFreeSockets: 1, scheduling: 'lifo' as const };
  let agent: http.Agent = secure ? new https.Agent(options) : new http.Agent(options);
  const request = secure ? https.request : http.request;
  // Taken apart once: a URL handed to request() is taken apart again for every poll.
  const where = { protocol: target.protocol, hostname: target.hostname.replace(/^\[|\]$/g, ''), port: target.port || (secure ? 443 : 80), path: `${target.pathname}${target.search}` };

  return {
    post(headers, body, signal) {
      // No retry on a kept-alive socket the service closed just as a poll went out on it: polls
      // follow each other within milliseconds, far inside any keep-alive time-out, and such a
      // failure cannot be told from a dropped held poll, which must count as a drop.
      return postOnce({ request, where, agent }, headers, body, signal);
    },
    closeIdle() {
      agent.destroy();
      // A destroyed agent keeps its settings; a fresh one keeps later polls clean of its state.
      agent = secure ? new https.Agent(options) : new http.Agent(options);
    },
  };
}

interface Route {
  request: typeof http.request;
  where: { protocol: string; hostname: string; port: string | number; path: string };
  agent: http.Agent;
}

/** One POST of a poll. */
function postOnce({ request, where, agent }: Route, headers: Record<string, string>, body: string | null, signal: AbortSignal): Promise<PollReply> {
  return new Promise<PollReply>((resolve, reject) => {
    if (signal.aborted) return reject(abortError());
    const req = request({
      ...where,
      method: 'POST',
      agent,
      headers: { ...headers, 'Content-Length': String(body === null ? 0 : Buffer.byteLength(body)) },
    });
    const onAbort = (): void => {
      req.destroy(abortError());
    };
    signal.addEventListener('abort', onAbort, { once: true });
    const done = (): void => signal.removeEventListener('abort', onAbort);
    req.on('error', (e) => {
      done();
      reject(e);
    });
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', (e) => {
        done();
        reject(e);
      });
      res.on('close', () => {
        if (res.complete) return;
        done();
        reject(Object.assign(new Error('the connection closed during the answer'), { code: 'ECONNRESET' }));
      });
      res.on('end', () => {
        done();
        const retryAfter = res.headers['retry-after'];
        resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8'), retryAfter: retryAfter ?? null });
      });
    });
    req.end(body ?? undefined);
  });
}

function abortError(): Error {
  return Object.assign(new Error('the poll was aborted'), { name: 'AbortError', code: 'ABORT_ERR' });
}
