import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { CompanionEvent } from '../../preload/contract.js';
import { ManualClock } from '../../main/base/clock.js';
import { LOCK_CHECK_MS, LOCK_SHOWN_AFTER_MS } from '../../main/app/database-watch.js';
import { sandboxFor, startCompanion } from '../integration/helpers/harness.js';
import { holdWriteLock } from './lock-holder.js';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

describe('a companion whose bill database another process holds', () => {
  it('says so in the snapshot, an event, Companion.database() and GET /v1/health once refusals last, and clears by itself', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'tableside-held-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const sandbox = await sandboxFor();
    cleanups.push(() => sandbox.close());
    const clock = new ManualClock(Date.now());
    const running = await startCompanion(sandbox, 'ws', { dataDir, clock });
    cleanups.push(() => running.stop());
    const { companion, events } = running;
    const lockEvents = () => events.filter((e): e is Extract<CompanionEvent, { type: 'database' }> => e.type === 'database').map((e) => e.database);
    const auth = { authorization: `Bearer ${companion.posApiToken}` };
    const health = async () => (await (await fetch(`${companion.posApiUrl}/health`, { headers: auth })).json()) as { database: unknown };
    expect((await companion.api.getSnapshot()).database).toEqual({ locked: false, since: null });
    expect(await health()).toMatchObject({ database: { locked: false, since: null } });

    const holder = await holdWriteLock(join(dataDir, 'tableside.sqlite'));
    cleanups.push(() => holder.release().catch(() => undefined));
    const put = await fetch(`${companion.posApiUrl}/tables/t1`, {
      method: 'PUT',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Table 1' }),
    });
    expect(put.status).toBe(503);
    const since = clock.now();
    await clock.advanceAsync(LOCK_SHOWN_AFTER_MS + LOCK_CHECK_MS);
    expect(lockEvents()).toEqual([{ locked: true, since }]);
    expect((await companion.api.getSnapshot()).database).toEqual({ locked: true, since });
    expect(companion.database()).toEqual({ locked: true, since });
    expect(await health()).toMatchObject({ database: { locked: true, since: new Date(since).toISOString() } });

    await holder.release();
    await clock.advanceAsync(LOCK_CHECK_MS);
    expect(lockEvents().at(-1)).toEqual({ locked: false, since: null });
    expect(await health()).toMatchObject({ database: { locked: false, since: null } });
    const again = await fetch(`${companion.posApiUrl}/tables/t1`, {
      method: 'PUT',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Table 1' }),
    });
    expect(again.status).toBeLessThan(300);
  });
});
