import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonBytes, MAX_ADDITIONAL_DATA_BYTES, MAX_BILL_BYTES, MAX_BILL_ITEMS, MAX_ITEM_NAME_CHARS } from '../../main/base/wire/index.js';
import { toWireBill, type BillWithItems } from '../../main/store/index.js';
import type { Sandbox } from '../../sandbox/index.js';
import { cleanup, sandboxFor, startCompanion, type AnyKind, type Running } from './helpers/harness.js';

/**
 * The largest bill the POS API accepts reaches a guest's scan whole on every transport; one byte
 * more is refused when it arrives (400 naming the field), never when a guest scans the table.
 */

interface Line {
  id: string;
  name: string;
  price: string;
  quantity: string;
}

/** additionalData of exactly `bytes` bytes as JSON. */
const extraOf = (bytes: number) => ({ note: 'n'.repeat(bytes - jsonBytes({ note: '' })) });

/** The bill as the service will see it (prices as stored: canonical, so "1" not "1.00"), measured as the companion measures it. */
function wireBytes(billId: string, lines: Line[], extra: unknown): number {
  const stored: BillWithItems = {
    id: billId,
    tableId: 'big',
    name: `Bill ${billId}`,
    currency: 'CZK',
    state: 'OPEN',
    allowTip: true,
    allowPartialPayment: true,
    denyDiscounts: false,
    additionalData: extra,
    waiter: null,
    created: new Date().toISOString(),
    updated: new Date().toISOString(),
    items: lines.map((l, position) => ({ ...l, position, minQuantity: '1', tags: [], paidQuantity: '0', lockedQuantity: '0' })),
  };
  return jsonBytes(toWireBill(stored));
}

/** Lines whose bill (with `extra`) is exactly `target` bytes as sent to the service. */
function linesOfSize(billId: string, target: number, extra: unknown): Line[] {
  const lines: Line[] = Array.from({ length: 1_200 }, (_, i) => ({ id: `l-${i}`, name: `Line ${i} `, price: '1', quantity: '1' }));
  let missing = target - wireBytes(billId, lines, extra);
  // Each ASCII letter of a name adds one byte: spread what is missing over the names.
  for (const line of lines) {
    const add = Math.min(missing, MAX_ITEM_NAME_CHARS - line.name.length);
    line.name += 'x'.repeat(add);
    missing -= add;
  }
  expect(missing).toBe(0);
  expect(wireBytes(billId, lines, extra)).toBe(target);
  return lines;
}

describe.each<AnyKind>(['ws', 'longpoll', 'webhook'])('a bill at the size limits, over %s', (kind) => {
  let sandbox: Sandbox;
  let pos: Running;
  beforeAll(async () => {
    sandbox = await sandboxFor({ webhookPingMs: 0 });
    pos = await startCompanion(sandbox, kind);
    await pos.waitForStatus('connected');
    const table = await pos.pos.call('PUT', '/tables/big', { name: 'Big', area: 'Hall' });
    expect(table.status).toBe(201);
  });
  afterAll(async () => {
    await pos.stop();
    await sandbox.close();
    cleanup(pos.dataDir);
  });

  const put = (billId: string, items: Line[], additionalData: unknown) =>
    pos.pos.call('PUT', `/bills/${billId}`, { tableId: 'big', currency: 'CZK', name: `Bill ${billId}`, items, additionalData });

  it('accepts the largest bill and a guest scan gets it whole', async () => {
    const extra = extraOf(MAX_ADDITIONAL_DATA_BYTES);
    const items = linesOfSize('largest', MAX_BILL_BYTES, extra);
    expect((await put('largest', items, extra)).status).toBe(201);

    const scan = await sandbox.callPos('getTableContents', ['big', null]);
    if (!('result' in scan)) throw new Error(`scan failed: ${JSON.stringify(scan)}`);
    const bills = scan.result as { id: string; items: { id: string; name: string }[]; additionalData: unknown }[];
    expect(bills.map((b) => b.id)).toEqual(['largest']);
    expect(jsonBytes(bills[0])).toBe(MAX_BILL_BYTES);
    expect(bills[0]!.items.map((i) => i.name)).toEqual(items.map((i) => i.name));
    expect(bills[0]!.additionalData).toEqual(extra);
    expect((await pos.pos.call('DELETE', '/bills/largest')).status).toBe(200);
  });

  it('refuses one byte more with 400 naming the field, and keeps nothing', async () => {
    const overBill = await put('over', linesOfSize('over', MAX_BILL_BYTES + 1, null), null);
    expect(overBill.status).toBe(400);
    expect(overBill.body.error).toMatchObject({ code: 'BAD_REQUEST', field: 'items', message: expect.stringContaining(`at most ${MAX_BILL_BYTES}`) });

    const overExtra = await put('over', [{ id: 'a', name: 'A', price: '1.00', quantity: '1' }], extraOf(MAX_ADDITIONAL_DATA_BYTES + 1));
    expect(overExtra.status).toBe(400);
    expect(overExtra.body.error).toMatchObject({ code: 'BAD_REQUEST', field: 'additionalData' });

    const tooMany = Array.from({ length: MAX_BILL_ITEMS + 1 }, (_, i) => ({ id: `m-${i}`, name: 'M', price: '1.00', quantity: '1' }));
    const overCount = await put('over', tooMany, null);
    expect(overCount.status).toBe(400);
    expect(overCount.body.error).toMatchObject({ code: 'BAD_REQUEST', field: 'items' });

    expect((await pos.pos.bill('over')).status).toBe(404);
    const scan = await sandbox.callPos('getTableContents', ['big', null]);
    expect(scan).toEqual({ result: [] });
  });
});
