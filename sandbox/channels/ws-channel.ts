import WebSocket from 'ws';
import { METHOD_ERROR, WS_CLOSE, parseJson, parseWith, WsFrame, type MethodCallRequestFrame } from '../../main/base/wire/index.js';
import type { SandboxCore } from '../core/core.js';
import type { FaultRecord } from '../core/faults.js';
import type { Restaurant } from '../core/state.js';
import { PendingCalls, type PendingCall } from '../core/pending-calls.js';
import type { CallOutcome, PosChannel } from '../core/pos-channel.js';

let nextSocketId = 1;

/** A restaurant's WebSocket connection after authentication (docs/PROTOCOL.md §3). */
export class WsChannel implements PosChannel {
  readonly kind = 'ws' as const;
  readonly key = `ws-${nextSocketId++}`;
  readonly since = Date.now();
  readonly restaurantId: string;
  private readonly pending: PendingCalls;
  /** `no-pong` fault: stop answering pings so the POS's dead-link detection can be tested. */
  private noPong = false;

  constructor(
    private readonly core: SandboxCore,
    private readonly socket: WebSocket,
    private readonly restaurant: Restaurant,
    readonly posId: string,
    /** Called before each send: frames sent in the same tick leave in one write (main/wire tickCork). */
    private readonly holdWrites: () => void,
  ) {
    this.restaurantId = restaurant.id;
    this.pending = new PendingCalls(core.options.callTimeoutMs, core.callSettled);
    socket.on('ping', (data: Buffer) => {
      if (!this.noPong && socket.readyState === WebSocket.OPEN) socket.pong(data);
    });
    socket.on('close', (code: number) => {
      this.pending.failAll('CONNECTION_LOST', `The WebSocket closed (${code}) before the POS answered.`);
      core.channels.release(this);
      core.log(`ws closed restaurant=${this.restaurantId} code=${code}`);
    });
  }

  isLive(): boolean {
    return this.socket.readyState === WebSocket.OPEN;
  }

  call(method: string, args: unknown[]): Promise<CallOutcome> {
    const { call, done } = this.pending.create(method, args);
    const delay = this.core.takeDelay(this.restaurantId, () => `ws delivery of ${method}`);
    if (delay > 0) setTimeout(() => this.write(call), delay);
    else this.write(call);
    return done;
  }

  private write(call: PendingCall): void {
    if (!this.pending.has(call.uuid) || this.socket.readyState !== WebSocket.OPEN) return;
    call.deliveredAt = Date.now();
    this.holdWrites();
    this.socket.send(JSON.stringify({ type: 'method-call-request', ...this.core.outgoing(this.restaurantId, call) }));
  }

  /** A text frame from the POS after authentication. Bad frames are counted and ignored, never fatal. */
  onText(text: string): void {
    const counters = this.core.state.counters;
    counters.framesFromPos += 1;
    const json = parseJson(text);
    const frame = json.ok ? parseWith(WsFrame, json.value) : json;
    if (!frame.ok) {
      counters.badFramesFromPos += 1;
      this.core.log(`ws bad frame restaurant=${this.restaurantId}: ${frame.error}`);
      return;
    }
    const f = frame.value;
    if (f.type === 'method-call-response') {
      if (f.uuid === null) return;
      const outcome: CallOutcome = f.error ? { error: f.error } : { result: f.result ?? null };
      if (this.pending.settle(f.uuid, outcome)) counters.responsesReceived += 1;
      else this.core.log(`ws answer for unknown call uuid=${f.uuid} (late or stray)`);
    } else if (f.type === 'method-call-request') {
      this.answerPosCall(f);
    } else if (f.type === 'auth-request') {
      // Already authenticated by headers; confirm when the frame names the same restaurant.
      const same = f.apiKey.includes(this.restaurant.apiKey);
      this.send({ type: 'auth-response', authorized: same });
      if (!same) this.socket.close(WS_CLOSE.UNAUTHORIZED, 'API key does not match this connection');
    }
  }

  /** The POS may call `noop` and `whoAmI` on the service; anything else is not supported. */
  private answerPosCall(f: MethodCallRequestFrame): void {
    if (f.uuid === null) return;
    let answer: Record<string, unknown>;
    if (f.method === 'noop') answer = { result: null };
    else if (f.method === 'whoAmI') answer = { result: [{ id: this.restaurant.id, name: this.restaurant.name }] };
    else answer = { error: { code: METHOD_ERROR.METHOD_NOT_SUPPORTED, message: `The service has no method "${f.method}".` } };
    const frame = { type: 'method-call-response', uuid: f.uuid, ...answer };
    const delay = this.core.takeDelay(this.restaurantId, () => `ws answer to ${f.method}`);
    if (delay > 0) setTimeout(() => this.send(frame), delay);
    else this.send(frame);
  }

  private send(frame: unknown): void {
    if (this.socket.readyState !== WebSocket.OPEN) return;
    this.holdWrites();
    this.socket.send(JSON.stringify(frame));
  }

  applyFault(fault: FaultRecord): boolean {
    if (this.socket.readyState !== WebSocket.OPEN) return false;
    switch (fault.kind) {
      case 'drop':
        this.socket.terminate(); // no close frame: the POS must notice by itself
        return true;
      case 'close-1001':
        this.socket.close(WS_CLOSE.GOING_AWAY, 'going away');
        return true;
      case 'close-4503':
        this.socket.close(WS_CLOSE.RESTART, 'service restarting, retry in 120 s');
        return true;
      case 'malformed-frame':
        this.socket.send('{"type":"method-call-request", this is not JSON');
        return true;
      case 'no-pong':
        this.noPong = true;
        return true;
      default:
        return false;
    }
  }

  close(reason: string): void {
    this.pending.failAll('CONNECTION_LOST', `The connection was closed: ${reason}.`);
    if (this.socket.readyState === WebSocket.OPEN || this.socket.readyState === WebSocket.CONNECTING) this.socket.terminate();
  }

  describe(): Record<string, unknown> {
    return {
      kind: this.kind,
      restaurantId: this.restaurantId,
      posId: this.posId,
      since: new Date(this.since).toISOString(),
      noPong: this.noPong,
      pendingCalls: this.pending.list().map((c) => ({ uuid: c.uuid, method: c.method, delivered: c.deliveredAt !== null })),
    };
  }
}
