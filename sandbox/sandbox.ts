import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { METHOD_CALL_TIMEOUT_MS, POLL_HOLD_MS, WS_AUTH_TIMEOUT_MS } from '../main/base/wire/index.js';
import { createSandboxClock } from './core/clock.js';
import { SandboxCore } from './core/core.js';
import { createWsEndpoint } from './channels/ws-server.js';
import { guestPay, guestScan } from './guest/guest-flow.js';
import { guestOrder, watchOrderDeadlines } from './guest/order-flow.js';
import { guestReceipt } from './guest/guest-receipt.js';
import { guestPayLink } from './guest/link-pay.js';
import { callPos } from './guest/pos-calls.js';
import { SandboxError } from './core/errors.js';
import { createHttpServer, createRequestHandler, replyForError } from './http/server.js';
import { guestPageRoutes } from './routes/guest-page.js';
import { buildRoutes } from './routes/index.js';
import type { Sandbox, SandboxOptions } from './types.js';

/** What the programmatic API throws where HTTP would answer an error status. */
export class SandboxRequestError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {
    const msg = (body as { message?: unknown } | undefined)?.message;
    super(typeof msg === 'string' ? msg : `sandbox answered ${status}`);
    this.name = 'SandboxRequestError';
  }
}

/** The core's refusal as the status and body HTTP would answer (the table of http/server.ts). */
function asRequestError(e: unknown): unknown {
  if (!(e instanceof SandboxError)) return e;
  const reply = replyForError(e);
  return new SandboxRequestError(reply.status, reply.body);
}

function unwrapSync<T>(work: () => T): T {
  try {
    return work();
  } catch (e) {
    throw asRequestError(e);
  }
}

async function unwrap<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (e) {
    throw asRequestError(e);
  }
}

/** 127.0.0.0/8, ::1 and localhost: only this computer can connect. */
function isLoopbackHost(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host);
}

export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  const core = new SandboxCore(
    {
      host: options.host ?? '127.0.0.1',
      port: options.port ?? 0,
      serviceName: options.serviceName ?? 'qerko',
      pollHoldMs: options.pollHoldMs ?? POLL_HOLD_MS,
      callTimeoutMs: options.callTimeoutMs ?? METHOD_CALL_TIMEOUT_MS,
      wsAuthTimeoutMs: options.wsAuthTimeoutMs ?? WS_AUTH_TIMEOUT_MS,
      webhookPingMs: options.webhookPingMs ?? 60_000,
      controlToken: options.controlToken ?? (isLoopbackHost(options.host ?? '127.0.0.1') ? null : randomBytes(24).toString('base64url')),
      log: options.log,
    },
    createSandboxClock(options.now),
  );
  const restaurant = core.createRestaurant(options.restaurantName ?? 'Bistro Sandbox', options.apiKey);
  core.mainRestaurantId = restaurant.id;

  const server = createHttpServer(core, buildRoutes(core));
  const ws = createWsEndpoint(core);
  const deadlines = watchOrderDeadlines(core);
  server.on('upgrade', ws.handleUpgrade);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(core.options.port, core.options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const addr = server.address() as AddressInfo;
  const host = addr.family === 'IPv6' ? `[${addr.address}]` : addr.address;
  core.url = `http://${host}:${addr.port}`;
  core.guestUrl = options.guestUrl ?? null;
  core.log(`sandbox listening on ${core.url}`);

  let closing: Promise<void> | null = null;
  return {
    url: core.url,
    restaurant,
    controlToken: core.options.controlToken,
    guestPages: createRequestHandler(core, guestPageRoutes(core)),
    createRestaurant: (name, apiKey) => unwrapSync(() => core.createRestaurant(name, apiKey)),
    guestScan: (input) => unwrap(() => guestScan(core, input)),
    guestPay: (input) => unwrap(() => guestPay(core, input)),
    guestOrder: (input) => unwrap(() => guestOrder(core, input)),
    orders: (restaurantId) => structuredClone([...unwrapSync(() => core.restaurant(restaurantId)).orders.values()]),
    guestReceipt: (input) => unwrap(() => guestReceipt(core, input)),
    guestPayLink: (input) => unwrapSync(() => guestPayLink(core, input)),
    callPos: (method, args, restaurantId) => callPos(core, restaurantId ?? restaurant.id, method, args),
    advanceClock: (ms) => core.clock.advance(ms),
    injectFault: (fault) => {
      unwrapSync(() => core.injectFault(fault));
    },
    state: () => core.snapshot(),
    close: () => {
      closing ??= new Promise<void>((resolve) => {
        deadlines.close();
        core.channels.closeAll('the sandbox is shutting down');
        ws.close();
        server.close(() => resolve());
        server.closeAllConnections();
      });
      return closing;
    },
  };
}
