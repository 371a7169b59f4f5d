import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { pino } from 'pino';
import { batchLines, resilientSink, SINK_RETRY_MS } from '../../main/base/log.js';
import { LOG_FILE_BASE } from '../../main/base/logging/file-logger.js';

/** /dev/full answers every write with ENOSPC: a full disk, for real, without filling one. */
const FULL = '/dev/full';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

const localDate = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

function run(script: string, args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('a full disk under the log', () => {
  it('drops lines, counted, instead of throwing; and writes again once the disk has space', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tableside-full-sink-'));
    dirs.push(dir);
    const file = join(dir, 'app.log');
    symlinkSync(FULL, file);
    let now = 1_000;
    const stream = pino.destination({ dest: file, sync: false, minLength: 1 });
    await once(stream, 'ready');
    const sink = resilientSink(stream, () => now);
    const batch = batchLines(sink);
    const flushed = () => new Promise<void>((resolve) => batch.flush(() => resolve()));
    for (let i = 0; i < 500; i++) batch.write(`{"i":${i},"pad":"${'x'.repeat(100)}"}\n`);
    await flushed();
    // The failed write is reported asynchronously: the lines after it are dropped and counted.
    for (let i = 0; i < 10; i++) batch.write(`{"dropped":${i}}\n`);
    await flushed();
    expect(sink.health()).toEqual({ failing: 'ENOSPC', droppedLines: 10 });

    // Space comes back; before the retry interval nothing is tried, after it the file is opened again.
    rmSync(file);
    now += SINK_RETRY_MS - 1;
    batch.write('{"still":"dropped"}\n');
    await flushed();
    expect(sink.health()).toEqual({ failing: 'ENOSPC', droppedLines: 11 });
    now += 1;
    batch.write('{"back":true}\n');
    await flushed();
    expect(sink.health()).toEqual({ failing: null, droppedLines: 11 });
    // What the stream held when the disk filled is written now; what was dropped (and counted) is not.
    const lines = readFileSync(file, 'utf8').trimEnd().split('\n');
    expect(lines.at(-1)).toBe('{"back":true}');
    expect(lines.filter((l) => l.includes('dropped'))).toEqual([]);
    expect(lines).toContain(`{"i":499,"pad":"${'x'.repeat(100)}"}`);
  });

  it("the hosts' file logger on a full disk logs, flushes and exits, without an uncaught error", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tableside-full-disk-'));
    dirs.push(dir);
    mkdirSync(join(dir, 'logs'));
    // The rolling file of today (and of tomorrow, should the run cross midnight) is the full device.
    for (const day of [new Date(), new Date(Date.now() + 86_400_000)]) symlinkSync(FULL, join(dir, 'logs', `${LOG_FILE_BASE}.${localDate(day)}.1.log`));
    const { code, stdout, stderr } = await run(join(import.meta.dirname, 'fixtures', 'full-disk-child.ts'), [dir]);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    const health = JSON.parse(stdout.trim()) as { failing: string; droppedLines: number };
    expect(health.failing).toBe('ENOSPC');
    expect(health.droppedLines).toBeGreaterThan(0);
  }, 60_000);
});
