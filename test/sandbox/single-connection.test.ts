import { describe, expect, it } from 'vitest';
import { credsOf, sampleBook, sandboxFixture } from './helpers/fixture.js';
import { newPosId, posFetch } from './helpers/pos-http.js';
import { PollingPos } from './helpers/polling-pos.js';
import { WsPos } from './helpers/scripted-pos.js';
import { waitFor } from './helpers/wait-for.js';

const env = sandboxFixture();
const handler = () => {
  const b = sampleBook();
  return (m: string, a: unknown[]) => b.handle(m, a);
};
const live = (sb: { state(): unknown }) => (sb.state() as { connections: { live: boolean; kind: string }[] }).connections.find((c) => c.live);

describe('one connection per restaurant, across WebSocket and long-poll', () => {
  it('refuses a second WebSocket with close 4409; the first keeps working', async () => {
    const sb = await env.start();
    const first = await WsPos.connect({ ...credsOf(sb), handler: handler() });
    env.defer(() => first.close());
    const second = new WsPos({ ...credsOf(sb), handler: handler() });
    expect((await second.closed).code).toBe(4409);
    expect(await sb.guestScan({ idTable: 'T1' })).toHaveLength(1);
    expect(first.count('getTableContents')).toBe(1);
  });

  it('refuses a poll with 409 (empty body) while a WebSocket is open, and a WebSocket with 4409 while a poll is held', async () => {
    const sb = await env.start({ pollHoldMs: 2_000 });
    const ws = await WsPos.connect({ ...credsOf(sb), handler: handler() });
    const refused = await posFetch(credsOf(sb), '/api/v2/pos/poll', { method: 'POST' });
    expect([refused.status, refused.text]).toEqual([409, '']);
    await ws.close();

    const poller = new PollingPos(credsOf(sb), handler());
    env.defer(() => poller.stop());
    await waitFor(() => live(sb)?.kind === 'longpoll', 'the polling POS to hold the slot');
    const late = new WsPos({ ...credsOf(sb), handler: handler() });
    expect((await late.closed).code).toBe(4409);
  });

  it('refuses a poll from a different Pos-Id with 409 while one is live; the same Pos-Id may poll again', async () => {
    const sb = await env.start({ pollHoldMs: 2_000 });
    const creds = credsOf(sb);
    const poller = new PollingPos(creds, handler());
    env.defer(() => poller.stop());
    await waitFor(() => live(sb), 'the first POS');
    const other = await posFetch({ ...creds, posId: newPosId() }, '/api/v2/pos/poll', { method: 'POST' });
    expect(other.status).toBe(409);
    expect(await sb.guestScan({ idTable: 'T1' })).toHaveLength(1);
  });

  it('a poll whose socket closed no longer counts: another POS may connect', async () => {
    const sb = await env.start({ pollHoldMs: 10_000 });
    const creds = credsOf(sb);
    const abort = new AbortController();
    const held = posFetch(creds, '/api/v2/pos/poll', { method: 'POST', signal: abort.signal }).catch(() => 'aborted');
    await waitFor(() => live(sb), 'the held poll');
    abort.abort();
    expect(await held).toBe('aborted');
    await waitFor(() => !live(sb), 'the slot to be free');
    const ws = await WsPos.connect({ ...credsOf(sb), handler: handler() });
    env.defer(() => ws.close());
    expect(live(sb)?.kind).toBe('ws');
    expect(await sb.guestScan({ idTable: 'T1' })).toHaveLength(1);
  });

  it('restaurants do not share the slot', async () => {
    const sb = await env.start();
    const other = sb.createRestaurant('Other');
    const a = await WsPos.connect({ ...credsOf(sb), handler: handler() });
    const b = await WsPos.connect({ ...credsOf(sb), apiKey: other.apiKey, handler: handler() });
    env.defer(() => a.close());
    env.defer(() => b.close());
    await sb.guestScan({ idTable: 'T1', restaurantId: other.id });
    expect([a.count('getTableContents'), b.count('getTableContents')]).toEqual([0, 1]);
  });
});
