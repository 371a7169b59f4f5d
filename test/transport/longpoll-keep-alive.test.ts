import { once } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../../main/base/clock.js';
import { createLongPollTransport } from '../../main/adapters/connection/transport/longpoll-transport.js';
import type { Transport } from '../../main/adapters/connection/transport/types.js';
import { KEEPALIVE } from '../../main/base/wire/index.js';
import { FIXED_KEY, Fixture } from './helpers/fixture.js';

/** What the service does with the n-th poll (1-based): answer it with the keep-alive noop, or hold it. */
type PollAction = 'answer' | 'hold';

/** A "service" on 127.0.0.1 that counts its connections and does with each poll what `action` says. */
class CountingService {
  readonly sockets: Socket[] = [];
  readonly polls: IncomingMessage[] = [];
  readonly held: ServerResponse[] = [];
  readonly server = createServer((req, res) => {
    this.polls.push(req);
    req.resume();
    req.on('end', () => {
      const action = this.action(this.polls.length);
      if (action === 'answer') res.end(JSON.stringify(KEEPALIVE));
      else this.held.push(res);
      this.server.emit('poll');
    });
  });

  constructor(private readonly action: (n: number) => PollAction) {
    this.server.on('connection', (socket: Socket) => this.sockets.push(socket));
  }

  async start(): Promise<string> {
    this.server.listen(0, '127.0.0.1');
    await once(this.server, 'listening');
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async waitForPolls(n: number): Promise<void> {
    const deadline = AbortSignal.timeout(10_000);
    while (this.polls.length < n) await once(this.server, 'poll', { signal: deadline });
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }
}

let service: CountingService;
let transport: Transport | null = null;
afterEach(async () => {
  await transport?.stop();
  transport = null;
  await service.close();
});

describe('long-poll: one kept-alive connection', () => {
  it('sends every poll over the same socket, and closes it when stopped', async () => {
    service = new CountingService((n) => (n <= 5 ? 'answer' : 'hold'));
    const serviceUrl = await service.start();
    const fx = new Fixture();
    const t = createLongPollTransport({ serviceUrl, apiKey: FIXED_KEY, posId: fx.posId, dispatcher: fx.dispatcher, log: fx.log, clock: new ManualClock() });
    transport = t;
    await t.start();
    await service.waitForPolls(6);
    expect(service.polls.map((p) => p.headers.connection)).toEqual(Array(6).fill('keep-alive'));
    expect(service.sockets).toHaveLength(1);

    // Stopped during a held poll: the service sees the connection close, which frees the POS's slot.
    const closed = once(service.sockets[0]!, 'close');
    await t.stop();
    transport = null;
    await closed;
    expect(service.sockets[0]!.destroyed).toBe(true);
  });
});

describe('long-poll: the work of one poll once the link is up', () => {
  it('before the first answer a held poll arms its time-out and its accept timer; after it, its time-out only', async () => {
    service = new CountingService((n) => (n === 1 ? 'hold' : n === 2 ? 'answer' : 'hold'));
    const serviceUrl = await service.start();
    const fx = new Fixture();
    const clock = new ManualClock();
    const t = createLongPollTransport({ serviceUrl, apiKey: FIXED_KEY, posId: fx.posId, dispatcher: fx.dispatcher, log: fx.log, clock, acceptAfterMs: 1_000 });
    transport = t;
    await t.start();
    await service.waitForPolls(1);
    expect(clock.pending()).toBe(2); // the poll's time-out and the accept timer
    expect(clock.nextTimerAt()).toBe(clock.now() + 1_000);
    service.held.shift()!.end(JSON.stringify(KEEPALIVE)); // the first poll answered: the link is up
    await service.waitForPolls(3);
    expect(clock.pending()).toBe(1); // the held third poll: its time-out alone
    expect(clock.nextTimerAt()).toBeGreaterThan(clock.now() + 1_000);
    // The headers of every poll are the same as the first one's (built once, sent each time).
    expect(service.polls.map((p) => [p.headers.authorization, p.headers['pos-id'], p.url])).toEqual(
      Array(3).fill([`Bearer ${FIXED_KEY}`, fx.posId, '/api/v2/pos/poll']),
    );
  });
});
