import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../../main/base/clock.js';
import { createLongPollTransport, POLL_MARGIN_MS } from '../../main/adapters/connection/transport/longpoll-transport.js';
import type { Transport } from '../../main/adapters/connection/transport/types.js';
import { POLL_HOLD_MS } from '../../main/base/wire/index.js';
import { FIXED_KEY, Fixture } from './helpers/fixture.js';
import { waitForState } from './helpers/wait.js';

/**
 * A real garbage collection. `global.gc` when the file runs under `node --expose-gc`; otherwise the
 * same flag is switched on here, and a fresh context hands out the function it creates.
 */
function collectGarbage(): () => void {
  const existing = (globalThis as { gc?: () => void }).gc;
  if (existing) return existing;
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
}

/** A "service" on 127.0.0.1 that takes every poll and never answers it. */
class SilentService {
  readonly polls: IncomingMessage[] = [];
  readonly closed = new Set<IncomingMessage>();
  private readonly server: Server = createServer((req) => {
    this.polls.push(req);
    req.socket.on('close', () => this.closed.add(req));
    this.server.emit('poll');
  });

  async start(): Promise<string> {
    this.server.listen(0, '127.0.0.1');
    await once(this.server, 'listening');
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** Resolves once `n` polls have arrived (now or later); bounded by a real-time deadline. */
  async waitForPolls(n: number, timeoutMs = 10_000): Promise<void> {
    const deadline = AbortSignal.timeout(timeoutMs);
    while (this.polls.length < n) await once(this.server, 'poll', { signal: deadline });
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }
}

let service: SilentService;
let transport: Transport | null = null;
afterEach(async () => {
  await transport?.stop();
  await service.close();
});

describe('long-poll: a poll the service holds and never answers', () => {
  it('is abandoned after the hold plus a margin, even after a garbage collection, and a new poll is sent', async () => {
    const gc = collectGarbage();
    service = new SilentService();
    const serviceUrl = await service.start();
    const fx = new Fixture();
    const clock = new ManualClock();
    const t = createLongPollTransport({ serviceUrl, apiKey: FIXED_KEY, posId: fx.posId, dispatcher: fx.dispatcher, log: fx.log, clock, random: () => 1 });
    transport = t;
    const sentAt = clock.now();
    await t.start();
    await service.waitForPolls(1);

    // Held without a refusal for the accept window: connected (not at 999 ms, at 1000 ms).
    await clock.advanceAsync(999);
    expect(t.state().status).toBe('connecting');
    await clock.advanceAsync(1);
    expect(t.state().status).toBe('connected');

    // What the old AbortSignal.timeout lost: whatever is only weakly held is gone after these.
    gc();
    await new Promise((resolve) => setImmediate(resolve));
    gc();

    const giveUpAt = sentAt + POLL_HOLD_MS + POLL_MARGIN_MS;
    expect(clock.nextTimerAt()).toBe(giveUpAt);
    await clock.advanceAsync(giveUpAt - 1 - clock.now());
    expect(t.state().status).toBe('connected');
    expect(service.polls).toHaveLength(1);
    expect(service.closed.has(service.polls[0]!)).toBe(false);

    await clock.advanceAsync(1);
    const lost = await waitForState(t, 'reconnecting');
    expect(lost).toMatchObject({ attempt: 1, nextTryAt: giveUpAt + 1000 });
    expect(fx.sink.lines.some((l) => l.msg === 'link lost; backing off' && l.detail === 'the poll got no answer in time')).toBe(true);

    // The backoff's wait, then the next poll (not at 999 ms, at 1000 ms).
    await clock.advanceAsync(999);
    expect(t.state().status).toBe('reconnecting');
    await clock.advanceAsync(1);
    await service.waitForPolls(2);
    expect(service.polls).toHaveLength(2);
  });
});
