import { once } from 'node:events';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startServiceSocket, type ServiceSocket } from './service-socket.js';

/** The direct rush's service end: 32 guests' calls and a timed scan out on one socket at once. */
describe('the bench service socket', () => {
  let service: ServiceSocket | null = null;
  let pos: WebSocket | null = null;
  afterEach(async () => {
    pos?.terminate();
    await service?.close();
    service = null;
    pos = null;
  });

  it('gives each call its own answer when calls are out at once and answered in another order', async () => {
    service = await startServiceSocket();
    // A POS that holds every request until it has three, then answers them last first.
    pos = new WebSocket(`${service.url.replace(/^http/, 'ws')}/api/v2/pos/ws`);
    await once(pos, 'open');
    const held: { uuid: string; args: unknown[] }[] = [];
    pos.on('message', (data) => {
      const frame = JSON.parse((data as Buffer).toString()) as { type: string; uuid: string; args: unknown[] };
      if (frame.type !== 'method-call-request') return;
      held.push(frame);
      if (held.length < 3) return;
      for (const r of held.reverse()) pos!.send(JSON.stringify({ type: 'method-call-response', uuid: r.uuid, result: r.args[0] }));
    });
    pos.send(JSON.stringify({ type: 'auth-request', apiKey: ['k'], posId: 'p' }));
    await service.ready;

    const answers = await Promise.all(['t1', 't2', 't3'].map((t) => service!.call('getTableContents', [t, null])));
    expect(answers.map((a) => (a.frame as { result: string }).result)).toEqual(['t1', 't2', 't3']);
    expect(answers.every((a) => a.ms > 0 && JSON.parse(a.text).result === (a.frame as { result: string }).result)).toBe(true);
  });

  /** A POS that signs in and then never answers. */
  async function silentPos(s: ServiceSocket): Promise<WebSocket> {
    const ws = new WebSocket(`${s.url.replace(/^http/, 'ws')}/api/v2/pos/ws`);
    await once(ws, 'open');
    ws.send(JSON.stringify({ type: 'auth-request', apiKey: ['k'], posId: 'p' }));
    await s.ready;
    return ws;
  }

  it('fails a call that gets no answer within its time-out, naming the method, instead of hanging the bench', async () => {
    service = await startServiceSocket({ callTimeoutMs: 50 });
    pos = await silentPos(service);
    await expect(service.call('paymentClosed', ['p1', 'PAID'])).rejects.toThrow('no answer to paymentClosed within 50 ms');
  });

  it('fails the calls out on a POS socket that closes, at once', async () => {
    service = await startServiceSocket();
    pos = await silentPos(service);
    const calls = [service.call('getTableContents', ['t1', null]), service.call('getBill', ['b1', null])];
    pos.terminate();
    for (const call of calls) await expect(call).rejects.toThrow('the POS closed its WebSocket before it answered');
  });
});
