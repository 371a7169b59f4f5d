import { parseWith, type MethodCallRequest } from '../../main/base/wire/index.js';
import { ChannelRegistry } from './channel-registry.js';
import type { PendingCall } from './pending-calls.js';
import type { CallOutcome } from './pos-channel.js';
import type { SandboxClock } from './clock.js';
import { SandboxError } from './errors.js';
import { FaultBook, FaultRequest, withUnknownFields, type FaultRecord, type Lazy } from './faults.js';
import { newApiKey, newId } from './ids.js';
import { SandboxState, type Restaurant } from './state.js';

export interface ResolvedOptions {
  host: string;
  port: number;
  serviceName: string;
  pollHoldMs: number;
  callTimeoutMs: number;
  wsAuthTimeoutMs: number;
  webhookPingMs: number;
  /** The control routes' token (x-sandbox-token), or null: loopback only, none needed. */
  controlToken: string | null;
  /** Where log lines go; undefined = nowhere (and they are not built on hot paths). */
  log: ((line: string) => void) | undefined;
}

/** Everything the routes, channels and guest simulator share. One per running sandbox. */
export class SandboxCore {
  readonly state = new SandboxState();
  readonly faults = new FaultBook();
  readonly channels = new ChannelRegistry();
  url = '';
  /** Where the printed codes send a guest's phone: `guestUrl` when the host serves the guest pages elsewhere, else `url`. */
  guestUrl: string | null = null;
  mainRestaurantId = '';

  constructor(
    readonly options: ResolvedOptions,
    readonly clock: SandboxClock,
  ) {}

  nowIso(): string {
    return new Date(this.clock.now()).toISOString();
  }

  /** `nowIso` as a value to pass where the time is only read when needed (FaultBook.take). */
  readonly nowIsoFn = (): string => this.nowIso();

  /** False when nobody listens (no `log` option): hot paths then skip building their log lines. */
  get logging(): boolean {
    return this.options.log !== undefined;
  }

  log(line: string): void {
    this.options.log?.(line);
  }

  /** The named restaurant, or the one created at start; RESTAURANT_NOT_FOUND for an unknown id. */
  restaurant(id?: string): Restaurant {
    const r = this.state.restaurants.get(id ?? this.mainRestaurantId);
    if (!r) throw new SandboxError('RESTAURANT_NOT_FOUND', { restaurantId: id });
    return r;
  }

  createRestaurant(name: string, apiKey?: string): { id: string; name: string; apiKey: string } {
    const key = apiKey ?? newApiKey();
    if (this.state.byApiKey.has(key)) throw new SandboxError('API_KEY_TAKEN', {});
    const r = this.state.addRestaurant(newId(), name, key);
    this.log(`restaurant created id=${r.id} name=${JSON.stringify(name)}`);
    return { id: r.id, name: r.name, apiKey: r.apiKey };
  }

  injectFault(input: unknown): FaultRecord {
    const parsed = parseWith(FaultRequest, input);
    if (!parsed.ok) throw new SandboxError('BAD_REQUEST', { detail: parsed.error });
    const r = this.restaurant(parsed.value.restaurantId);
    const rec = this.faults.add(parsed.value, r.id, this.nowIso());
    this.log(`fault injected kind=${rec.kind} restaurant=${r.id}`);
    this.applyPendingFaults(r.id);
    return rec;
  }

  /** Connection faults act on the restaurant's connection as soon as it can take them. */
  applyPendingFaults(restaurantId: string): void {
    const ch = this.channels.get(restaurantId);
    if (!ch) return;
    for (const f of this.faults.pendingConnectionFaults(restaurantId)) {
      if (ch.applyFault(f)) {
        this.faults.consume(f, `${ch.kind} connection of Pos-Id ${ch.posId}`, this.nowIso());
        this.log(`fault applied kind=${f.kind} restaurant=${restaurantId} transport=${ch.kind}`);
      }
    }
  }

  /** The request a channel writes for a call; the `unknown-fields` fault decorates it once. */
  outgoing(restaurantId: string, call: PendingCall): MethodCallRequest & Record<string, unknown> {
    this.state.counters.callsSent += 1;
    const req = { uuid: call.uuid, method: call.method, args: call.args };
    const f = this.faults.take(restaurantId, 'unknown-fields', () => `call ${call.method}`, this.nowIsoFn);
    return f ? (withUnknownFields(req) as MethodCallRequest & Record<string, unknown>) : req;
  }

  /** Counts calls the sandbox had to fail (time-out, lost connection). */
  readonly callSettled = (_call: PendingCall, outcome: CallOutcome): void => {
    if ('error' in outcome && (outcome.error.code === 'TIMEOUT' || outcome.error.code === 'CONNECTION_LOST')) {
      this.state.counters.callsFailed += 1;
    }
  };

  /** Delay before the next delivery or answer (the `delay` fault), 0 when none is pending. */
  takeDelay(restaurantId: string, what: Lazy<string>): number {
    const f = this.faults.take(restaurantId, 'delay', what, this.nowIsoFn);
    return f ? f.ms : 0;
  }

  snapshot(): unknown {
    const now = this.clock.now();
    return {
      now: new Date(now).toISOString(),
      clockOffsetMs: this.clock.offsetMs,
      url: this.url,
      serviceName: this.options.serviceName,
      restaurants: [...this.state.restaurants.values()].map((r) => ({
        id: r.id,
        name: r.name,
        firstPosId: r.firstPosId,
        qrCodes: [...r.qr.values()],
        menus: r.menus.length,
        /** The last menus the POS pushed, whole (what a guest orders from). */
        pushedMenus: r.menus,
        menuItems: r.menuItems.length,
        orders: [...r.orders.values()],
        eshopOrders: [...r.eshopOrders.values()],
        staticLinks: [...r.staticLinks.values()],
      })),
      connections: this.channels.all().map((ch) => ({ ...ch.describe(), live: ch.isLive() })),
      payments: [...this.state.payments.values()].map((p) => ({
        restaurantId: p.restaurantId,
        created: new Date(p.created).toISOString(),
        receipts: p.receipts.length,
        postponed: p.postponed ?? false,
        providedReceipt: p.providedReceipt ?? null,
        payment: p.payment,
      })),
      faults: this.faults.list(),
      counters: { ...this.state.counters },
    };
  }
}
