import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompanionEvent } from '../../preload/contract.js';
import { pino } from 'pino';
import { ManualClock } from '../../main/base/clock.js';
import { createCompanion } from '../../main/app/companion.js';
import { RECOVERY_SWEEP_MS } from '../../main/adapters/connection/connection.js';
import type { Sandbox } from '../../sandbox/index.js';
import { LogSink } from '../transport/helpers/wait.js';
import { BEER, MANUAL, PosApi, sandboxFor, tempDir } from './helpers/harness.js';

const CALL_TIMEOUT_MS = 400;

describe('the recovery sweep while the link stays up', () => {
  let sandbox: Sandbox;
  const dataDir = tempDir();
  beforeAll(async () => {
    // A short call time-out: a paymentClosed held back longer is given up by the service, never delivered.
    sandbox = await sandboxFor({ callTimeoutMs: CALL_TIMEOUT_MS });
  });
  afterAll(async () => {
    await sandbox.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('settles a payment whose paymentClosed never arrived at the next sweep (5 min on the clock), without a reconnect, exactly once', async () => {
    const posId = randomUUID();
    const clock = new ManualClock(Date.now());
    const sink = new LogSink();
    const companion = await createCompanion({
      dataDir,
      apiKey: sandbox.restaurant.apiKey,
      settings: { environment: 'sandbox', serviceUrl: sandbox.url, transport: 'ws', posApiPort: 0, posId },
      log: pino({ level: 'info', base: undefined }, sink),
      clock,
      tuning: { ...MANUAL, pingIntervalMs: 3_600_000 },
    });
    const sweepStarted = clock.now();
    const events: CompanionEvent[] = [];
    const paid = new Promise<void>((resolve) =>
      companion.api.onEvent((e) => {
        events.push(e);
        if (e.type === 'notice' && e.notice.kind === 'paid') resolve();
      }),
    );
    await companion.start();
    try {
      const pos = new PosApi(companion.posApiUrl, companion.posApiToken);
      await pos.seed('t1', 'b1', [BEER]);
      // Manual capture: the guest's money is authorised, the items stay locked until the capture.
      const authorized = await sandbox.guestPay({ idTable: 't1', captureMode: 'manual', items: [{ id: 'beer', quantity: '1' }] });
      expect(authorized.outcome).toBe('authorized');
      const session = (await companion.api.getSnapshot()).connection;
      expect(session.status).toBe('connected');
      const seen = events.length;

      // The capture's paymentClosed(PAID) is held back past the call time-out, so it is lost.
      sandbox.injectFault({ kind: 'delay', ms: CALL_TIMEOUT_MS * 5 });
      const capture = await fetch(`${sandbox.url}/api/v2/pos/payment/${authorized.payment.id}/capture`, {
        method: 'POST',
        headers: { authorization: `Bearer ${sandbox.restaurant.apiKey}`, 'pos-id': posId, 'content-type': 'application/json' },
        body: JSON.stringify({
          receiptInfo: { billName: 'b1', timestamp: new Date().toISOString(), serial: '1' },
          items: [],
          receiptDeliveryType: 'QERKO_GENERATED',
        }),
      });
      expect(capture.status).toBe(200);

      // The sweep runs every RECOVERY_SWEEP_MS from the start: not a millisecond early.
      await clock.advanceAsync(sweepStarted + RECOVERY_SWEEP_MS - 1 - clock.now());
      expect(sink.has('recovery sweep: checking pending payments')).toBe(false);
      expect((await pos.bill('b1')).body.items[0]).toMatchObject({ paidQuantity: '0', lockedQuantity: '1' });
      await clock.advanceAsync(1);
      expect(sink.lines.filter((l) => l.msg === 'recovery sweep: checking pending payments')).toEqual([expect.objectContaining({ pending: 1 })]);
      await paid;
      const bill = (await pos.bill('b1')).body;
      expect(bill.items[0]).toMatchObject({ paidQuantity: '1', lockedQuantity: '0' });
      const log = (await pos.call('GET', '/events?after=0')).body as { kind: string; paymentId: string }[];
      expect(log.filter((e) => e.kind === 'payment.paid' && e.paymentId === authorized.payment.id)).toHaveLength(1);
      // Settled by the sweep on the same link: the session never went down.
      const after = (await companion.api.getSnapshot()).connection;
      expect(after).toMatchObject({ status: 'connected', since: session.since });
      expect(events.slice(seen).filter((e) => e.type === 'connection' && e.connection.status !== 'connected')).toEqual([]);
    } finally {
      await companion.stop();
    }
  });
});
