import { afterAll, describe, expect, it } from 'vitest';
import { cleanup, tempDir } from '../integration/helpers/harness.js';
import { startHeadless, type Headless } from '../integration/helpers/headless-process.js';

/** A keyed write to the host's POS API; the answer's status, replay mark and body. */
async function put(host: Headless, path: string, body: unknown, key: string) {
  const res = await fetch(`${host.ready.posApi}${path}`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${host.ready.posApiToken}`, 'content-type': 'application/json', 'idempotency-key': key },
    body: JSON.stringify(body),
  });
  return { status: res.status, replayed: res.headers.get('idempotent-replayed'), text: await res.text() };
}

async function stop(host: Headless): Promise<void> {
  host.child.kill('SIGTERM');
  expect(await host.exited).toBe(0);
}

describe('Idempotency-Key across a restart of the headless host', () => {
  const dataDir = tempDir();
  afterAll(() => cleanup(dataDir));

  it('answers a retry sent after the host restarted on the same data dir from the kept answer', async () => {
    const args = ['--data-dir', dataDir, '--pos-api-port', '0', '--no-ui'];
    const first = await startHeadless(args);
    let answered: Awaited<ReturnType<typeof put>>;
    try {
      answered = await put(first, '/tables/terrace-1', { name: 'Terrace 1' }, 'table-terrace-1');
      expect([answered.status, answered.replayed]).toEqual([201, null]);
    } finally {
      await stop(first);
    }

    const second = await startHeadless(args);
    try {
      const retry = await put(second, '/tables/terrace-1', { name: 'Terrace 1' }, 'table-terrace-1');
      expect(retry).toEqual({ status: 201, replayed: 'true', text: answered.text });
      const other = await put(second, '/tables/terrace-1', { name: 'Terrace one' }, 'table-terrace-1');
      expect(other.status).toBe(422);
    } finally {
      await stop(second);
    }
  });
});
