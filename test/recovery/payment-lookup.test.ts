import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { silentLogger } from '../../main/base/log.js';
import { paymentLookup } from '../../main/features/payments/recovery/index.js';
import { createServiceClient } from '../../main/base/service/index.js';
import { startSandbox } from '../../sandbox/index.js';
import { sampleBook } from '../sandbox/helpers/fixture.js';
import { WsPos } from '../sandbox/helpers/scripted-pos.js';
import { recordingProxy } from './helpers/recording-proxy.js';

/**
 * How recovery asks the service about a payment, over real HTTP to the sandbox: the v2 GET on the
 * WebSocket and long-poll transports, the v4 POST on webhooks; 404 is null, an unreachable
 * service throws (so the caller asks again later).
 */
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

describe('paymentLookup', () => {
  it('asks GET /api/v2/pos/payment/<id> or POST /api/v4/pos/get-payment, 404 → null, no service → throws', async () => {
    const sandbox = await startSandbox({ callTimeoutMs: 5_000 });
    cleanups.push(() => sandbox.close());
    const posId = randomUUID();
    const book = sampleBook();
    const pos = await WsPos.connect({ url: sandbox.url, apiKey: sandbox.restaurant.apiKey, posId, handler: (method, args) => book.handle(method, args) });
    cleanups.push(() => pos.close());
    const paid = await sandbox.guestPay({ idTable: 'T1' });
    expect(paid.outcome).toBe('paid');
    const id = paid.payment.id;

    const proxy = await recordingProxy(sandbox.url);
    cleanups.push(() => proxy.close()); // closing twice is harmless
    const client = createServiceClient({ baseUrl: proxy.url, apiKey: sandbox.restaurant.apiKey, posId, log: silentLogger(), timeoutMs: 2_000 });
    const v2 = paymentLookup(client, 'ws');
    const v4 = paymentLookup(client, 'webhook');

    expect(await v2(id)).toMatchObject({ id, state: 'PAID' });
    expect(await v4(id)).toMatchObject({ id, state: 'PAID' });
    expect(proxy.seen).toEqual([`GET /api/v2/pos/payment/${id}`, 'POST /api/v4/pos/get-payment']);

    expect(await v2('no-such-payment')).toBeNull();
    expect(await v4('no-such-payment')).toBeNull();

    await proxy.close();
    await expect(v2(id)).rejects.toThrow();
    await expect(v4(id)).rejects.toThrow();
  });
});
