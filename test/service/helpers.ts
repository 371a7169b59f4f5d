import { randomUUID } from 'node:crypto';
import { createServiceClient, type ServiceClient, type ServiceClientOptions } from '../../main/base/service/index.js';
import { createWsTransport } from '../../main/adapters/connection/transport/ws-transport.js';
import type { Receipt } from '../../main/base/wire/index.js';
import { Fixture } from '../transport/helpers/fixture.js';
import { waitForState } from '../transport/helpers/wait.js';

export const receipt = (serial = 'R-1'): Receipt => ({
  receiptInfo: { billName: 'Table 1', timestamp: '2026-11-21T12:00:00+01:00', serial },
  items: [{ id: 'I1', name: 'Pilsner', price: '62.50', quantity: '1', tags: [] }],
  taxInfo: [],
  fiscalInfo: null,
  receiptDeliveryType: 'QERKO_GENERATED',
});

/** A sandbox with our POS connected over WebSocket (so guests can pay) and a REST client for it. */
export class ServiceFixture extends Fixture {
  client!: ServiceClient;

  async connect(): Promise<this> {
    await this.start();
    const ws = this.track(createWsTransport({ ...this.credentials, log: this.log }));
    await ws.start();
    await waitForState(ws, 'connected');
    this.client = this.clientWith({});
    return this;
  }

  clientWith(overrides: Partial<ServiceClientOptions>): ServiceClient {
    return createServiceClient({ baseUrl: this.sandbox.url, apiKey: this.sandbox.restaurant.apiKey, posId: this.posId, log: this.log, ...overrides });
  }

  /** A client of a second restaurant of the same sandbox: its view of our payments is 403. */
  otherRestaurant(): ServiceClient {
    const other = this.sandbox.createRestaurant('Other Bistro');
    return this.clientWith({ apiKey: other.apiKey, posId: randomUUID() });
  }
}

/** Unwraps an ok result or fails the test with the failure's text. */
export function value<T>(result: { ok: true; value: T } | { ok: false; status: number; code: string; message: string }): T {
  if (!result.ok) throw new Error(`expected ok, got ${result.status} ${result.code}: ${result.message}`);
  return result.value;
}
