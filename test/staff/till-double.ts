// A stand-in for the till's /staff/live socket, speaking preload/staff-frames.ts on 127.0.0.1, for
// the phone page's component tests (renderer/src/staff). It checks the hello's proof with
// node:crypto, apart from the page's own HMAC code, and answers requests from a handler the test sets.
import { createHmac, randomBytes } from 'node:crypto';
import { WebSocketServer, type WebSocket } from 'ws';
import type { StaffClientFrame, StaffDeviceView, StaffEvent, StaffRequest, StaffServerFrame, StaffSnapshot } from '../../preload/staff-frames.js';
import { STAFF_CLOSE } from '../../preload/staff-frames.js';

export interface TillDevice {
  deviceId: string;
  secret: string;
  view: StaffDeviceView;
}

export type RequestHandler = (request: StaffRequest, device: TillDevice) => { result: unknown } | { error: { code: string; message: string } };

export class TillDouble {
  readonly devices = new Map<string, TillDevice>();
  readonly requests: StaffRequest[] = [];
  readonly hellos: Extract<StaffClientFrame, { type: 'hello' }>[] = [];
  /** Each accepted session's socket, and which device it is. */
  readonly sessions = new Map<WebSocket, TillDevice>();
  connections = 0;
  snapshot: StaffSnapshot;
  handler: RequestHandler = () => ({ result: null });
  /** While false, a new socket gets no challenge (a till that hangs). */
  challenging = true;
  private readonly server: WebSocketServer;
  private readonly welcomed: (() => void)[] = [];

  private constructor(server: WebSocketServer, snapshot: StaffSnapshot) {
    this.server = server;
    this.snapshot = snapshot;
    server.on('connection', (socket) => this.accept(socket));
  }

  static async start(snapshot: StaffSnapshot): Promise<TillDouble> {
    const server = new WebSocketServer({ host: '127.0.0.1', port: 0, path: '/staff/live' });
    await new Promise<void>((resolve) => server.once('listening', resolve));
    return new TillDouble(server, snapshot);
  }

  get url(): string {
    const address = this.server.address();
    if (!address || typeof address === 'string') throw new Error('unexpected address');
    return `ws://127.0.0.1:${address.port}/staff/live`;
  }

  addDevice(name: string, role: 'waiter' | 'manager'): TillDevice {
    const deviceId = `dev-${this.devices.size + 1}`;
    const device: TillDevice = {
      deviceId,
      secret: randomBytes(32).toString('hex'),
      view: { id: deviceId, name, role, pairedAt: new Date().toISOString(), lastSeenAt: null, connected: false },
    };
    this.devices.set(deviceId, device);
    return device;
  }

  /** Resolves at the next welcome sent. */
  nextWelcome(): Promise<void> {
    return new Promise((resolve) => this.welcomed.push(resolve));
  }

  push(event: StaffEvent): void {
    for (const socket of this.sessions.keys()) send(socket, { type: 'event', event });
  }

  /** Ends every session of the device with a close code (revoked, disabled). */
  closeAll(code: number): void {
    for (const socket of this.sessions.keys()) socket.close(code);
  }

  /** The network goes away: sockets die without a close frame. */
  dropAll(): void {
    for (const socket of this.server.clients) socket.terminate();
  }

  revoke(deviceId: string): void {
    this.devices.delete(deviceId);
    for (const [socket, device] of this.sessions) if (device.deviceId === deviceId) socket.close(STAFF_CLOSE.revoked);
  }

  async stop(): Promise<void> {
    for (const socket of this.server.clients) socket.terminate();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private accept(socket: WebSocket): void {
    this.connections++;
    if (!this.challenging) return;
    const nonce = randomBytes(16).toString('hex');
    let device: TillDevice | null = null;
    send(socket, { type: 'challenge', nonce });
    socket.on('close', () => this.sessions.delete(socket));
    socket.on('message', (data: Buffer) => {
      const frame = JSON.parse(data.toString('utf8')) as StaffClientFrame;
      if (frame.type === 'hello') {
        this.hellos.push(frame);
        const known = this.devices.get(frame.deviceId);
        const expected = known ? createHmac('sha256', Buffer.from(known.secret, 'hex')).update(nonce, 'utf8').digest('hex') : null;
        if (!known || device || frame.proof !== expected) return socket.close(STAFF_CLOSE.unauthorised);
        device = known;
        this.sessions.set(socket, known);
        send(socket, { type: 'welcome', device: { ...known.view, connected: true }, snapshot: this.snapshot });
        for (const resolve of this.welcomed.splice(0)) resolve();
      } else if (frame.type === 'request') {
        if (!device) return socket.close(STAFF_CLOSE.unauthorised);
        this.requests.push(frame);
        send(socket, { type: 'reply', id: frame.id, ...this.handler(frame, device) } as StaffServerFrame);
      }
    });
  }
}

function send(socket: WebSocket, frame: StaffServerFrame): void {
  socket.send(JSON.stringify(frame));
}
