import { createHmac } from 'node:crypto';
import { request } from 'node:http';
import { WebSocket } from 'ws';
import type { StaffCommandName, StaffCommands, StaffEvent, StaffPairAnswer, StaffReply, StaffServerFrame } from '../../preload/staff-frames.js';

/** hex(HMAC-SHA256(key = the secret's bytes, message = the nonce's text)): the phone page's proof. */
export function proofOf(secretHex: string, nonce: string): string {
  return createHmac('sha256', Buffer.from(secretHex, 'hex')).update(nonce, 'utf8').digest('hex');
}

export interface HttpAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** One HTTP request to host:port with exactly these headers (a foreign Host is sent as written). */
export function http(base: string, path: string, o: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<HttpAnswer> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const req = request({ host: url.hostname, port: url.port, path, method: o.method ?? 'GET', headers: o.headers ?? {} }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(o.body);
  });
}

export async function pairWith(base: string, code: string, headers: Record<string, string> = {}): Promise<HttpAnswer> {
  return http(base, '/staff/pair', {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base, ...headers },
    body: JSON.stringify({ code, deviceLabel: 'Linux test' }),
  });
}

/** A phone's /staff/live socket: every frame kept, the close code when it closes. */
export class Phone {
  readonly frames: StaffServerFrame[] = [];
  closed: { code: number; at: number } | null = null;
  private readonly waiters = new Set<() => void>();
  private nextId = 1;

  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data: Buffer) => {
      this.frames.push(JSON.parse(data.toString('utf8')) as StaffServerFrame);
      this.wake();
    });
    ws.on('close', (code) => {
      this.closed = { code, at: Date.now() };
      this.wake();
    });
    ws.on('error', () => this.wake());
  }

  static open(base: string, o: { origin?: string | null; host?: string } = {}): Promise<Phone> {
    const origin = o.origin === undefined ? base : o.origin;
    const headers: Record<string, string> = o.host ? { host: o.host } : {};
    const ws = new WebSocket(`${base.replace(/^http/, 'ws')}/staff/live`, { ...(origin === null ? {} : { origin }), headers });
    const phone = new Phone(ws);
    return new Promise((resolve, reject) => {
      ws.once('open', () => resolve(phone));
      ws.once('unexpected-response', (_req, res) => reject(new Error(`refused ${res.statusCode}`)));
      ws.once('error', reject);
    });
  }

  private wake(): void {
    for (const w of [...this.waiters]) w();
  }

  /** The first frame (already here or still to come) that `match` accepts; bounded by `timeoutMs`. */
  next<T extends StaffServerFrame>(match: (f: StaffServerFrame) => f is T, what: string, timeoutMs?: number): Promise<T>;
  next(match: (f: StaffServerFrame) => boolean, what: string, timeoutMs?: number): Promise<StaffServerFrame>;
  next(match: (f: StaffServerFrame) => boolean, what: string, timeoutMs = 5000): Promise<StaffServerFrame> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiters.delete(check);
        reject(new Error(`no ${what} in ${timeoutMs} ms`));
      }, timeoutMs);
      const check = () => {
        const found = this.frames.find(match);
        if (found) {
          clearTimeout(timer);
          this.waiters.delete(check);
          resolve(found);
        }
      };
      this.waiters.add(check);
      check();
    });
  }

  /** Resolves with the close code once the socket is closed; bounded by `timeoutMs`. */
  closedWith(timeoutMs = 5000): Promise<number> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiters.delete(check);
        reject(new Error(`socket still open after ${timeoutMs} ms`));
      }, timeoutMs);
      const check = () => {
        if (!this.closed) return;
        clearTimeout(timer);
        this.waiters.delete(check);
        resolve(this.closed.code);
      };
      this.waiters.add(check);
      check();
    });
  }

  challenge(): Promise<string> {
    return this.next((f): f is Extract<StaffServerFrame, { type: 'challenge' }> => f.type === 'challenge', 'challenge').then((f) => f.nonce);
  }

  send(frame: unknown): void {
    this.ws.send(JSON.stringify(frame));
  }

  /** Challenge → hello with the device's proof → the welcome frame. */
  async hello(device: Pick<StaffPairAnswer, 'deviceId' | 'secret'>): Promise<Extract<StaffServerFrame, { type: 'welcome' }>> {
    const nonce = await this.challenge();
    this.send({ type: 'hello', deviceId: device.deviceId, proof: proofOf(device.secret, nonce), language: 'en' });
    return this.next((f): f is Extract<StaffServerFrame, { type: 'welcome' }> => f.type === 'welcome', 'welcome');
  }

  async request<K extends StaffCommandName>(cmd: K, input: StaffCommands[K]['input']): Promise<StaffReply> {
    const id = this.nextId++;
    this.send({ type: 'request', id, cmd, input });
    return this.next((f): f is StaffReply => f.type === 'reply' && f.id === id, `reply to ${cmd}`);
  }

  event(match: (e: StaffEvent) => boolean, what: string, timeoutMs?: number): Promise<StaffEvent> {
    return this.next((f): f is Extract<StaffServerFrame, { type: 'event' }> => f.type === 'event' && match(f.event), what, timeoutMs).then((f) => f.event);
  }

  close(): void {
    this.ws.terminate();
  }
}
