import { describe, expect, it } from 'vitest';
import { sandboxFixture } from './helpers/fixture.js';
import { posFetch } from './helpers/pos-http.js';
import { spawnReady, stopChild } from './helpers/spawn-ready.js';

const env = sandboxFixture();
// Node with tsx's loader, so signals reach the CLI itself (the tsx wrapper reports SIGINT as 130).
const NODE = process.execPath;
const cli = (...args: string[]) => ['--import', 'tsx', 'sandbox/cli.ts', ...args];

describe('sandbox CLI', () => {
  it('prints the ready line first, answers who-am-i 401 without a key and 200 with it, and stops on SIGTERM', async () => {
    const { child, ready } = await spawnReady(
      NODE,
      cli('--port', '0', '--api-key', 'abcd-1234-efgh-5678-ijkl', '--restaurant', 'Bistro CLI', '--service-name', 'qerko', '--poll-hold-ms', '1000'),
    );
    env.defer(() => void stopChild(child, 'SIGKILL'));
    expect(ready).toEqual({
      ready: true,
      url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+$/),
      restaurant: { id: expect.any(String), name: 'Bistro CLI', apiKey: 'abcd-1234-efgh-5678-ijkl' },
      // On loopback the control routes need no token.
      controlToken: null,
    });
    const url = ready.url as string;
    expect((await fetch(`${url}/api/v2/pos/who-am-i`)).status).toBe(401);
    const who = await posFetch({ url, apiKey: 'abcd-1234-efgh-5678-ijkl', posId: '6f1c1e0e-8f6a-4d8e-9d55-1c2b3a4d5e6f' }, '/api/v2/pos/who-am-i');
    expect([who.status, (who.json as { name: string }).name]).toEqual([200, 'Bistro CLI']);
    expect(await stopChild(child, 'SIGTERM')).toBe(0);
  });

  it('makes up an API key when none is given, and refuses a malformed one', async () => {
    const { child, ready } = await spawnReady(NODE, cli('--port', '0'));
    env.defer(() => void stopChild(child, 'SIGKILL'));
    expect((ready.restaurant as { apiKey: string }).apiKey).toMatch(/^[a-z0-9]{4}(-[a-z0-9]{4}){4}$/);
    expect(await stopChild(child, 'SIGINT')).toBe(0);
    await expect(spawnReady(NODE, cli('--api-key', 'BAD'))).rejects.toThrow(/--api-key: must look like/);
  });
});
