import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import BetterSqlite3 from 'better-sqlite3';
import { beforeAll, describe, expect, it } from 'vitest';
import type * as ThreadModule from '../../main/store/engine/checkpoint-thread.js';
import type { WorkerReply } from '../../main/store/engine/checkpoint-worker.js';

const run = promisify(execFile);
const THREAD = 'dist/main/store/engine/checkpoint-thread.js';

beforeAll(async () => {
  // npm run build makes it; run alone, the Node side's tsc output is enough.
  if (!existsSync(THREAD)) await run(process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.build.json'], { maxBuffer: 64 * 1024 * 1024 });
}, 300_000);

describe('the checkpoint thread as built into dist/ (tsc)', () => {
  it('starts its worker from the compiled file beside it, which checkpoints the WAL', async () => {
    expect(existsSync('dist/main/store/engine/checkpoint-worker.js')).toBe(true);
    const { startCheckpointThread } = (await import(pathToFileURL(THREAD).href)) as typeof ThreadModule;
    const dir = mkdtempSync(join(tmpdir(), 'tableside-dist-worker-'));
    const file = join(dir, 'bills.sqlite');
    const db = new BetterSqlite3(file);
    try {
      db.pragma('journal_mode = WAL');
      db.pragma('wal_autocheckpoint = 0');
      db.exec('CREATE TABLE t (x TEXT)');
      for (let i = 0; i < 50; i++) db.prepare('INSERT INTO t VALUES (?)').run('x'.repeat(2000));
      let gone = false;
      let thread: ThreadModule.CheckpointThread | undefined;
      const reply = await new Promise<WorkerReply>((resolve) => {
        thread = startCheckpointThread({ file, onReply: resolve, onGone: () => (gone = true) });
        expect(thread.post('PASSIVE')).toBe(true);
      });
      thread!.close();
      expect(reply).toMatchObject({ type: 'done', mode: 'PASSIVE', busy: 0 });
      expect((reply as { log: number; checkpointed: number }).checkpointed).toBe((reply as { log: number }).log);
      expect((reply as { log: number }).log).toBeGreaterThan(0);
      expect(gone).toBe(false);
    } finally {
      db.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
