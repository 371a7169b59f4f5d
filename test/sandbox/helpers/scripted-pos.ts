import WebSocket from 'ws';
import type { Outcome } from './bill-book.js';
import { deferred, waitFor } from './wait-for.js';
import type { PosCredentials } from './pos-http.js';

/** What the scripted POS does with a call: answer it, or stay silent ('no-answer'). */
export type PosHandler = (method: string, args: unknown[], raw: Record<string, unknown>) => Outcome | 'no-answer' | Promise<Outcome | 'no-answer'>;

export interface ReceivedCall {
  uuid: string | null;
  method: string;
  args: unknown[];
  raw: Record<string, unknown>;
}

/** Shared bookkeeping of both scripted POS kinds: what arrived, and waiting for it. */
export class CallLog {
  readonly calls: ReceivedCall[] = [];
  /** Text that arrived and was not a JSON object (malformed frames / poll bodies). */
  readonly badBodies: string[] = [];

  record(text: string): ReceivedCall | null {
    let raw: unknown;
    try {
      raw = JSON.parse(text);
    } catch {
      this.badBodies.push(text);
      return null;
    }
    if (!raw || typeof raw !== 'object') {
      this.badBodies.push(text);
      return null;
    }
    const r = raw as Record<string, unknown>;
    const call = { uuid: (r.uuid as string | null) ?? null, method: String(r.method), args: (r.args as unknown[]) ?? [], raw: r };
    if (call.method !== 'noop' || call.uuid !== null) this.calls.push(call);
    return call;
  }

  /** Waits for the n-th (1-based) call of a method. */
  waitForCall(method: string, n = 1): Promise<ReceivedCall> {
    return waitFor(() => this.calls.filter((c) => c.method === method)[n - 1], `${n}x ${method}`);
  }

  count(method: string): number {
    return this.calls.filter((c) => c.method === method).length;
  }
}

export interface WsPosOptions extends PosCredentials {
  handler: PosHandler;
  /** How to authenticate: handshake headers, an auth-request frame, or both (default both, like the companion). */
  auth?: 'headers' | 'frame' | 'both' | 'none';
}

/** A POS on the WebSocket transport, answering the sandbox's calls with a handler. */
export class WsPos extends CallLog {
  readonly ws: WebSocket;
  readonly closed: Promise<{ code: number; reason: string }>;
  readonly frames: Record<string, unknown>[] = [];
  private readonly opened = deferred<void>();

  constructor(private readonly opts: WsPosOptions) {
    super();
    const auth = opts.auth ?? 'both';
    const headers = auth === 'headers' || auth === 'both' ? { authorization: `Bearer ${opts.apiKey}`, 'pos-id': opts.posId } : {};
    this.ws = new WebSocket(`${opts.url.replace(/^http/, 'ws')}/api/v2/pos/ws`, { headers });
    const closed = deferred<{ code: number; reason: string }>();
    this.closed = closed.promise;
    this.ws.on('close', (code, reason) => closed.resolve({ code, reason: reason.toString() }));
    this.ws.on('error', () => {}); // a refused handshake shows as 'unexpected-response' / close
    this.ws.on('unexpected-response', (_req, res) => {
      this.opened.reject(new Error(`handshake answered ${res.statusCode} retry-after=${res.headers['retry-after']}`));
      closed.resolve({ code: res.statusCode ?? 0, reason: 'handshake refused' });
    });
    this.ws.on('open', () => {
      if (auth === 'frame' || auth === 'both') this.ws.send(JSON.stringify({ type: 'auth-request', apiKey: [opts.apiKey], posId: opts.posId }));
      if (auth === 'headers' || auth === 'none') this.opened.resolve();
    });
    this.ws.on('message', (data: Buffer) => void this.onText(data.toString('utf8')));
    void this.closed.then(({ code }) => this.opened.reject(new Error(`closed ${code} before auth`)));
    this.opened.promise.catch(() => {}); // a refused connection is asserted through `closed`, not ready()
  }

  /** Resolves once the connection is usable (open, and authorized when authenticating by frame). */
  ready(): Promise<void> {
    return this.opened.promise;
  }

  static async connect(opts: WsPosOptions): Promise<WsPos> {
    const pos = new WsPos(opts);
    await pos.ready();
    return pos;
  }

  private async onText(text: string): Promise<void> {
    let frame: Record<string, unknown>;
    try {
      frame = JSON.parse(text) as Record<string, unknown>;
    } catch {
      this.badBodies.push(text);
      return;
    }
    this.frames.push(frame);
    if (frame.type === 'auth-response') {
      if (frame.authorized === true) this.opened.resolve();
      return;
    }
    if (frame.type !== 'method-call-request') return;
    const call = this.record(text);
    if (!call || call.uuid === null) return;
    const outcome = await this.opts.handler(call.method, call.args, call.raw);
    if (outcome === 'no-answer' || this.ws.readyState !== WebSocket.OPEN) return;
    this.ws.send(JSON.stringify({ type: 'method-call-response', uuid: call.uuid, ...outcome }));
  }

  /** Calls a method on the service (noop, whoAmI) and resolves with its response frame. */
  async callService(method: string, args: unknown[] = []): Promise<Record<string, unknown>> {
    const uuid = `pos-${Math.random().toString(36).slice(2)}`;
    this.ws.send(JSON.stringify({ type: 'method-call-request', uuid, method, args }));
    return waitFor(() => this.frames.find((f) => f.type === 'method-call-response' && f.uuid === uuid), `answer to ${method}`);
  }

  async close(): Promise<void> {
    if (this.ws.readyState === WebSocket.CLOSED) return;
    this.ws.terminate();
    await this.closed;
  }
}
