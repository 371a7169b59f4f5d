import { randomUUID } from 'node:crypto';
import { pino } from 'pino';
import { ManualClock } from '../../../main/base/clock.js';
import type { Logger } from '../../../main/base/log.js';
import { startSandbox, type Sandbox, type SandboxOptions } from '../../../sandbox/index.js';
import type { Transport } from '../../../main/adapters/connection/transport/types.js';
import { ScriptedDispatcher } from './scripted-dispatcher.js';
import { LogSink } from './wait.js';

/** One sandbox plus everything a transport test creates, torn down together in afterEach. */
export class Fixture {
  sandbox!: Sandbox;
  /** The transports' clock: every wait (backoff, restart, heartbeat, time-outs) moves only when a test says so. */
  readonly clock = new ManualClock();
  readonly sink = new LogSink();
  readonly log: Logger = pino({ level: 'debug', base: undefined }, this.sink);
  readonly dispatcher = new ScriptedDispatcher();
  readonly posId = randomUUID();
  private readonly transports: Transport[] = [];

  async start(options: SandboxOptions = {}): Promise<this> {
    this.sandbox = await startSandbox({ port: 0, ...options });
    return this;
  }

  get credentials(): { serviceUrl: string; apiKey: string; posId: string; dispatcher: ScriptedDispatcher } {
    return { serviceUrl: this.sandbox.url, apiKey: this.sandbox.restaurant.apiKey, posId: this.posId, dispatcher: this.dispatcher };
  }

  /** The manual clock, the log, and jitter pinned to the top of the range (backoff waits 1 s, 2 s, 4 s...). */
  get timing(): { clock: ManualClock; log: Logger; random: () => number } {
    return { clock: this.clock, log: this.log, random: () => 1 };
  }

  track<T extends Transport>(transport: T): T {
    this.transports.push(transport);
    return transport;
  }

  /** Live connections the sandbox sees (both transports). */
  connections(): { kind: string; live: boolean; posId: string }[] {
    return (this.sandbox.state() as { connections: { kind: string; live: boolean; posId: string }[] }).connections;
  }

  counters(): Record<string, number> {
    return (this.sandbox.state() as { counters: Record<string, number> }).counters;
  }

  async close(): Promise<void> {
    await Promise.all(this.transports.map((t) => t.stop()));
    await this.sandbox?.close();
  }
}

/** A port nothing listens on (bound, then released): the service is "down" there until we start it. */
export async function freePort(): Promise<number> {
  const { createServer } = await import('node:net');
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export const FIXED_KEY = 'tbls-test-key0-abcd-1234';
