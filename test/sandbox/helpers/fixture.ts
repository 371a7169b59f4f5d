import { afterEach } from 'vitest';
import { startSandbox, type Sandbox, type SandboxOptions } from '../../../sandbox/index.js';
import { BillBook } from './bill-book.js';
import { newPosId, type PosCredentials } from './pos-http.js';

/**
 * Starts sandboxes for a test file and closes them (and everything registered) after each test.
 * Usage: `const env = sandboxFixture(); ... const sb = await env.start();`
 */
export function sandboxFixture() {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    for (const c of cleanups.splice(0).reverse()) await c();
  });
  return {
    async start(options: SandboxOptions = {}): Promise<Sandbox> {
      const sb = await startSandbox(options);
      cleanups.push(() => sb.close());
      return sb;
    },
    /** Registers something to stop after the test (a scripted POS, a child process). */
    defer(cleanup: () => Promise<void> | void): void {
      cleanups.push(cleanup);
    },
  };
}

export function credsOf(sb: Sandbox, posId = newPosId()): PosCredentials {
  return { url: sb.url, apiKey: sb.restaurant.apiKey, posId };
}

/** Table T1 with bill B1: 2x beer at 62.50 and 1x goulash at 189 (CZK). */
export function sampleBook(): BillBook {
  return new BillBook().addBill('T1', 'B1', [
    { id: 'beer', name: 'Beer', price: '62.50', quantity: '2' },
    { id: 'goulash', name: 'Goulash', price: '189', quantity: '1' },
  ]);
}
