import { describe, expect, it } from 'vitest';
import { SandboxRequestError, type Sandbox } from '../../sandbox/index.js';
import { credsOf, sampleBook, sandboxFixture } from './helpers/fixture.js';
import type { Outcome } from './helpers/bill-book.js';
import { WsPos } from './helpers/scripted-pos.js';

/**
 * The core's refusals (sandbox/core/errors.ts) reach HTTP through the one table of http/server.ts and
 * the programmatic API through the same table: each code's status and body, pinned, both ways.
 * Requests say `Accept-Language: cs`: these bodies are English whatever the caller asks.
 */
const env = sandboxFixture();

async function controlCs(url: string, path: string, body: unknown): Promise<{ status: number; json: unknown }> {
  const res = await fetch(`${url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'accept-language': 'cs' },
    body: JSON.stringify(body),
  });
  return { status: res.status, json: await res.json() };
}

async function rejection(work: () => unknown): Promise<SandboxRequestError> {
  try {
    await work();
  } catch (e) {
    expect(e).toBeInstanceOf(SandboxRequestError);
    return e as SandboxRequestError;
  }
  throw new Error('expected a SandboxRequestError');
}

/** Same status and body over HTTP and from the programmatic API. */
async function expectBoth(sb: Sandbox, path: string, body: unknown, api: () => unknown, status: number, expected: unknown): Promise<void> {
  const http = await controlCs(sb.url, path, body);
  expect(http).toEqual({ status, json: expected });
  const e = await rejection(api);
  expect({ status: e.status, body: e.body }).toEqual({ status, body: expected });
}

async function withPos(sb: Sandbox, handler: (m: string, a: unknown[]) => Outcome): Promise<void> {
  const pos = await WsPos.connect({ ...credsOf(sb), handler });
  env.defer(() => pos.close());
}

const step = (method: string) => ({ method, ok: true, ms: expect.any(Number) as number });

describe('core refusals as HTTP answers', () => {
  it('BAD_REQUEST and RESTAURANT_NOT_FOUND from injectFault, API_KEY_TAKEN from createRestaurant', async () => {
    const sb = await env.start();
    const http = await controlCs(sb.url, '/sandbox/faults', { kind: 'nope' });
    expect(http.status).toBe(400);
    expect(http.json).toEqual({ code: 'BAD_REQUEST', message: expect.stringMatching(/^kind: /) });
    const e = await rejection(() => sb.injectFault({ kind: 'nope' } as never));
    expect({ status: e.status, body: e.body }).toEqual({ status: 400, body: http.json });

    await expectBoth(sb, '/sandbox/faults', { kind: 'drop', restaurantId: 'nope' }, () => sb.injectFault({ kind: 'drop', restaurantId: 'nope' }), 404, {
      code: 'RESTAURANT_NOT_FOUND',
      message: 'restaurantId: no restaurant "nope" in this sandbox',
    });
    const key = sb.restaurant.apiKey;
    await expectBoth(sb, '/sandbox/restaurants', { name: 'Other', apiKey: key }, () => sb.createRestaurant('Other', key), 409, {
      code: 'API_KEY_TAKEN',
      message: 'apiKey: another restaurant of this sandbox already uses this key',
    });
  });

  it('NO_POS_CONNECTION, then BAD_REQUEST, BILL_NOT_FOUND and NO_OPEN_BILL from the guest flow', async () => {
    const sb = await env.start();
    await expectBoth(sb, '/sandbox/guest/pay', { idTable: 'T1' }, () => sb.guestPay({ idTable: 'T1' }), 409, {
      code: 'NO_POS_CONNECTION',
      message: 'No POS connection is open for this restaurant: start the companion, then try again.',
    });
    const book = sampleBook();
    await withPos(sb, (m, a) => book.handle(m, a));
    const wine = { idTable: 'T1', items: [{ id: 'wine', quantity: '1' }] };
    await expectBoth(sb, '/sandbox/guest/pay', wine, () => sb.guestPay(wine), 400, {
      code: 'BAD_REQUEST',
      message: 'items[0].id: "wine" is not an unpaid item of bill B1',
    });
    await expectBoth(sb, '/sandbox/guest/pay', {}, () => sb.guestPay({} as never), 400, { code: 'BAD_REQUEST', message: expect.stringMatching(/^idTable: /) });
    await expectBoth(sb, '/sandbox/guest/pay', { idTable: 'T1', idBill: 'B9' }, () => sb.guestPay({ idTable: 'T1', idBill: 'B9' }), 404, {
      code: 'BILL_NOT_FOUND',
      message: 'idBill: bill "B9" is not open on table "T1"',
      steps: [step('getTableContents')],
    });
    await expectBoth(sb, '/sandbox/guest/scan', { idTable: 'T1', restaurantId: 'nope' }, () => sb.guestScan({ idTable: 'T1', restaurantId: 'nope' }), 404, {
      code: 'RESTAURANT_NOT_FOUND',
      message: 'restaurantId: no restaurant "nope" in this sandbox',
    });
    await expectBoth(sb, '/sandbox/guest/pay', { idTable: 'T9' }, () => sb.guestPay({ idTable: 'T9' }), 404, {
      code: 'NO_OPEN_BILL',
      message: 'idTable: table "T9" has no open bill',
      steps: [step('getTableContents')],
    });
  });

  it('POS_CALL_FAILED answers 502 with the POS code; NOTHING_TO_PAY 409', async () => {
    const sb = await env.start();
    const empty = { id: 'B0', currency: 'CZK', allowTip: true, allowPartialPayment: true, denyDiscounts: false, items: [] };
    await withPos(sb, (m, a) => {
      if (m === 'getTableContents') return a[0] === 'T0' ? { result: [empty] } : { error: { code: 'TABLE_CLOSED', message: 'the table is closed' } };
      return m === 'getBill' ? { result: empty } : { error: { code: 'METHOD_NOT_SUPPORTED', message: m } };
    });
    await expectBoth(sb, '/sandbox/guest/scan', { idTable: 'T1' }, () => sb.guestScan({ idTable: 'T1' }), 502, {
      code: 'TABLE_CLOSED',
      message: 'getTableContents failed: the table is closed',
      steps: [{ method: 'getTableContents', ms: expect.any(Number), ok: false, error: { code: 'TABLE_CLOSED', message: 'the table is closed' } }],
    });
    await expectBoth(sb, '/sandbox/guest/pay', { idTable: 'T0' }, () => sb.guestPay({ idTable: 'T0' }), 409, {
      code: 'NOTHING_TO_PAY',
      message: 'idBill: bill B0 has nothing left to pay',
    });
  });

  it('NOT_ON_MENU answers 409 with the items a guest order names off the pushed menu', async () => {
    const sb = await env.start();
    await withPos(sb, () => ({ error: { code: 'METHOD_NOT_SUPPORTED', message: 'none' } }));
    await expectBoth(
      sb,
      '/sandbox/guest/order',
      { idTable: 'T1', items: [{ id: 'beer', quantity: '1' }] },
      () => sb.guestOrder({ idTable: 'T1', items: [{ id: 'beer', quantity: '1' }] }),
      409,
      {
        code: 'NOT_ON_MENU',
        message: 'items: the POS has pushed no menu yet (update-menus)',
        items: ['beer'],
      },
    );
  });
});
