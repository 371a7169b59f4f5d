import { existsSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { workerScript } from '../../main/store/engine/checkpoint-thread.js';
import { runCheckpointWorker } from './checkpoint-worker-run.js';

describe('the checkpoint worker script (checkpoint-thread.ts workerScript)', () => {
  it('is the worker beside the thread, compiled as the thread was: .js in dist/, .mjs in the bundle', () => {
    expect(workerScript('file:///app/dist/main/store/engine/checkpoint-thread.js').href).toBe('file:///app/dist/main/store/engine/checkpoint-worker.js');
    expect(workerScript('file:///app/dist/main/headless/headless.bundle.mjs').href).toBe('file:///app/dist/main/headless/checkpoint-worker.mjs');
  });

  it('run from the sources, loads the TypeScript worker through tsx, and the worker checkpoints, then closes its connection', async () => {
    const script = workerScript();
    expect(script.protocol).toBe('data:');
    const source = new URL('../../main/store/engine/checkpoint-worker.ts', import.meta.url);
    expect(existsSync(fileURLToPath(source))).toBe(true);
    expect(decodeURIComponent(script.href)).toContain(JSON.stringify(pathToFileURL(fileURLToPath(source)).href));
    const { replies, closed } = await runCheckpointWorker(script);
    expect(replies[0]).toEqual({ type: 'ready' });
    expect(replies[1]).toMatchObject({ type: 'done', mode: 'PASSIVE', busy: 0 });
    const done = replies[1] as { log: number; checkpointed: number };
    expect(done.log).toBeGreaterThan(0);
    expect(done.checkpointed).toBe(done.log);
    expect(closed).toBe(true);
  });
});
