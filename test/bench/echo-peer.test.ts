import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../sandbox/index.js';
import { echoAuthorized, startEchoPeer } from './service-socket.js';

/** The rush-scan baseline's POS: a bare ws echo that signs in to the sandbox as a restaurant of its own. */
describe('the echo peer through the sandbox', () => {
  let sandbox: Sandbox | null = null;
  afterEach(async () => {
    await sandbox?.close();
    sandbox = null;
  });

  const bills = [{ id: 'b1', currency: 'CZK', items: [{ id: 'i0', name: 'Pivo', price: '55', quantity: '2', minQuantity: '1', tags: [] }], name: null, created: '2026-11-23T18:00:00.000Z', allowTip: true, allowPartialPayment: true, denyDiscounts: false }];
  const answer = JSON.stringify({ type: 'method-call-response', uuid: randomUUID(), result: bills });

  it('is authorized by its restaurant key, then answers a guest scan with the answer it was given', async () => {
    sandbox = await startSandbox();
    const echo = sandbox.createRestaurant('Echo Bistro');
    const peer = startEchoPeer(sandbox.url, answer, 0, { apiKey: echo.apiKey, posId: randomUUID() });
    const exited = new Promise((r) => peer.once('exit', r));
    await echoAuthorized(peer);
    expect(await sandbox.guestScan({ idTable: 't9', restaurantId: echo.id })).toEqual(bills);
    peer.kill();
    await exited;
  });

  it('says so when the sandbox refuses its key, instead of waiting', async () => {
    sandbox = await startSandbox();
    const peer = startEchoPeer(sandbox.url, answer, 0, { apiKey: 'nope-nope-nope-nope-nope', posId: randomUUID() });
    await expect(echoAuthorized(peer)).rejects.toThrow(/exited .* before it was authorized/);
  });
});
