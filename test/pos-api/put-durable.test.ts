import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterEach, describe, expect, it } from 'vitest';
import { createFsyncCounter } from '../bench/fsync-counter.js';
import { tempDir } from '../store/helpers.js';

const TOKEN = 'b'.repeat(64);

describe('PUT /v1/bills/{id}: its fsync runs off the event loop, and the POS is answered only once it is done', () => {
  let cleanup = () => {};
  afterEach(() => cleanup());

  it('an fsync completed between the request and every answer (created and replaced), and the bill is stored', async () => {
    const tmp = tempDir();
    const counter = createFsyncCounter();
    const file = join(tmp.dir, 'bills.sqlite');
    const child = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'put-durable-child.ts'), file, TOKEN], {
      env: { ...process.env, ...counter.env },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const exited = new Promise((r) => child.once('exit', r));
    cleanup = () => {
      child.kill('SIGTERM');
      counter.dispose();
      tmp.cleanup();
    };
    const url = await new Promise<string>((resolve, reject) => {
      child.once('exit', (code) => reject(new Error(`child exited ${code}`)));
      createInterface({ input: child.stdout }).once('line', (line) => resolve((JSON.parse(line) as { url: string }).url));
    });
    const put = (quantity: string) =>
      fetch(`${url}/bills/b1`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
        body: JSON.stringify({ tableId: 't1', currency: 'CZK', items: [{ id: 'beer', name: 'Beer', price: '62.50', quantity }] }),
      });
    for (const [quantity, status] of [
      ['2', 201],
      ['3', 200],
    ] as const) {
      const before = counter.readCompleted();
      const res = await put(quantity);
      // Read the moment the answer arrived: the child's fsync of this commit has returned by then.
      const atAnswer = counter.readCompleted();
      expect(res.status).toBe(status);
      expect(atAnswer).toBeGreaterThan(before);
      const bill = (await res.json()) as { items: { quantity: string }[] };
      expect(bill.items[0]!.quantity).toBe(quantity);
    }
    // A refusal changes nothing and is answered as before.
    const refused = await fetch(`${url}/bills/b2`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ tableId: 'nope', currency: 'CZK', items: [] }),
    });
    expect(refused.status).toBe(400);
    child.kill('SIGTERM');
    await exited;
  });
});
