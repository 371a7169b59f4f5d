import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { truncateSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../main/base/clock.js';
import { markDatabaseCreated } from '../../main/store/index.js';
import { cleanup, tempDir } from '../integration/helpers/harness.js';
import { startHeadless } from '../integration/helpers/headless-process.js';
import { openTestStore } from '../store/test-store.js';
import { seedBill, wirePayment } from '../store/helpers.js';

const root = fileURLToPath(new URL('../../', import.meta.url));

/** The host from source run to its end: its exit code and output. */
async function headless(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'main/headless/cli.ts', ...args], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const [code] = (await once(child, 'close')) as [number | null];
  return { code, stdout, stderr };
}

function payments(file: string): string[] {
  const store = openTestStore({ file, clock: new ManualClock() });
  try {
    return ['p0', 'p1', 'p2', 'late'].filter((id) => store.getPayment(id) !== null);
  } finally {
    store.close();
  }
}

describe('--restore-backup and a database gone missing', () => {
  it('an emptied database refuses the start naming the backup; --restore-backup latest restores it and exits; the host then starts', async () => {
    const dir = tempDir();
    const file = join(dir, 'tableside.sqlite');
    try {
      const store = openTestStore({ file, clock: new ManualClock() });
      for (const i of [0, 1, 2]) {
        seedBill(store, `b${i}`, `t${i}`);
        store.startPayment(wirePayment(`p${i}`, [{ id: 'beer', price: '62.50', quantity: '1' }], { idBill: `b${i}` }));
        store.processPayment(`p${i}`);
      }
      const backup = await store.backup('test');
      seedBill(store, 'bl', 'tl');
      store.startPayment(wirePayment('late', [{ id: 'beer', price: '62.50', quantity: '1' }], { idBill: 'bl' }));
      store.close();
      markDatabaseCreated(file);
      truncateSync(file, 0);

      const refused = await startHeadless(['--no-ui', '--data-dir', dir]).then(
        () => null,
        (e: Error) => e.message,
      );
      expect(refused).toContain('headless exited (3)');
      expect(refused).toContain('DATABASE_MISSING');
      expect(refused).toContain(backup.name);
      expect(refused).toContain('--restore-backup latest');

      const restored = await headless(['--data-dir', dir, '--restore-backup', 'latest']);
      expect(restored.code).toBe(0);
      const line = JSON.parse(restored.stdout.trim()) as { restored: string; keptAside: string };
      expect(line.restored).toBe(backup.path);
      expect(line.keptAside).toContain(join(dir, 'backups', 'replaced-'));
      expect(payments(file)).toEqual(['p0', 'p1', 'p2']);

      const host = await startHeadless(['--no-ui', '--data-dir', dir]);
      expect(host.ready.ready).toBe(true);
      host.child.kill('SIGTERM');
      expect(await host.exited).toBe(0);
    } finally {
      cleanup(dir);
    }
  }, 180_000);

  it('a name that is not in the backups folder is refused with one sentence', async () => {
    const dir = tempDir();
    try {
      const run = await headless(['--data-dir', dir, '--restore-backup', 'tableside-nope.sqlite']);
      expect(run.code).toBe(3);
      expect(run.stderr).toContain(`headless: no backup tableside-nope.sqlite in ${join(dir, 'backups')}`);
      expect(run.stdout).toBe('');
    } finally {
      cleanup(dir);
    }
  }, 60_000);
});
