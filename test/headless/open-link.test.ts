import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, tempDir } from '../integration/helpers/harness.js';
import { startHeadless, type Headless } from '../integration/helpers/headless-process.js';
import { cookieFrom, rawRequest } from '../ui-server/raw-http.js';

// A cashier who closed the browser asks the running host for a new link ("open" on its stdin)
// instead of restarting it; every link still works once.
describe('the headless host prints a fresh browser link on "open"', () => {
  const dataDir = tempDir();
  let host: Headless;
  beforeAll(async () => {
    host = await startHeadless(['--data-dir', dataDir, '--pos-api-port', '0', '--ui-port', '0'], { stdin: true });
  });
  afterAll(async () => {
    host.child.kill('SIGTERM');
    await host.exited;
    cleanup(dataDir);
  });

  const openLink = async (command: string): Promise<string> => {
    host.child.stdin!.write(`${command}\n`);
    // The demo's {"connected":true} line may come first.
    for (;;) {
      const line = JSON.parse(await host.nextLine()) as { ui?: string };
      if (line.ui) return line.ui;
    }
  };

  it('a new one-time link each time; a used one, old or new, is refused', async () => {
    const first = new URL(host.ready.ui!);
    const base = first.origin;
    const firstPath = `${first.pathname}${first.search}`;
    expect((await rawRequest(base, firstPath)).status).toBe(303);
    // The browser was closed: its cookie is gone, the printed link was used.
    expect((await rawRequest(base, firstPath)).status).toBe(403);

    // Other lines are not commands.
    host.child.stdin!.write('help\n');
    const fresh = new URL(await openLink('open'));
    expect(fresh.origin).toBe(base);
    expect(fresh.searchParams.get('token')).toMatch(/^[0-9a-f]{64}$/);
    expect(fresh.searchParams.get('token')).not.toBe(first.searchParams.get('token'));
    const freshPath = `${fresh.pathname}${fresh.search}`;
    const traded = await rawRequest(base, freshPath);
    expect(traded.status).toBe(303);
    expect((await rawRequest(base, '/', { headers: { cookie: cookieFrom(traded) } })).status).toBe(200);
    // Replayed, the new link is refused like the first.
    const replay = await rawRequest(base, freshPath);
    expect(replay.status).toBe(403);
    expect(replay.body).toContain('already used');
    expect((await rawRequest(base, firstPath)).status).toBe(403);
    // In Czech too.
    const czech = new URL(await openLink('  Otevřít  '));
    expect(czech.searchParams.get('token')).not.toBe(fresh.searchParams.get('token'));
    expect((await rawRequest(base, `${czech.pathname}${czech.search}`)).status).toBe(303);
  });
});
