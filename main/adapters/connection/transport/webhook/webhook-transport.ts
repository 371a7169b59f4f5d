import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { systemClock, type Clock, type TimerHandle } from '../../../../base/clock.js';
import { createGuardedServer, hostsOfUrls } from '../../../../base/http-guard/index.js';
import type { Logger } from '../../../../base/log.js';
import type { ServiceFailure } from '../../../../base/service/index.js';
import { WEBHOOK_BUDGET_MS } from '../../../../base/wire/index.js';
import { ConnectionDriver, type AttemptEnd, type AttemptToken } from '../connection-driver.js';
import { classifyHttpStatus } from '../ws-close-codes.js';
import { DeliveryPipeline } from './delivery-pipeline.js';
import { createDeliveryReceiver, fail, send } from './receive-delivery.js';
import type { WebhookTransport, WebhookTransportOptions } from './types.js';

const MIB = 1024 * 1024;

const DAY_MS = 24 * 60 * 60 * 1000;
/** A delivery id seen before is a retry, and the service retries within seconds: a week is ample. */
export const KEEP_DELIVERIES_MS = 7 * DAY_MS;
/** No valid delivery (not even a ping) for this long = the connection is flagged stale. */
export const PING_STALE_MS = 180_000;

/** What the receiver and the connection loop of one webhook transport share. */
interface WebhookContext {
  readonly options: WebhookTransportOptions;
  readonly clock: Clock;
  readonly log: Logger;
  readonly path: string;
  readonly driver: ConnectionDriver;
  /** Local receiver URL; '' before start(). */
  url: string;
  /** The URL registered at the service (publicUrl + path; the local URL when publicUrl is ''). */
  webhookUrl: string;
  /** The service signs the path it posts to; a tunnel may strip a prefix, so verify that one. */
  signedPath: string;
  restaurant: { id: string; name: string } | null;
  pipeline: DeliveryPipeline;
  /** The stale check and the daily prune, on the injected clock. */
  timers: TimerHandle[];
}

/**
 * API v4 webhooks (docs/PROTOCOL.md §3): a local HTTP receiver behind the integrator's public URL.
 * start() listens, then the shared link loop registers publicUrl + path with the service
 * (configure, retried with the shared backoff) and asks who-am-i.
 */
export function createWebhookTransport(options: WebhookTransportOptions): WebhookTransport {
  const ctx = webhookContext(options);
  const { log } = ctx;
  let server: Server | null = null;
  const answer = createDeliveryReceiver({
    path: ctx.path,
    signedPath: () => ctx.signedPath,
    apiKey: options.apiKey,
    posId: options.posId,
    maxBody: options.maxBodyBytes ?? MIB,
    clock: ctx.clock,
    log,
    pipeline: () => ctx.pipeline,
    // A valid delivery proves the service reaches us: the connection's last message, and not stale.
    delivered: () => ctx.driver.machine.noteMessage(),
  });
  return {
    kind: 'webhook',
    ...ctx.driver.transportFace(),
    get url() {
      return ctx.url;
    },
    get webhookUrl() {
      return ctx.webhookUrl;
    },
    restaurant: () => ctx.restaurant,
    async start() {
      if (!server) {
        ctx.pipeline = newPipeline(options, log);
        // Socket limits and the Host check (main/http-guard): loopback names, and the public URL's host a tunnel may pass on.
        const s = createGuardedServer(
          (req, res) => {
            answer(req, res).catch((e: unknown) => {
              log.error({ err: e }, 'webhook: receiver failed');
              if (!res.headersSent) send(req, res, fail(500, 'INTERNAL_ERROR', 'The POS failed; retry the delivery.'));
            });
          },
          { extraHosts: hostsOfUrls(options.publicUrl), errorBody: (code, message) => ({ code, message }) },
        );
        await new Promise<void>((resolve, reject) => {
          s.once('error', reject);
          s.listen(options.port, options.host ?? '127.0.0.1', () => resolve());
        });
        server = s;
        listening(ctx, (s.address() as AddressInfo).port);
      }
      ctx.driver.start();
    },
    async stop() {
      ctx.driver.stop();
      for (const timer of ctx.timers.splice(0)) ctx.clock.clearTimeout(timer);
      ctx.pipeline.stop();
      const s = server;
      server = null;
      if (s) {
        await new Promise<void>((resolve) => {
          s.close(() => resolve());
          s.closeAllConnections();
        });
      }
    },
  };
}

function webhookContext(options: WebhookTransportOptions): WebhookContext {
  const clock = options.clock ?? systemClock;
  const log = options.log.child({ mod: 'webhook' });
  const path = options.path ?? `/webhook/${encodeURIComponent(options.merchantId ?? 'default')}`;
  // publicUrl '' = the service reaches the receiver directly (local sandbox): register the local URL.
  const webhookUrl = options.publicUrl ? `${options.publicUrl.replace(/\/+$/, '')}${path}` : '';
  const ctx: WebhookContext = {
    options,
    clock,
    log,
    path,
    url: '',
    webhookUrl,
    signedPath: webhookUrl ? new URL(webhookUrl).pathname : path,
    restaurant: null,
    timers: [],
    pipeline: newPipeline(options, log),
    driver: new ConnectionDriver({
      kind: 'webhook',
      clock,
      log,
      ...(options.backoff ? { backoff: options.backoff } : {}),
      ...(options.random ? { random: options.random } : {}),
      ...(options.restartDelayMs !== undefined ? { restartDelayMs: options.restartDelayMs } : {}),
      open: (token) => void configure(ctx, token),
      // Nothing is held open: an attempt is one configure call, whose late answer the token ignores.
      close: () => undefined,
    }),
  };
  return ctx;
}

function newPipeline(options: WebhookTransportOptions, log: Logger): DeliveryPipeline {
  return new DeliveryPipeline({
    dispatcher: options.dispatcher,
    store: options.store,
    serviceClient: options.serviceClient,
    log,
    budgetMs: options.budgetMs ?? WEBHOOK_BUDGET_MS,
    syncBudgetMs: options.syncBudgetMs ?? 5000,
  });
}

/** The receiver is up: its URL is known, the stale check and the daily prune start. */
function listening(ctx: WebhookContext, port: number): void {
  const { options, clock } = ctx;
  const host = options.host ?? '127.0.0.1';
  ctx.url = `http://${host.includes(':') ? `[${host}]` : host}:${port}${ctx.path}`;
  if (!options.publicUrl) {
    ctx.webhookUrl = ctx.url;
    ctx.signedPath = ctx.path;
  }
  const staleMs = options.pingStaleMs ?? PING_STALE_MS;
  ctx.timers.push(clock.setInterval(() => ctx.driver.machine.checkStale(staleMs), options.staleCheckMs ?? 5000));
  pruneDeliveries(ctx);
  ctx.timers.push(clock.setInterval(() => pruneDeliveries(ctx), DAY_MS));
  ctx.log.info({ url: ctx.url, webhookUrl: ctx.webhookUrl }, 'webhook: receiver listening');
}

/** The deliveries table would otherwise grow by a few rows per payment for ever. */
function pruneDeliveries(ctx: WebhookContext): void {
  try {
    const removed = ctx.options.store.pruneDeliveries(ctx.options.keepDeliveriesMs ?? KEEP_DELIVERIES_MS);
    if (removed > 0) ctx.log.info({ removed }, 'webhook: forgot old deliveries');
  } catch (e) {
    ctx.log.warn({ err: e }, 'webhook: could not prune old deliveries; trying again tomorrow');
  }
}

/** One attempt of the link: register the URL (configure), then ask who-am-i. */
async function configure(ctx: WebhookContext, token: AttemptToken): Promise<void> {
  const { driver, log, options } = ctx;
  const res = await options.serviceClient.configure(ctx.webhookUrl);
  if (!driver.isCurrent(token)) return;
  if (!res.ok) {
    log.warn({ status: res.status, code: res.code, webhookUrl: ctx.webhookUrl }, 'webhook: configure failed');
    driver.ended(token, configureEnd(res, options.restartDelayMs));
    return;
  }
  log.info({ webhookUrl: ctx.webhookUrl }, 'webhook: URL registered with the service');
  driver.established(token);
  const who = await options.serviceClient.whoAmI();
  if (!driver.isCurrent(token)) return;
  if (who.ok) ctx.restaurant = { id: who.value.id, name: who.value.name };
  else log.warn({ status: who.status, code: who.code }, 'webhook: who-am-i gave no restaurant');
}

/** A refused configure → the next step of the shared loop. */
function configureEnd(res: ServiceFailure, restartDelayMs: number | undefined): AttemptEnd {
  if (res.status === 0) return { kind: 'unreachable', detail: res.code };
  if (res.status === 401 || res.status === 403) return { kind: 'rejected' };
  if (res.status === 400) return { kind: 'rejected', reason: 'webhook-url' };
  return classifyHttpStatus(res.status, null, restartDelayMs);
}
