import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { credsOf, sampleBook, sandboxFixture } from './helpers/fixture.js';
import { WsPos } from './helpers/scripted-pos.js';
import { deferred, waitFor } from './helpers/wait-for.js';

const env = sandboxFixture();
const book = () => {
  const b = sampleBook();
  return (m: string, a: unknown[]) => b.handle(m, a);
};

describe('WebSocket /api/v2/pos/ws', () => {
  it.each(['headers', 'frame', 'both'] as const)('authenticates by %s and carries method calls', async (auth) => {
    const sb = await env.start();
    const pos = await WsPos.connect({ ...credsOf(sb), handler: book(), auth });
    env.defer(() => pos.close());
    if (auth !== 'headers') expect(pos.frames).toContainEqual({ type: 'auth-response', authorized: true });
    expect(await sb.guestScan({ idTable: 'T1' })).toHaveLength(1);
    const call = await pos.waitForCall('getTableContents');
    expect(call.raw).toEqual({ type: 'method-call-request', uuid: expect.any(String), method: 'getTableContents', args: ['T1', null] });
  });

  it('closes with 4401 when no auth arrives in time, and for a bad key in the frame or the headers', async () => {
    const sb = await env.start({ wsAuthTimeoutMs: 300 });
    const silent = new WsPos({ ...credsOf(sb), handler: book(), auth: 'none' });
    expect((await silent.closed).code).toBe(4401);
    const badFrame = new WsPos({ ...credsOf(sb), apiKey: 'zzzz-zzzz-zzzz-zzzz-zzzz', handler: book(), auth: 'frame' });
    expect((await badFrame.closed).code).toBe(4401);
    expect(badFrame.frames).toContainEqual({ type: 'auth-response', authorized: false });
    const badHeaders = new WsPos({ ...credsOf(sb), posId: 'nope', handler: book(), auth: 'headers' });
    expect((await badHeaders.closed).code).toBe(4401);
  });

  it('answers the POS calls noop and whoAmI, and METHOD_NOT_SUPPORTED for others', async () => {
    const sb = await env.start({ restaurantName: 'U Fleku' });
    const pos = await WsPos.connect({ ...credsOf(sb), handler: book() });
    env.defer(() => pos.close());
    expect(await pos.callService('noop')).toMatchObject({ type: 'method-call-response', result: null });
    expect(await pos.callService('whoAmI')).toMatchObject({ result: [{ id: sb.restaurant.id, name: 'U Fleku' }] });
    expect(await pos.callService('launchRocket')).toMatchObject({ error: { code: 'METHOD_NOT_SUPPORTED', message: expect.any(String) } });
  });

  it('answers pings with pongs, ignores bad frames from the POS, and fails pending calls when the socket closes', async () => {
    const sb = await env.start();
    const pos = await WsPos.connect({ ...credsOf(sb), handler: (m) => (m === 'getTableContents' ? 'no-answer' : { result: null }) });
    const pong = deferred<string>();
    pos.ws.once('pong', (d: Buffer) => pong.resolve(d.toString()));
    pos.ws.ping('are-you-there');
    expect(await pong.promise).toBe('are-you-there');
    pos.ws.send('this is not json');
    pos.ws.send(JSON.stringify({ type: 'mystery' }));
    await waitFor(() => (sb.state() as { counters: { badFramesFromPos: number } }).counters.badFramesFromPos === 2, 'bad frames counted');
    expect(pos.ws.readyState).toBe(WebSocket.OPEN);
    const scan = sb.guestScan({ idTable: 'T1' }).catch((e: unknown) => e as { body: { code: string } });
    await pos.waitForCall('getTableContents');
    await pos.close();
    expect(((await scan) as { body: { code: string } }).body.code).toBe('CONNECTION_LOST');
  });
});
