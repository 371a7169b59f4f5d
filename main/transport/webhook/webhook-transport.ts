import { encodeFrame } from '../../methods/types.js';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { systemClock } from '../../clock.js';
import { createGuardedServer, hostsOfUrls } from '../../http-guard/index.js';
import { verifyWebhookRequest } from '../../webhook-signing/index.js';
import { parseWith, WebhookDelivery, WEBHOOK_BUDGET_MS } from '../../wire/index.js';
import { DeliveryPipeline, type Answer } from './delivery-pipeline.js';
import { LinkState } from './link-state.js';
import { readRawBody } from './read-body.js';
import type { WebhookTransport, WebhookTransportOptions } from './types.js';

const MIB = 1024 * 1024;

function send(res: ServerResponse, answer: Answer, close = false): void {
  const text = typeof answer.body === 'object' && answer.body !== null ? encodeFrame(answer.body) : JSON.stringify(answer.body);
  res.writeHead(answer.status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text), ...(close ? { connection: 'close' } : {}) });
  res.end(text);
}

const fail = (status: number, code: string, message: string): Answer => ({ status, body: { code, message } });
const DAY_MS = 24 * 60 * 60 * 1000;
/** A delivery id seen before is a retry, and the service retries within seconds: a week is ample. */
export const KEEP_DELIVERIES_MS = 7 * DAY_MS;

/**
 * API v4 webhooks (PROTOCOL.md §3): a local HTTP receiver behind the integrator's public URL.
 * start() listens, registers publicUrl + path with the service (configure), then asks who-am-i.
 */
export function createWebhookTransport(options: WebhookTransportOptions): WebhookTransport {
  const clock = options.clock ?? systemClock;
  const log = options.log.child({ mod: 'webhook' });
  const path = options.path ?? `/webhook/${encodeURIComponent(options.merchantId ?? 'default')}`;
  // publicUrl '' = the service reaches the receiver directly (local sandbox): register the local URL.
  let webhookUrl = options.publicUrl ? `${options.publicUrl.replace(/\/+$/, '')}${path}` : '';
  // The service signs the path it posts to; a tunnel may strip a prefix, so verify that one.
  let signedPath = webhookUrl ? new URL(webhookUrl).pathname : path;
  const host = options.host ?? '127.0.0.1';
  const maxBody = options.maxBodyBytes ?? MIB;
  const budgetMs = options.budgetMs ?? WEBHOOK_BUDGET_MS;
  const backoff = options.backoff ?? { baseMs: 1000, maxMs: 60_000 };
  let url = '';
  let server: Server | null = null;
  let staleTimer: NodeJS.Timeout | null = null;
  let pruneTimer: NodeJS.Timeout | null = null;
  // The deliveries table would otherwise grow by a few rows per payment for ever.
  const pruneDeliveries = () => {
    try {
      const removed = options.store.pruneDeliveries(options.keepDeliveriesMs ?? KEEP_DELIVERIES_MS);
      if (removed > 0) log.info({ removed }, 'webhook: forgot old deliveries');
    } catch (e) {
      log.warn({ err: e }, 'webhook: could not prune old deliveries; trying again tomorrow');
    }
  };
  let retryTimer: NodeJS.Timeout | null = null;
  let generation = 0;
  let attempt = 0;
  let restaurant: { id: string; name: string } | null = null;
  const connectedListeners = new Set<() => void>();
  const link = new LinkState(clock, () => webhookUrl, options.pingStaleMs ?? 180_000);
  let pipeline = newPipeline();

  function newPipeline(): DeliveryPipeline {
    return new DeliveryPipeline({ dispatcher: options.dispatcher, store: options.store, serviceClient: options.serviceClient, log, budgetMs, syncBudgetMs: options.syncBudgetMs ?? 5000 });
  }

  async function answer(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const receivedAt = Date.now();
    const target = req.url ?? '/';
    const q = target.indexOf('?');
    if ((q < 0 ? target : target.slice(0, q)) !== path) return send(res, fail(404, 'NOT_FOUND', `No webhook here: POST to ${path}.`));
    if (req.method !== 'POST') return send(res, fail(405, 'METHOD_NOT_ALLOWED', 'Webhooks are delivered with POST.'));
    const read = await readRawBody(req, maxBody);
    if (!read.ok) {
      if (read.reason === 'too-large') send(res, fail(413, 'PAYLOAD_TOO_LARGE', `The body is larger than ${maxBody} bytes.`), true);
      else res.destroy();
      return;
    }
    const msg = { method: req.method, target: signedPath + (q < 0 ? '' : target.slice(q)), headers: req.headers };
    const verified = verifyWebhookRequest(msg, read.body, { secret: options.apiKey, nowMs: clock.now() });
    if (!verified.ok) {
      const { status, code, message } = verified.rejection;
      log.warn({ status, code, reason: message }, 'webhook: delivery rejected');
      return send(res, fail(status, code, message));
    }
    if (!verified.json.ok) return send(res, fail(400, 'BAD_REQUEST', `The body is ${verified.json.error}`));
    const delivery = parseWith(WebhookDelivery, verified.json.value);
    if (!delivery.ok) return send(res, fail(400, 'BAD_REQUEST', `Bad delivery body: ${delivery.error}`));
    link.delivered();
    log.debug({ deliveryId: delivery.value.id, event: delivery.value.event }, 'webhook: delivery');
    send(res, await pipeline.handle(delivery.value, receivedAt));
  }

  async function configure(gen: number): Promise<void> {
    const res = await options.serviceClient.configure(webhookUrl);
    if (gen !== generation) return;
    if (res.ok) {
      attempt = 0;
      link.connected();
      log.info({ webhookUrl }, 'webhook: URL registered with the service');
      for (const l of [...connectedListeners]) l();
      const who = await options.serviceClient.whoAmI();
      if (gen !== generation) return;
      const body = who.ok ? (who.body as { id?: unknown; name?: unknown } | null) : null;
      if (body && typeof body.id === 'string' && typeof body.name === 'string') restaurant = { id: body.id, name: body.name };
      else log.warn({ status: who.status }, 'webhook: who-am-i gave no restaurant');
      return;
    }
    if (res.status === 401 || res.status === 403) {
      link.to('rejected', 'The service rejected the API key or POS id: check them in Settings.');
      return;
    }
    if (res.status === 400) {
      link.to('rejected', `The service refused the webhook URL ${webhookUrl} (${res.message}): check the public URL in Settings.`);
      return;
    }
    attempt++;
    const ceiling = Math.min(backoff.maxMs, backoff.baseMs * 2 ** (attempt - 1));
    const wait = Math.round(ceiling / 2 + Math.random() * (ceiling / 2));
    link.reconnecting(attempt, clock.now() + wait, res.status === null ? 'network' : `HTTP ${res.status}`);
    retryTimer = setTimeout(() => void configure(gen), wait);
  }

  function connect(): void {
    generation++;
    if (retryTimer) clearTimeout(retryTimer);
    retryTimer = null;
    attempt = 0;
    link.to('connecting', `Registering ${webhookUrl} with the service…`);
    void configure(generation);
  }

  return {
    kind: 'webhook',
    get url() {
      return url;
    },
    get webhookUrl() {
      return webhookUrl;
    },
    restaurant: () => restaurant,
    state: () => link.get(),
    onState: (listener) => link.onChange(listener),
    onConnected(listener) {
      connectedListeners.add(listener);
      return () => connectedListeners.delete(listener);
    },
    async start() {
      if (!server) {
        pipeline = newPipeline();
        // Socket limits and the Host check (main/http-guard): loopback names, and the public URL's host a tunnel may pass on.
        const s = createGuardedServer(
          (req, res) => {
            answer(req, res).catch((e: unknown) => {
              log.error({ err: e }, 'webhook: receiver failed');
              if (!res.headersSent) send(res, fail(500, 'INTERNAL_ERROR', 'The POS failed; retry the delivery.'));
            });
          },
          { extraHosts: hostsOfUrls(options.publicUrl), errorBody: (code, message) => ({ code, message }) },
        );
        await new Promise<void>((resolve, reject) => {
          s.once('error', reject);
          s.listen(options.port, host, () => resolve());
        });
        server = s;
        const port = (s.address() as AddressInfo).port;
        url = `http://${host.includes(':') ? `[${host}]` : host}:${port}${path}`;
        if (!options.publicUrl) {
          webhookUrl = url;
          signedPath = path;
        }
        staleTimer = setInterval(() => link.checkStale(), options.staleCheckMs ?? 5000);
        staleTimer.unref();
        pruneDeliveries();
        pruneTimer = setInterval(pruneDeliveries, DAY_MS);
        pruneTimer.unref();
        log.info({ url, webhookUrl }, 'webhook: receiver listening');
      }
      connect();
    },
    async stop() {
      generation++;
      if (retryTimer) clearTimeout(retryTimer);
      if (staleTimer) clearInterval(staleTimer);
      if (pruneTimer) clearInterval(pruneTimer);
      retryTimer = staleTimer = pruneTimer = null;
      pipeline.stop();
      const s = server;
      server = null;
      if (s) {
        await new Promise<void>((resolve) => {
          s.close(() => resolve());
          s.closeAllConnections();
        });
      }
      link.to('stopped', 'Webhooks are stopped.');
    },
    reconnectNow() {
      if (server) connect();
    },
  };
}
