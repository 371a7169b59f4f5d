import Database from 'better-sqlite3';
import { writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, tempDir } from '../integration/helpers/harness.js';
import { startHeadless } from '../integration/helpers/headless-process.js';

/** Something else already listens on a port the host wants. */
let squatter: Server;
let port: number;
beforeAll(async () => {
  squatter = createServer();
  await new Promise<void>((resolve) => squatter.listen(0, '127.0.0.1', resolve));
  port = (squatter.address() as { port: number }).port;
});
afterAll(async () => {
  await new Promise((resolve) => squatter.close(resolve));
});

/** Starts the host expecting it to give up; answers its exit code and stderr. */
async function refused(args: string[]): Promise<{ message: string }> {
  const dir = tempDir();
  try {
    const failure = await startHeadless(['--no-ui', '--data-dir', dir, ...args]).then(
      () => null,
      (e: Error) => e,
    );
    if (!failure) throw new Error('the host started on a taken port');
    return { message: failure.message };
  } finally {
    cleanup(dir);
  }
}

describe('a taken port ends the start with one sentence, never a stack', () => {
  it('--pos-api-port: names the port, the likely holder and the flag; exit code 3', async () => {
    const { message } = await refused(['--pos-api-port', String(port)]);
    expect(message).toContain('headless exited (3)');
    expect(message).toContain(
      `headless: Port ${port} for the local POS API is already in use, probably by another Tableside or another program: stop it, or choose another port with --pos-api-port (Settings → Local POS API port).`,
    );
    expect(message).not.toMatch(/\n\s+at /);
    expect(message).not.toContain('EADDRINUSE');
  });

  it('the port from settings.json is named the same way', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'settings.json'), JSON.stringify({ posApiPort: port }));
    try {
      const failure = await startHeadless(['--no-ui', '--data-dir', dir]).then(
        () => null,
        (e: Error) => e,
      );
      expect(failure?.message).toContain(`headless: Port ${port} for the local POS API is already in use`);
    } finally {
      cleanup(dir);
    }
  });

  it('--webhook-port: the webhook receiver port is named with its flag', async () => {
    const dir = tempDir();
    try {
      const failure = await startHeadless([
        '--no-ui',
        '--data-dir',
        dir,
        '--pos-api-port',
        '0',
        '--service-url',
        'http://127.0.0.1:9',
        '--api-key',
        'abcd-abcd-abcd-abcd-abcd',
        '--transport',
        'webhook',
        '--webhook-port',
        String(port),
        '--public-url',
        `http://127.0.0.1:${port}`,
      ]).then(
        () => null,
        (e: Error) => e,
      );
      expect(failure?.message).toMatch(new RegExp(`headless: Port ${port} for the webhook receiver is already in use.*--webhook-port`));
    } finally {
      cleanup(dir);
    }
  });

  it('--ui-port: the browser-mode UI port is named with its flag', async () => {
    const dir = tempDir();
    try {
      const failure = await startHeadless(['--data-dir', dir, '--pos-api-port', '0', '--ui-port', String(port)]).then(
        () => null,
        (e: Error) => e,
      );
      // The UI starts last, after the link and the demo have logged: the sentence still ends stderr.
      expect(failure?.message).toMatch(new RegExp(`headless: Port ${port} for the browser-mode UI is already in use[^\\n]*--ui-port[^\\n]*\\n?$`));
    } finally {
      cleanup(dir);
    }
  });
});

describe('a database written by a newer Tableside ends the start with its sentence', () => {
  it('says to update the app or choose another data folder, and leaves the file alone', async () => {
    const dir = tempDir();
    try {
      const file = join(dir, 'tableside.sqlite');
      const db = new Database(file);
      db.pragma('user_version = 99');
      db.close();
      const failure = await startHeadless(['--no-ui', '--data-dir', dir, '--pos-api-port', '0']).then(
        () => null,
        (e: Error) => e,
      );
      expect(failure?.message).toContain(
        'headless: Tableside could not start: This database was written by a newer Tableside (schema 99); update the app or choose another data folder.',
      );
      const after = new Database(file, { readonly: true });
      expect(after.pragma('user_version', { simple: true })).toBe(99);
      after.close();
    } finally {
      cleanup(dir);
    }
  });
});
