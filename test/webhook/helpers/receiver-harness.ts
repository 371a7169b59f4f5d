import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ManualClock } from '../../../main/base/clock.js';
import { silentLogger } from '../../../main/base/log.js';
import { createWebhookTransport, type WebhookTransport, type WebhookTransportOptions } from '../../../main/adapters/connection/transport/webhook/index.js';
import { signWebhookRequest } from '../../../main/adapters/connection/webhook-signing/index.js';
import { postRaw, type PostResult } from './http-post.js';
import { ScriptedDispatcher } from './scripted-dispatcher.js';
import { ScriptedServiceClient } from './scripted-service-client.js';
import { openTestStore, type TestStore } from '../../store/test-store.js';
import { deliveryRows } from './delivery-log.js';

export const API_KEY = 'abcd-efgh-ijkl-mnop-qrst';
export const POS_ID = '6f1c1c9e-3b7a-4a51-9a0e-2d4c6f1e8a10';

/** A receiver on a free port with a scripted dispatcher, the real bill store on a temp file and a manual clock. */
export class ReceiverHarness {
  readonly clock = new ManualClock(Date.UTC(2026, 10, 21, 12, 0, 0));
  readonly dispatcher = new ScriptedDispatcher();
  readonly service = new ScriptedServiceClient();
  readonly dir = mkdtempSync(join(tmpdir(), 'tableside-webhook-'));
  readonly storeFile = join(this.dir, 'tableside.sqlite');
  /** The companion's bill store: its delivery log is what the receiver records outcomes in. */
  store: TestStore = openTestStore({ file: this.storeFile, clock: this.clock });
  transport!: WebhookTransport;

  /** `beforeStart` sees the transport before start() (to subscribe to its first events). */
  async start(overrides: Partial<WebhookTransportOptions> = {}, beforeStart?: (t: WebhookTransport) => void): Promise<this> {
    this.transport = createWebhookTransport({
      serviceUrl: 'http://127.0.0.1:9',
      apiKey: API_KEY,
      posId: POS_ID,
      dispatcher: this.dispatcher,
      port: 0,
      publicUrl: 'https://pos.example.com',
      clock: this.clock,
      log: silentLogger(),
      store: this.store,
      serviceClient: this.service,
      ...overrides,
    });
    beforeStart?.(this.transport);
    await this.transport.start();
    return this;
  }

  /** Stops and starts again on the same SQLite file: a companion restart. */
  async restart(overrides: Partial<WebhookTransportOptions> = {}): Promise<void> {
    await this.transport.stop();
    this.store.close();
    this.store = openTestStore({ file: this.storeFile, clock: this.clock });
    await this.start(overrides);
  }

  /** The delivery log as it is in the SQLite file. */
  deliveries(): { id: string; outcome: unknown; at: string }[] {
    return deliveryRows(this.storeFile);
  }

  nowS(): number {
    return Math.floor(this.clock.now() / 1000);
  }

  /** A correctly signed delivery; `patch` changes body fields, `sig` the signature times. */
  signed(
    event: string,
    args: unknown[],
    opts: { id?: string; body?: Record<string, unknown>; created?: number; expires?: number } = {},
  ): { headers: Record<string, string>; body: string } {
    const now = this.nowS();
    const body = JSON.stringify({ id: opts.id ?? `d-${Math.random().toString(36).slice(2)}`, event, created: now, expires: now + 15, args, ...opts.body });
    const headers = signWebhookRequest({
      target: new URL(this.transport.webhookUrl).pathname,
      body,
      secret: API_KEY,
      keyid: POS_ID,
      created: opts.created ?? now,
      expires: opts.expires ?? now + 15,
    });
    return { headers, body };
  }

  post(req: { headers: Record<string, string>; body: string | Uint8Array }): Promise<PostResult> {
    return postRaw(this.transport.url, req.headers, req.body);
  }

  async close(): Promise<void> {
    await this.transport.stop();
    this.store.close();
    rmSync(this.dir, { recursive: true, force: true });
  }
}
