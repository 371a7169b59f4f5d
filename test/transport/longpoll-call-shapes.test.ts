import { once } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../../main/clock.js';
import { createLongPollTransport } from '../../main/transport/longpoll-transport.js';
import type { Transport } from '../../main/transport/types.js';
import { FIXED_KEY, Fixture } from './helpers/fixture.js';

/** A "service" on 127.0.0.1 that answers the n-th poll with `answers[n - 1]` and holds the polls after them. */
class ScriptedService {
  readonly bodies: string[] = [];
  private readonly held: ServerResponse[] = [];
  private readonly server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      this.bodies.push(Buffer.concat(chunks).toString('utf8'));
      const answer = this.answers[this.bodies.length - 1];
      if (answer === undefined) this.held.push(res);
      else res.end(answer);
      this.server.emit('poll');
    });
  });

  constructor(private readonly answers: string[]) {}

  async start(): Promise<string> {
    this.server.listen(0, '127.0.0.1');
    await once(this.server, 'listening');
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async waitForPolls(n: number): Promise<void> {
    const deadline = AbortSignal.timeout(10_000);
    while (this.bodies.length < n) await once(this.server, 'poll', { signal: deadline });
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }
}

let service: ScriptedService;
let transport: Transport | null = null;
afterEach(async () => {
  await transport?.stop();
  transport = null;
  await service.close();
});

describe('long-poll: the calls a poll brings, read as the MethodCallRequest schema reads them', () => {
  it('runs a call with unknown fields and no args (args []), answers a call of the wrong shape with INVALID_REQUEST', async () => {
    service = new ScriptedService([
      '{"uuid":"c1","method":"noop","extra":{"x":1}}',
      '{"uuid":"c2","method":"getTableContents","args":["T1",null],"extra":true}',
      '{"uuid":"bad-1","method":""}',
      '{"uuid":"bad-2","method":"noop","args":"T1"}',
      '{"uuid":42,"method":"noop"}',
    ]);
    const serviceUrl = await service.start();
    const fx = new Fixture();
    transport = createLongPollTransport({ serviceUrl, apiKey: FIXED_KEY, posId: fx.posId, dispatcher: fx.dispatcher, log: fx.log, clock: new ManualClock() });
    await transport.start();
    await service.waitForPolls(6);

    expect(fx.dispatcher.calls.map((c) => [c.method, c.args, c.callId])).toEqual([
      ['noop', [], 'c1'],
      ['getTableContents', ['T1', null], 'c2'],
    ]);
    const sent = service.bodies.map((b) => (b === '' ? null : (JSON.parse(b) as { uuid: string; result?: unknown; error?: { code: string; message: string } })));
    expect(sent[0]).toBeNull();
    expect(sent[1]).toEqual({ uuid: 'c1', result: null });
    expect(sent[2]).toMatchObject({ uuid: 'c2', result: [{ id: 'B1' }] });
    expect(sent[3]).toMatchObject({ uuid: 'bad-1', error: { code: 'INVALID_REQUEST' } });
    expect(sent[3]!.error!.message).toContain('method');
    expect(sent[4]).toMatchObject({ uuid: 'bad-2', error: { code: 'INVALID_REQUEST' } });
    expect(sent[4]!.error!.message).toContain('args');
    // A uuid that is not a string cannot be answered: the next poll carries nothing.
    expect(sent[5]).toBeNull();
  });
});
