import { afterEach, describe, expect, it } from 'vitest';
import { createWsTransport } from '../../main/adapters/connection/transport/ws-transport.js';
import { Fixture, freePort } from './helpers/fixture.js';
import { ConnectedCounter, waitForState } from './helpers/wait.js';

// Every state of a link that is down carries its cause, so the cashier
// reads whose side the problem is on (this till's network, the service restarting, the key).
let fx: Fixture;
afterEach(async () => {
  await fx.close();
});

async function connectedWs() {
  const t = fx.track(createWsTransport({ ...fx.credentials, ...fx.timing }));
  const counter = new ConnectedCounter(t);
  await t.start();
  await counter.waitFor(1);
  return t;
}

describe('the cause of a link that is down', () => {
  it('connected has none; a drop is "dropped"; close 4503 is "restarting"', async () => {
    fx = await new Fixture().start();
    const t = await connectedWs();
    expect(t.state().cause).toBeUndefined();
    fx.sandbox.injectFault({ kind: 'drop' });
    expect(await waitForState(t, 'reconnecting')).toMatchObject({ status: 'reconnecting', cause: 'dropped' });
    await fx.clock.advanceAsync(1000);
    // The retry keeps the outage's cause, so the cashier's words do not flip with each attempt.
    expect(await waitForState(t, 'connecting')).toMatchObject({ attempt: 1, cause: 'dropped' });
    await waitForState(t, 'connected');
    expect(t.state().cause).toBeUndefined();
    fx.sandbox.injectFault({ kind: 'close-4503' });
    expect(await waitForState(t, 'reconnecting')).toMatchObject({ status: 'reconnecting', cause: 'restarting' });
  });

  it('no service at the address is "unreachable" (offline); a refused key is "credentials"', async () => {
    fx = await new Fixture().start();
    const port = await freePort();
    const nowhere = fx.track(createWsTransport({ ...fx.credentials, serviceUrl: `http://127.0.0.1:${port}`, ...fx.timing }));
    await nowhere.start();
    expect(await waitForState(nowhere, 'offline')).toMatchObject({ status: 'offline', cause: 'unreachable' });
    const refused = fx.track(createWsTransport({ ...fx.credentials, apiKey: 'wxyz-0000-wxyz-0000-wxyz', ...fx.timing }));
    await refused.start();
    expect(await waitForState(refused, 'rejected')).toMatchObject({ status: 'rejected', cause: 'credentials' });
  });
});
