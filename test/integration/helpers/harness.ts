import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import type { CompanionEvent, ConnectionStatus } from '../../../preload/contract.js';
import { startSandbox, type Sandbox } from '../../../sandbox/index.js';
import type { Clock } from '../../../main/base/clock.js';
import { createCompanion } from '../../../main/app/companion.js';
import type { Companion, CompanionOptions } from '../../../main/base/host-types.js';
import { silentLogger } from '../../../main/base/log.js';

export type Kind = 'ws' | 'longpoll';
/** Every transport a companion can take; webhook listens on a free port of 127.0.0.1. */
export type AnyKind = Kind | 'webhook';

/** Short delays so a test sees the reconnect logic without waiting minutes. */
export const FAST = { restartDelayMs: 150, pingIntervalMs: 400, pongTimeoutMs: 400, backoff: { minMs: 30, maxMs: 300 } };
/**
 * For a companion on a ManualClock: the service's own delays (backoff 1 s doubling, restart 120 s)
 * with the jitter pinned to the top of its range, and a quick heartbeat.
 */
export const MANUAL = { pingIntervalMs: 400, pongTimeoutMs: 400, random: () => 1 };

export function tempDir(): string {
  return mkdtempSync(join(tmpdir(), 'tableside-it-'));
}

export async function sandboxFor(options: Parameters<typeof startSandbox>[0] = {}): Promise<Sandbox> {
  return startSandbox({ pollHoldMs: 1_000, callTimeoutMs: 5_000, ...options });
}

export interface Running {
  companion: Companion;
  dataDir: string;
  pos: PosApi;
  events: CompanionEvent[];
  waitForStatus(status: ConnectionStatus, deadlineMs?: number): Promise<void>;
  /** Resolves with the first event (already heard or still to come) that `match` accepts. */
  waitForEvent(match: (e: CompanionEvent) => boolean, what: string, deadlineMs?: number): Promise<CompanionEvent>;
  stop(): Promise<void>;
}

/** A real companion (store file, transport, local POS API) against the sandbox. */
export async function startCompanion(
  sandbox: Sandbox,
  transport: AnyKind,
  options: { dataDir?: string; apiKey?: string; posId?: string; clock?: Clock; autoCloseBills?: boolean; disk?: CompanionOptions['disk'] } = {},
): Promise<Running> {
  const dataDir = options.dataDir ?? tempDir();
  const companion = await createCompanion({
    dataDir,
    apiKey: options.apiKey ?? sandbox.restaurant.apiKey,
    // autoCloseBills off unless asked: these tests follow a bill through PAID (the setting has its own tests).
    settings: {
      environment: 'sandbox',
      serviceUrl: sandbox.url,
      transport,
      posApiPort: 0,
      posId: options.posId ?? randomUUID(),
      autoCloseBills: options.autoCloseBills ?? false,
      ...(transport === 'webhook' ? { webhookHost: '127.0.0.1', webhookPort: 0 } : {}),
    },
    log: silentLogger(),
    ...(options.disk ? { disk: options.disk } : {}),
    ...(options.clock ? { clock: options.clock, tuning: MANUAL } : { tuning: FAST }),
  });
  const events: CompanionEvent[] = [];
  const waiters = new Set<() => void>();
  companion.api.onEvent((e) => {
    events.push(e);
    for (const w of [...waiters]) w();
  });
  await companion.start();
  const current = async () => (await companion.api.getSnapshot()).connection.status;
  const waitForEvent = (match: (e: CompanionEvent) => boolean, what: string, deadlineMs = 15_000) =>
    new Promise<CompanionEvent>((resolve, reject) => {
      const timer = setTimeout(() => {
        waiters.delete(check);
        reject(new Error(`no ${what} in ${deadlineMs} ms`));
      }, deadlineMs);
      const check = () => {
        const found = events.find(match);
        if (found) {
          clearTimeout(timer);
          waiters.delete(check);
          resolve(found);
        }
      };
      waiters.add(check);
      check();
    });
  return {
    companion,
    dataDir,
    pos: new PosApi(companion.posApiUrl, companion.posApiToken),
    events,
    waitForEvent,
    async waitForStatus(status, deadlineMs = 15_000) {
      if ((await current()) === status) return;
      // The latest session event decides: an earlier one with this status may be stale.
      const latestIs = () => [...events].reverse().find((e) => e.type === 'connection');
      await waitForEvent((e) => e === latestIs() && e.type === 'connection' && e.connection.status === status, `session ${status}`, deadlineMs).catch(() => {
        throw new Error(`session did not reach ${status} in ${deadlineMs} ms`);
      });
    },
    async stop() {
      await companion.stop();
    },
  };
}

/** A sandbox and a connected companion for one describe block, closed after it. */
export function liveCompanion(kind: Kind, options: { clock?: Clock } = {}): { sandbox: Sandbox; pos: Running } {
  const live = {} as { sandbox: Sandbox; pos: Running };
  beforeAll(async () => {
    live.sandbox = await sandboxFor();
    live.pos = await startCompanion(live.sandbox, kind, options);
    await live.pos.waitForStatus('connected');
  });
  afterAll(async () => {
    await live.pos.stop();
    await live.sandbox.close();
    cleanup(live.pos.dataDir);
  });
  return live;
}

export function cleanup(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}

/** The local POS API as the restaurant's till uses it: real HTTP with the bearer token. */
export class PosApi {
  constructor(
    readonly base: string,
    readonly token: string,
  ) {}
  // Bodies are JSON checked field by field with toMatchObject: typing each answer adds nothing here.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async call(method: string, path: string, body?: unknown): Promise<{ status: number; body: any }> {
    const res = await fetch(`${this.base}${path}`, {
      method,
      headers: { authorization: `Bearer ${this.token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : null };
  }
  async seed(tableId: string, billId: string, items: { id: string; name: string; price: string; quantity: string; minQuantity?: string }[]) {
    const t = await this.call('PUT', `/tables/${tableId}`, { name: `Table ${tableId}`, area: 'Hall' });
    if (t.status >= 300) throw new Error(`PUT table: ${t.status} ${JSON.stringify(t.body)}`);
    const b = await this.call('PUT', `/bills/${billId}`, { tableId, currency: 'CZK', name: `Bill ${billId}`, items });
    if (b.status >= 300) throw new Error(`PUT bill: ${b.status} ${JSON.stringify(b.body)}`);
    return b.body;
  }
  bill(billId: string) {
    return this.call('GET', `/bills/${billId}`);
  }
}

export const BEER = { id: 'beer', name: 'Pilsner', price: '62.00', quantity: '4' };
export const GOULASH = { id: 'goulash', name: 'Goulash', price: '229.50', quantity: '2' };
