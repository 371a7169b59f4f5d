import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmdirSync, rmSync, statfsSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { CompanionEvent, DiskView } from '../../preload/contract.js';
import { ManualClock } from '../../main/base/clock.js';
import { silentLogger } from '../../main/base/log.js';
import { createDiskWatch, DISK_CHECK_MS, LOW_DISK_BYTES, lowDiskBytes } from '../../main/app/disk-watch.js';
import { sandboxFor, startCompanion } from '../integration/helpers/harness.js';

const MB = 1024 * 1024;
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

describe('the free-space watch', () => {
  it('measures at start and every interval on the clock, says when low space begins, moves and ends', () => {
    const clock = new ManualClock(0);
    let free = 900 * MB;
    const told: DiskView[] = [];
    const watch = createDiskWatch({ dir: '/data', clock, log: silentLogger(), lowBytes: 500 * MB, freeBytes: () => free, changed: (v) => told.push(v) });
    expect(watch.view()).toEqual({ lowSpace: false, freeBytes: -1 });
    watch.start();
    expect(watch.view()).toEqual({ lowSpace: false, freeBytes: 900 * MB });
    expect(told).toEqual([]);

    free = 400 * MB;
    clock.advance(DISK_CHECK_MS - 1);
    expect(watch.view().lowSpace).toBe(false);
    clock.advance(1);
    expect(told).toEqual([{ lowSpace: true, freeBytes: 400 * MB }]);
    free = 300 * MB;
    clock.advance(DISK_CHECK_MS);
    expect(told.at(-1)).toEqual({ lowSpace: true, freeBytes: 300 * MB });
    clock.advance(DISK_CHECK_MS); // unchanged: nothing new to say
    expect(told).toHaveLength(2);

    free = 2_000 * MB;
    clock.advance(DISK_CHECK_MS);
    expect(told.at(-1)).toEqual({ lowSpace: false, freeBytes: 2_000 * MB });
    free = 1_900 * MB; // room enough: the figure alone is not news
    clock.advance(DISK_CHECK_MS);
    expect(told).toHaveLength(3);
    expect(watch.view()).toEqual({ lowSpace: false, freeBytes: 1_900 * MB });

    watch.stop();
    free = 1;
    clock.advance(10 * DISK_CHECK_MS);
    expect(watch.view().lowSpace).toBe(false);
  });

  it('keeps the last state when the volume cannot be measured', () => {
    const clock = new ManualClock(0);
    let fail = false;
    const watch = createDiskWatch({
      dir: '/data',
      clock,
      log: silentLogger(),
      lowBytes: 500 * MB,
      freeBytes: () => {
        if (fail) throw Object.assign(new Error('EIO'), { code: 'EIO' });
        return 100 * MB;
      },
      changed: () => undefined,
    });
    watch.start();
    fail = true;
    clock.advance(DISK_CHECK_MS);
    expect(watch.view()).toEqual({ lowSpace: true, freeBytes: 100 * MB });
  });

  it('takes the threshold in megabytes from TABLESIDE_LOW_DISK_MB, else 500 MB', () => {
    expect(lowDiskBytes({})).toBe(LOW_DISK_BYTES);
    expect(LOW_DISK_BYTES).toBe(500 * MB);
    expect(lowDiskBytes({ TABLESIDE_LOW_DISK_MB: '2048' })).toBe(2048 * MB);
    expect(lowDiskBytes({ TABLESIDE_LOW_DISK_MB: 'lots' })).toBe(LOW_DISK_BYTES);
    expect(lowDiskBytes({ TABLESIDE_LOW_DISK_MB: '' })).toBe(LOW_DISK_BYTES);
  });

  it("measures the data folder's real volume with statfs", () => {
    const dir = mkdtempSync(join(tmpdir(), 'tableside-statfs-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const watch = createDiskWatch({ dir, clock: new ManualClock(0), log: silentLogger(), lowBytes: 0, changed: () => undefined });
    watch.start();
    const s = statfsSync(dir);
    // Other processes write meanwhile: the same volume within a few megabytes.
    expect(Math.abs(watch.view().freeBytes - s.bavail * s.bsize)).toBeLessThan(64 * MB);
    watch.stop();
  });
});

describe('a companion whose data folder runs low on space', () => {
  it('says so in the snapshot, an event, Companion.disk() and GET /v1/health, and clears by itself when space returns', async () => {
    // A real volume: a 32 MB tmpfs (root, as the test machines run), filled and emptied by a file.
    const dataDir = mkdtempSync(join(tmpdir(), 'tableside-low-'));
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=32m', 'tmpfs', dataDir]);
    cleanups.push(() => {
      execFileSync('umount', ['--lazy', dataDir]);
      rmdirSync(dataDir);
    });
    const sandbox = await sandboxFor();
    cleanups.push(() => sandbox.close());
    const clock = new ManualClock(Date.now());
    const running = await startCompanion(sandbox, 'ws', { dataDir, clock, disk: { lowBytes: 12 * MB, intervalMs: 60_000 } });
    cleanups.push(() => running.stop());
    const { companion, events } = running;
    const diskEvents = () => events.filter((e): e is Extract<CompanionEvent, { type: 'disk' }> => e.type === 'disk').map((e) => e.disk);

    expect((await companion.api.getSnapshot()).disk).toMatchObject({ lowSpace: false });
    expect(companion.disk().freeBytes).toBeGreaterThan(12 * MB);

    const filler = join(dataDir, 'filler');
    writeFileSync(filler, Buffer.alloc(24 * MB, 1));
    await clock.advanceAsync(60_000);
    expect(diskEvents()).toEqual([{ lowSpace: true, freeBytes: expect.any(Number) }]);
    expect(diskEvents()[0]!.freeBytes).toBeLessThan(12 * MB);
    expect((await companion.api.getSnapshot()).disk.lowSpace).toBe(true);
    expect(companion.disk().lowSpace).toBe(true);
    // The POS's monitoring reads the same facts from the local POS API.
    const health = await fetch(`${companion.posApiUrl}/health`, { headers: { authorization: `Bearer ${companion.posApiToken}` } });
    expect(await health.json()).toMatchObject({ connection: { status: companion.connection().status }, disk: { lowSpace: true } });

    rmSync(filler);
    await clock.advanceAsync(60_000);
    expect(diskEvents().at(-1)).toMatchObject({ lowSpace: false });
    expect((await companion.api.getSnapshot()).disk.lowSpace).toBe(false);
  });
});
