import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompanionEvent, ConnectionStatus } from '../../preload/contract.js';
import { createCompanion } from '../../main/app/companion.js';
import { createRestartableCore, type RestartableCore } from '../../main/app/diagnostics/restartable-core.js';
import { silentLogger } from '../../main/base/log.js';
import type { Sandbox } from '../../sandbox/index.js';
import { BEER, cleanup, FAST, PosApi, sandboxFor, tempDir } from '../integration/helpers/harness.js';

/**
 * The crash policy's "restart the core": the real composition root against the real sandbox,
 * stopped and built again under the same api. Listeners registered before the restart hear the
 * new core; commands reach it; the bills survive (the same SQLite file, closed and reopened).
 */
describe('a restartable core', () => {
  let sandbox: Sandbox;
  let core: RestartableCore;
  const dataDir = tempDir();
  const events: CompanionEvent[] = [];
  const waiters = new Set<() => void>();
  let creations = 0;

  /** Resolves once an event heard after the first `after` ones matches. */
  const waitForEvent = (match: (e: CompanionEvent) => boolean, what: string, after: number) =>
    new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no ${what}`)), 15_000);
      const check = () => {
        if (events.slice(after).some(match)) {
          clearTimeout(timer);
          waiters.delete(check);
          resolve();
        }
      };
      waiters.add(check);
      check();
    });
  const waitForStatus = (status: ConnectionStatus, after: number) =>
    waitForEvent((e) => e.type === 'connection' && e.connection.status === status, `${status} session event`, after);

  beforeAll(async () => {
    sandbox = await sandboxFor();
    const posId = randomUUID();
    core = await createRestartableCore(() => {
      creations++;
      return createCompanion({
        dataDir,
        apiKey: sandbox.restaurant.apiKey,
        settings: { environment: 'sandbox', serviceUrl: sandbox.url, transport: 'ws', posApiPort: 0, posId },
        log: silentLogger(),
        tuning: FAST,
      });
    }, silentLogger());
    core.api.onEvent((e) => {
      events.push(e);
      for (const w of [...waiters]) w();
    });
    await core.start();
    await waitForStatus('connected', 0);
  }, 60_000);

  afterAll(async () => {
    await core.stop();
    await sandbox.close();
    cleanup(dataDir);
  });

  it('keeps the api, its listeners and the data across a restart; commands reach the new core', async () => {
    await new PosApi(core.posApiUrl, core.posApiToken).seed('t1', 'b1', [BEER]);
    const before = events.length;
    await core.restart();
    expect(creations).toBe(2);
    await waitForStatus('connected', before);
    const snapshot = await core.api.getSnapshot();
    expect(snapshot.tables.map((t) => t.id)).toEqual(['t1']);
    // The new core's own local API (a new server) answers with the bill the old one stored.
    const bill = await new PosApi(core.posApiUrl, core.posApiToken).bill('b1');
    expect(bill.status).toBe(200);
    const opened = await core.api.openBill({ tableId: 't1', name: 'after restart' });
    expect(opened.ok).toBe(true);
    // A guest payment goes through the new link: the service reaches the new core.
    const paid = await sandbox.guestPay({ idTable: 't1', idBill: 'b1', items: [{ id: 'beer', quantity: '1' }] });
    expect(paid.payment.state).toBe('PAID');
  }, 60_000);

  it('hands a listener only the event types it asked for, before and after a restart', async () => {
    // The core builds views only while some listener wants them: a types list dropped on the way
    // would make the tray's session listener cost every commit a view.
    const heard: string[] = [];
    const off = core.api.onEvent((e) => heard.push(e.type), ['connection']);
    const viewOf = (tableId: string, after: number) => waitForEvent((e) => e.type === 'table' && e.table.id === tableId, `table view of ${tableId}`, after);
    let from = events.length;
    await new PosApi(core.posApiUrl, core.posApiToken).seed('t5', 'b5', [BEER]);
    await viewOf('t5', from);
    from = events.length;
    await core.restart();
    await waitForStatus('connected', from);
    from = events.length;
    await new PosApi(core.posApiUrl, core.posApiToken).seed('t6', 'b6', [BEER]);
    await viewOf('t6', from);
    off();
    expect(heard).toContain('connection');
    expect([...new Set(heard)]).toEqual(['connection']);
  }, 60_000);
});
