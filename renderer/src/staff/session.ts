// The phone's live session with the till: /staff/live, challenge → hello (HMAC proof) → welcome,
// then requests and events. It reconnects by itself with a growing, jittered delay; the page wakes
// it when the phone comes back (visible, online, pageshow) so a waiter does not wait out a backoff.
import { STAFF_CLOSE } from '../../../preload/staff-frames';
import type {
  StaffCommandName,
  StaffCommands,
  StaffDeviceView,
  StaffErrorCode,
  StaffEvent,
  StaffRequest,
  StaffServerFrame,
  StaffSnapshot,
} from '../../../preload/staff-frames';
import type { Language } from '../../../preload/contract';
import { proofOf } from './proof';

export type SessionStatus = 'connecting' | 'connected' | 'offline' | 'disabled';
/** Why the session stopped for good: the page shows the pairing page (revoked, unauthorised). */
export type SessionEnd = 'revoked' | 'unauthorised';

export interface SessionHandlers {
  status(status: SessionStatus): void;
  welcome(device: StaffDeviceView, snapshot: StaffSnapshot): void;
  event(event: StaffEvent): void;
  ended(reason: SessionEnd): void;
}

export interface SessionOptions {
  url: string;
  device: { deviceId: string; secret: string };
  language?: () => Language | undefined;
  createSocket?: (url: string) => WebSocket;
  /** The first retry's delay and the longest one. */
  backoff?: { firstMs: number; maxMs: number };
  /** How long the challenge and a request's reply may take. */
  answerTimeoutMs?: number;
  random?: () => number;
}

export type CommandErrorCode = StaffErrorCode | 'OFFLINE' | 'TIMEOUT';

export class StaffCommandError extends Error {
  constructor(
    readonly code: CommandErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'StaffCommandError';
  }
}

interface Pending {
  resolve(value: unknown): void;
  reject(error: StaffCommandError): void;
  timer: ReturnType<typeof setTimeout>;
}

/** Two refusals in a row with no welcome between: the till does not know this phone any more. */
const UNAUTHORISED_LIMIT = 2;

export class StaffSession {
  private socket: WebSocket | null = null;
  private welcomed = false;
  private stopped = true;
  private attempt = 0;
  private refusals = 0;
  private disabled = false;
  /** The link was lost and not yet back: retries say "not connected", not "connecting". */
  private lost = false;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private challengeTimer: ReturnType<typeof setTimeout> | null = null;
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();
  private readonly backoff: { firstMs: number; maxMs: number };
  private readonly answerTimeoutMs: number;
  private readonly random: () => number;
  private readonly createSocket: (url: string) => WebSocket;

  constructor(
    private readonly options: SessionOptions,
    private readonly handlers: SessionHandlers,
  ) {
    this.backoff = options.backoff ?? { firstMs: 500, maxMs: 15_000 };
    this.answerTimeoutMs = options.answerTimeoutMs ?? 10_000;
    this.random = options.random ?? Math.random;
    this.createSocket = options.createSocket ?? ((url) => new WebSocket(url));
  }

  get connected(): boolean {
    return this.welcomed;
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.open();
  }

  stop(): void {
    this.stopped = true;
    this.clearRetry();
    this.drop(1000);
  }

  /**
   * The phone is back (visible, online, pageshow). Not connected: try at once. `fresh`: the socket
   * may be a dead one from before a sleep or another network, so start a new one anyway.
   */
  wake(fresh: boolean): void {
    if (this.stopped) return;
    if (this.welcomed && !fresh) return;
    if (this.socket && !this.welcomed && !fresh) return;
    this.clearRetry();
    this.attempt = 0;
    this.drop(1000);
    this.open();
  }

  request<K extends StaffCommandName>(cmd: K, input: StaffCommands[K]['input']): Promise<StaffCommands[K]['output']> {
    const socket = this.socket;
    if (!socket || !this.welcomed) return Promise.reject(new StaffCommandError('OFFLINE', 'not connected'));
    const id = this.nextId++;
    const frame = { type: 'request', id, cmd, input } as StaffRequest;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new StaffCommandError('TIMEOUT', `${cmd} had no answer`));
      }, this.answerTimeoutMs);
      this.pending.set(id, { resolve, reject, timer });
      socket.send(JSON.stringify(frame));
    });
  }

  private open(): void {
    this.welcomed = false;
    this.handlers.status(this.disabled ? 'disabled' : this.lost ? 'offline' : 'connecting');
    let socket: WebSocket;
    try {
      socket = this.createSocket(this.options.url);
    } catch {
      this.scheduleRetry();
      return;
    }
    this.socket = socket;
    socket.onmessage = (message) => {
      if (this.socket === socket && typeof message.data === 'string') this.receive(socket, message.data);
    };
    socket.onclose = (close) => {
      if (this.socket === socket) this.closed(close.code);
    };
    socket.onerror = () => undefined;
    this.challengeTimer = setTimeout(() => {
      if (this.socket === socket && !this.welcomed) socket.close(1000);
    }, this.answerTimeoutMs);
  }

  private receive(socket: WebSocket, data: string): void {
    let frame: StaffServerFrame;
    try {
      frame = JSON.parse(data) as StaffServerFrame;
    } catch {
      return;
    }
    if (frame.type === 'challenge' && !this.welcomed && typeof frame.nonce === 'string') {
      const { deviceId, secret } = this.options.device;
      const language = this.options.language?.();
      socket.send(JSON.stringify({ type: 'hello', deviceId, proof: proofOf(secret, frame.nonce), ...(language ? { language } : {}) }));
    } else if (frame.type === 'welcome' && !this.welcomed) {
      this.clearChallenge();
      this.welcomed = true;
      this.attempt = 0;
      this.refusals = 0;
      this.disabled = false;
      this.lost = false;
      this.handlers.status('connected');
      this.handlers.welcome(frame.device, frame.snapshot);
    } else if (frame.type === 'event' && this.welcomed) {
      this.handlers.event(frame.event);
    } else if (frame.type === 'reply') {
      this.settle(frame);
    }
  }

  private settle(frame: Extract<StaffServerFrame, { type: 'reply' }>): void {
    const pending = this.pending.get(frame.id);
    if (!pending) return;
    this.pending.delete(frame.id);
    clearTimeout(pending.timer);
    if ('error' in frame) pending.reject(new StaffCommandError(frame.error.code, frame.error.message));
    else pending.resolve(frame.result);
  }

  private closed(code: number): void {
    this.socket = null;
    this.welcomed = false;
    this.clearChallenge();
    this.failPending();
    if (this.stopped) return;
    if (code === STAFF_CLOSE.revoked) return this.end('revoked');
    if (code === STAFF_CLOSE.unauthorised && ++this.refusals >= UNAUTHORISED_LIMIT) return this.end('unauthorised');
    if (code === STAFF_CLOSE.disabled) this.disabled = true;
    this.lost = true;
    this.handlers.status(this.disabled ? 'disabled' : 'offline');
    this.scheduleRetry();
  }

  private end(reason: SessionEnd): void {
    this.stopped = true;
    this.clearRetry();
    this.handlers.ended(reason);
  }

  private scheduleRetry(): void {
    if (this.stopped) return;
    const base = Math.min(this.backoff.maxMs, this.backoff.firstMs * 2 ** this.attempt);
    this.attempt = Math.min(this.attempt + 1, 16);
    // Jitter: ten phones that lost the Wi-Fi together do not all knock at the same instant.
    const delay = Math.round(base * (0.5 + this.random() * 0.5));
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      this.open();
    }, delay);
  }

  private drop(code: number): void {
    const socket = this.socket;
    this.socket = null;
    this.welcomed = false;
    this.clearChallenge();
    this.failPending();
    if (socket && socket.readyState < 2) socket.close(code);
  }

  private failPending(): void {
    for (const [id, pending] of this.pending) {
      clearTimeout(pending.timer);
      pending.reject(new StaffCommandError('OFFLINE', 'the connection closed'));
      this.pending.delete(id);
    }
  }

  private clearRetry(): void {
    if (this.retryTimer !== null) clearTimeout(this.retryTimer);
    this.retryTimer = null;
  }

  private clearChallenge(): void {
    if (this.challengeTimer !== null) clearTimeout(this.challengeTimer);
    this.challengeTimer = null;
  }
}

/** ws:// or wss:// to /staff/live on the page's own host. */
export function liveUrl(location: Location): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/staff/live`;
}
