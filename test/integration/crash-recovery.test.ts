import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../sandbox/index.js';
import { BEER, GOULASH, cleanup, PosApi, sandboxFor, tempDir } from './helpers/harness.js';
import { startHeadless } from './helpers/headless-process.js';

/** Reads the POS API's SSE stream until an event matches; bounded by a deadline. */
async function waitForStreamEvent(pos: PosApi, match: (e: { kind: string; paymentId: string | null }) => boolean, deadlineMs = 30_000) {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), deadlineMs);
  try {
    const res = await fetch(`${pos.base}/events?after=0`, {
      headers: { authorization: `Bearer ${pos.token}`, accept: 'text/event-stream' },
      signal: controller.signal,
    });
    expect(res.headers.get('content-type')).toMatch(/text\/event-stream/);
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    for (;;) {
      const { value, done } = await reader.read();
      if (done) throw new Error('event stream ended');
      buffer += decoder.decode(value, { stream: true });
      for (const line of buffer.split('\n')) {
        if (!line.startsWith('data:')) continue;
        const event = JSON.parse(line.slice(5)) as { kind: string; paymentId: string | null };
        if (match(event)) return event;
      }
      buffer = buffer.slice(buffer.lastIndexOf('\n') + 1);
    }
  } finally {
    clearTimeout(timer);
    controller.abort();
  }
}

describe('a crash between paymentProcessed and paymentClosed', () => {
  let sandbox: Sandbox;
  const dataDir = tempDir();

  beforeAll(async () => {
    sandbox = await sandboxFor();
  });
  afterAll(async () => {
    await sandbox.close();
    cleanup(dataDir);
  });

  it('is settled by recovery when the host restarts: the payment is applied exactly once', async () => {
    const posId = randomUUID();
    const flags = [
      '--data-dir',
      dataDir,
      '--service-url',
      sandbox.url,
      '--api-key',
      sandbox.restaurant.apiKey,
      '--pos-id',
      posId,
      '--transport',
      'ws',
      '--pos-api-port',
      '0',
      '--no-ui',
    ];
    const first = await startHeadless(flags);
    expect(first.ready).toMatchObject({ ready: true, transport: 'ws' });
    expect(first.ready.posApi).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1$/);
    const pos1 = new PosApi(first.ready.posApi, first.ready.posApiToken);
    await pos1.seed('t1', 'b1', [BEER, GOULASH]);

    // Manual capture stops the flow after paymentProcessed: the items are locked, not yet paid.
    const authorized = await sandbox.guestPay({ idTable: 't1', captureMode: 'manual', items: [{ id: 'beer', quantity: '2' }] });
    expect(authorized.outcome).toBe('authorized');
    expect((await pos1.bill('b1')).body.items[0]).toMatchObject({ lockedQuantity: '2', paidQuantity: '0' });

    first.child.kill('SIGKILL');
    await first.exited;

    // The payment completes while the POS is down: its paymentClosed cannot be delivered.
    const receipt = { receiptInfo: { billName: 'b1', timestamp: new Date().toISOString(), serial: '1' }, items: [], receiptDeliveryType: 'QERKO_GENERATED' };
    const capture = await fetch(`${sandbox.url}/api/v2/pos/payment/${authorized.payment.id}/capture`, {
      method: 'POST',
      headers: { authorization: `Bearer ${sandbox.restaurant.apiKey}`, 'pos-id': posId, 'content-type': 'application/json' },
      body: JSON.stringify(receipt),
    });
    expect(capture.status).toBe(200);

    const second = await startHeadless(flags);
    try {
      const pos2 = new PosApi(second.ready.posApi, second.ready.posApiToken);
      await waitForStreamEvent(pos2, (e) => e.kind === 'payment.paid' && e.paymentId === authorized.payment.id);
      const bill = (await pos2.bill('b1')).body;
      expect(bill.items[0]).toMatchObject({ paidQuantity: '2', lockedQuantity: '0' });
      expect(bill.totals).toMatchObject({ paid: '124.00', due: '583.00' });
      const events = (await pos2.call('GET', '/events?after=0')).body as { kind: string; paymentId: string }[];
      expect(events.filter((e) => e.kind === 'payment.paid' && e.paymentId === authorized.payment.id)).toHaveLength(1);
    } finally {
      second.child.kill('SIGTERM');
      expect(await second.exited).toBe(0);
    }
    // Secrets never reach the log, through a crash, a restart and a recovery.
    for (const host of [first, second]) {
      expect(host.stderr()).not.toContain(sandbox.restaurant.apiKey);
      expect(host.stderr()).not.toContain(host.ready.posApiToken);
    }
  });
});

describe('the headless host in demo mode', () => {
  const dataDir = tempDir();
  afterAll(() => cleanup(dataDir));

  it('starts an embedded sandbox with seeded bills, takes a guest payment, and stops cleanly on SIGTERM', async () => {
    const host = await startHeadless(['--data-dir', dataDir, '--pos-api-port', '0', '--no-ui']);
    try {
      expect(host.ready).toMatchObject({ ready: true, transport: 'ws', demo: true });
      const pos = new PosApi(host.ready.posApi, host.ready.posApiToken);
      const tables = (await pos.call('GET', '/tables')).body as unknown[];
      expect(tables.length).toBeGreaterThan(5);
      const open = (await pos.call('GET', '/bills?state=OPEN')).body as { id: string; tableId: string }[];
      expect(open.length).toBeGreaterThan(0);
      const paid = waitForStreamEvent(pos, (e) => e.kind === 'payment.paid');
      const res = await fetch(`${host.ready.sandbox}/sandbox/guest/pay`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ idTable: open[0]!.tableId }),
      });
      expect(res.status).toBe(200);
      await paid;
      expect(host.stderr()).not.toContain(host.ready.posApiToken);
    } finally {
      host.child.kill('SIGTERM');
    }
    expect(await host.exited).toBe(0);
  });
});
