import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';

const root = fileURLToPath(new URL('../../', import.meta.url));

export interface ServiceSocket {
  url: string;
  /** Resolves once a POS has authenticated (sent its first frame). */
  ready: Promise<void>;
  /**
   * One call (any number may be out at once); resolves with its round trip in ms (request sent →
   * answer parsed), the answer frame's text and the frame as parsed (checked from that one parse:
   * a second one would only add garbage, whose collection would land on a later round trip of
   * this process). Rejects when no answer comes within the call time-out, or the POS's socket
   * closes first.
   */
  call(method: string, args: unknown[]): Promise<{ ms: number; text: string; frame: unknown }>;
  close(): Promise<void>;
}

/**
 * The service's end of the WebSocket, reduced to what a latency figure needs: it accepts the
 * POS (auth-response), answers who-am-i and other REST calls, and times each method call from the
 * moment its request frame is sent to the moment its answer frame is parsed. The echo baseline
 * (startEchoPeer) is timed by the very same `call`, so both do the same work on this side.
 */
/** How long a call waits for its answer before it rejects: a host that died mid-bench fails the bench instead of hanging it. */
export const CALL_TIMEOUT_MS = 15_000;

export async function startServiceSocket(options: { callTimeoutMs?: number } = {}): Promise<ServiceSocket> {
  const callTimeoutMs = options.callTimeoutMs ?? CALL_TIMEOUT_MS;
  let pos: WebSocket | null = null;
  let connected: () => void = () => undefined;
  const ready = new Promise<void>((resolve) => (connected = resolve));
  const server: Server = createServer((req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(req.url?.includes('who-am-i') ? JSON.stringify({ id: 'r1', name: 'Bench Bistro' }) : '{}');
  });
  const wss = new WebSocketServer({ noServer: true });
  server.on('upgrade', (req, socket, head) => wss.handleUpgrade(req, socket, head, (ws) => wss.emit('connection', ws)));
  // Calls in flight by uuid: one listener answers each frame, however many calls are out at once
  // (a payment rush has 32 guests' calls out beside the timed scan).
  const pending = new Map<string, { socket: WebSocket; answer: (text: string, frame: { uuid?: string }) => void; fail: (e: Error) => void }>();
  wss.on('connection', (ws) => {
    ws.once('message', () => {
      ws.send(JSON.stringify({ type: 'auth-response', authorized: true }));
      pos = ws;
      ws.on('message', (data: RawData) => {
        const text = (data as Buffer).toString();
        const frame = JSON.parse(text) as { uuid?: string };
        const call = typeof frame.uuid === 'string' ? pending.get(frame.uuid) : undefined;
        if (!call) return;
        pending.delete(frame.uuid!);
        call.answer(text, frame);
      });
      ws.on('close', () => {
        for (const [uuid, call] of pending) {
          if (call.socket !== ws) continue;
          pending.delete(uuid);
          call.fail(new Error('the POS closed its WebSocket before it answered'));
        }
      });
      connected();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    ready,
    call(method, args) {
      const socket = pos;
      if (!socket) return Promise.reject(new Error('no POS connected'));
      const uuid = randomUUID();
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          pending.delete(uuid);
          reject(new Error(`no answer to ${method} within ${callTimeoutMs} ms`));
        }, callTimeoutMs);
        pending.set(uuid, {
          socket,
          answer: (text, frame) => {
            const ms = performance.now() - t0;
            clearTimeout(timer);
            resolve({ ms, text, frame });
          },
          fail: (e) => {
            clearTimeout(timer);
            reject(e);
          },
        });
        const t0 = performance.now();
        socket.send(JSON.stringify({ type: 'method-call-request', uuid, method, args }));
      });
    },
    async close() {
      for (const c of wss.clients) c.terminate();
      await new Promise((r) => server.close(r));
    },
  };
}

/**
 * The echo baseline's POS: a bare `ws` client in its own process (as the host is), which answers
 * every method-call-request with `answer` (an answer frame the host sent), its uuid replaced by the
 * request's: the same bytes each way as a real call, with no work in between. With `spinUs`, it
 * first keeps its CPU busy that long (the host's own work per call, to see what the machine's
 * scheduler makes of a process that works that much per call). `auth` is the restaurant it signs
 * in as (its auth-request frame), for a service that checks it (the sandbox); the bench's own
 * service socket takes any.
 */
const ECHO_SCRIPT = `
const WebSocket = require('ws');
const [url, answer, uuid, spin, apiKey, posId] = process.argv.slice(1);
const spinNs = BigInt(Math.round(Number(spin) * 1000));
const at = answer.indexOf(uuid);
const head = answer.slice(0, at), tail = answer.slice(at + uuid.length);
const ws = new WebSocket(url);
ws.on('open', () => ws.send(JSON.stringify({ type: 'auth-request', apiKey: [apiKey], posId })));
ws.on('message', (data) => {
  const frame = JSON.parse(data.toString());
  if (frame.type === 'auth-response' && frame.authorized === true) process.stdout.write('authorized\\n');
  if (frame.type !== 'method-call-request') return;
  if (spinNs > 0n) for (const end = process.hrtime.bigint() + spinNs; process.hrtime.bigint() < end; );
  ws.send(head + frame.uuid + tail);
});
ws.on('close', () => process.exit(0));
`;

export function startEchoPeer(serviceUrl: string, answerText: string, spinUs = 0, auth = { apiKey: 'echo', posId: 'echo' }): ChildProcess {
  const { uuid } = JSON.parse(answerText) as { uuid: string };
  const wsUrl = `${serviceUrl.replace(/^http/, 'ws')}/api/v2/pos/ws`;
  return spawn(process.execPath, ['-e', ECHO_SCRIPT, wsUrl, answerText, uuid, String(spinUs), auth.apiKey, auth.posId], { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] });
}

/** Resolves when the echo peer's service has accepted it (its auth-response); rejects if the peer exits first. */
export function echoAuthorized(peer: ChildProcess): Promise<void> {
  return new Promise((resolve, reject) => {
    let out = '';
    const onExit = (code: number | null) => reject(new Error(`the echo peer exited (${code}) before it was authorized`));
    peer.once('exit', onExit);
    peer.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (!out.includes('authorized\n')) return;
      peer.off('exit', onExit);
      resolve();
    });
  });
}

/**
 * A bare `ws` POS in its own process that answers each method with the answer `results` holds for
 * it (the host's own results for that call, captured beforehand): the same bytes each way as the
 * host's five calls of a payment, with no work in between. The floor of "CPU per payment".
 */
const METHOD_ECHO_SCRIPT = `
const WebSocket = require('ws');
const [url, answersJson, apiKey, posId] = process.argv.slice(1);
const answers = new Map(Object.entries(JSON.parse(answersJson)).map(([method, result]) => {
  const text = JSON.stringify({ type: 'method-call-response', uuid: '@', result });
  const at = text.indexOf('"@"') + 1;
  return [method, [text.slice(0, at), text.slice(at + 1)]];
}));
const ws = new WebSocket(url);
ws.on('open', () => ws.send(JSON.stringify({ type: 'auth-request', apiKey: [apiKey], posId })));
ws.on('message', (data) => {
  const frame = JSON.parse(data.toString());
  if (frame.type === 'auth-response' && frame.authorized === true) process.stdout.write('authorized\\n');
  if (frame.type !== 'method-call-request') return;
  const answer = answers.get(frame.method);
  ws.send(answer ? answer[0] + frame.uuid + answer[1] : JSON.stringify({ type: 'method-call-response', uuid: frame.uuid, error: { code: 'UNKNOWN', message: frame.method } }));
});
ws.on('close', () => process.exit(0));
`;

export function startMethodEchoPeer(serviceUrl: string, results: Record<string, unknown>, auth: { apiKey: string; posId: string }): ChildProcess {
  const wsUrl = `${serviceUrl.replace(/^http/, 'ws')}/api/v2/pos/ws`;
  return spawn(process.execPath, ['-e', METHOD_ECHO_SCRIPT, wsUrl, JSON.stringify(results), auth.apiKey, auth.posId], { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] });
}

/**
 * A bare POS that keeps a link to the service and does nothing else, in its own process: over
 * WebSocket it signs in and pings every `pingMs` (the host's heartbeat); over long-poll it POSTs
 * an empty poll with undici's Client, as the host does, and the next one as soon as the service
 * answers (after its hold). What any till pays to stay connected: the idle host's floor.
 */
const KEEPALIVE_SCRIPT = `
const [transport, serviceUrl, apiKey, posId, pingMs] = process.argv.slice(1);
if (transport === 'ws') {
  const WebSocket = require('ws');
  const ws = new WebSocket(serviceUrl.replace(/^http/, 'ws') + '/api/v2/pos/ws');
  ws.on('open', () => ws.send(JSON.stringify({ type: 'auth-request', apiKey: [apiKey], posId })));
  ws.on('message', (data) => {
    const frame = JSON.parse(data.toString());
    if (frame.type === 'auth-response' && frame.authorized === true) {
      process.stdout.write('authorized\\n');
      const beat = () => { ws.ping(); setTimeout(beat, Number(pingMs)); };
      setTimeout(beat, Number(pingMs));
    }
  });
  ws.on('close', () => process.exit(0));
} else {
  const { Client } = require('undici');
  const url = new URL(serviceUrl);
  const client = new Client(url.origin, { pipelining: 1, headersTimeout: 0, bodyTimeout: 0 });
  const headers = { authorization: 'Bearer ' + apiKey, 'pos-id': posId };
  client.once('connect', () => process.stdout.write('authorized\\n'));
  const poll = async () => {
    for (;;) {
      const res = await client.request({ path: '/api/v2/pos/poll', method: 'POST', headers, body: '' });
      await res.body.text();
      if (res.statusCode !== 200) process.exit(2);
    }
  };
  poll().catch(() => process.exit(1));
}
`;

export function startKeepalivePeer(serviceUrl: string, transport: 'ws' | 'longpoll', auth: { apiKey: string; posId: string }, pingMs: number): ChildProcess {
  return spawn(process.execPath, ['-e', KEEPALIVE_SCRIPT, transport, serviceUrl, auth.apiKey, auth.posId, String(pingMs)], { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] });
}

/**
 * A bare `ws` POS in its own process that answers each method with `results`' answer for it (as
 * startMethodEchoPeer) and, when the service closes its socket, connects and signs in again at
 * once, as the host does after a 1001: the floor of "reconnect after close 1001". It prints
 * `authorized` after each sign-in.
 */
const RECONNECTING_ECHO_SCRIPT = `
const WebSocket = require('ws');
const [url, answersJson, apiKey, posId] = process.argv.slice(1);
const answers = new Map(Object.entries(JSON.parse(answersJson)).map(([method, result]) => {
  const text = JSON.stringify({ type: 'method-call-response', uuid: '@', result });
  const at = text.indexOf('"@"') + 1;
  return [method, [text.slice(0, at), text.slice(at + 1)]];
}));
const connect = () => {
  const ws = new WebSocket(url);
  ws.on('open', () => ws.send(JSON.stringify({ type: 'auth-request', apiKey: [apiKey], posId })));
  ws.on('message', (data) => {
    const frame = JSON.parse(data.toString());
    if (frame.type === 'auth-response' && frame.authorized === true) process.stdout.write('authorized\\n');
    if (frame.type !== 'method-call-request') return;
    const answer = answers.get(frame.method);
    ws.send(answer ? answer[0] + frame.uuid + answer[1] : JSON.stringify({ type: 'method-call-response', uuid: frame.uuid, error: { code: 'UNKNOWN', message: frame.method } }));
  });
  ws.on('error', () => undefined);
  ws.on('close', connect);
};
connect();
`;

export function startReconnectingEchoPeer(serviceUrl: string, results: Record<string, unknown>, auth: { apiKey: string; posId: string }): ChildProcess {
  const wsUrl = `${serviceUrl.replace(/^http/, 'ws')}/api/v2/pos/ws`;
  return spawn(process.execPath, ['-e', RECONNECTING_ECHO_SCRIPT, wsUrl, JSON.stringify(results), auth.apiKey, auth.posId], { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] });
}

/**
 * A bare long-poll POS in its own process: undici's Client through its dispatch API, as the host's
 * poller, holds a poll
 * and answers each call it brings with `results`' answer for its method in the body of the next
 * poll (the host's bytes; the protocol's exchange with no work in between). The floor of the
 * long-poll round trip. It prints `polling` once its connection is up.
 */
const LONGPOLL_ECHO_SCRIPT = `
const { Client } = require('undici');
const [serviceUrl, answersJson, apiKey, posId] = process.argv.slice(1);
const answers = new Map(Object.entries(JSON.parse(answersJson)).map(([method, result]) => {
  const text = JSON.stringify({ uuid: '@', result });
  const at = text.indexOf('"@"') + 1;
  return [method, [text.slice(0, at), text.slice(at + 1)]];
}));
const client = new Client(new URL(serviceUrl).origin, { pipelining: 1, headersTimeout: 0, bodyTimeout: 0 });
const bare = { authorization: 'Bearer ' + apiKey, 'pos-id': posId };
const withBody = { ...bare, 'content-type': 'application/json' };
client.once('connect', () => process.stdout.write('polling\\n'));
// Through the dispatch API, as the host's poller: status and bytes, no request or stream objects.
const post = (body) => new Promise((resolve, reject) => {
  const chunks = [];
  let status = 0;
  client.dispatch({ path: '/api/v2/pos/poll', method: 'POST', headers: body ? withBody : bare, body }, {
    onConnect() {},
    onHeaders(statusCode) { status = statusCode; return true; },
    onData(chunk) { chunks.push(chunk); return true; },
    onComplete() { resolve({ status, text: Buffer.concat(chunks).toString('utf8') }); },
    onError: reject,
  });
});
(async () => {
  let body = '';
  for (;;) {
    const { status, text } = await post(body);
    if (status !== 200) process.exit(2);
    const call = JSON.parse(text);
    const answer = call.uuid === null ? null : answers.get(call.method);
    body = call.uuid === null ? '' : answer ? answer[0] + call.uuid + answer[1] : JSON.stringify({ uuid: call.uuid, error: { code: 'UNKNOWN', message: call.method } });
  }
})().catch(() => process.exit(1));
`;

export function startLongPollEchoPeer(serviceUrl: string, results: Record<string, unknown>, auth: { apiKey: string; posId: string }): ChildProcess {
  return spawn(process.execPath, ['-e', LONGPOLL_ECHO_SCRIPT, serviceUrl, JSON.stringify(results), auth.apiKey, auth.posId], { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] });
}

/** Resolves when a long-poll echo peer's connection is up; rejects if it exits first. */
export function echoPolling(peer: ChildProcess): Promise<void> {
  return new Promise((resolve, reject) => {
    let out = '';
    const onExit = (code: number | null) => reject(new Error(`the long-poll echo exited (${code}) before it polled`));
    peer.once('exit', onExit);
    peer.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (!out.includes('polling\n')) return;
      peer.off('exit', onExit);
      resolve();
    });
  });
}
