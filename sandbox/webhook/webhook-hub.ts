import { WEBHOOK_BUDGET_MS } from '../../main/base/wire/index.js';
import type { SandboxCore } from '../core/core.js';
import type { Restaurant } from '../core/state.js';
import { WebhookChannel } from './webhook-channel.js';

export interface WebhookSettings {
  /** Ping interval; 0 = no pings. Default 60 s. */
  pingIntervalMs: number;
  /** Per-attempt answer budget. Default: the sandbox's call time-out (15 s). */
  budgetMs: number;
}

/**
 * The restaurants' configured webhook URLs and their channels, one hub per sandbox. The channel
 * serves as the restaurant's connection whenever no WebSocket or long-poll POS is connected.
 */
export class WebhookHub {
  private readonly channels = new Map<string, WebhookChannel>();

  constructor(
    private readonly core: SandboxCore,
    readonly settings: WebhookSettings,
  ) {}

  configure(restaurant: Restaurant, posId: string, webhookUrl: string): WebhookChannel {
    const old = this.channels.get(restaurant.id);
    if (old) {
      this.core.channels.clearFallback(old);
      old.close('a new webhook URL was configured');
    }
    const ch = new WebhookChannel(this.core, restaurant.id, posId, webhookUrl, restaurant.apiKey, {
      budgetMs: this.settings.budgetMs,
      pingIntervalMs: this.settings.pingIntervalMs,
    });
    this.channels.set(restaurant.id, ch);
    this.core.channels.setFallback(ch);
    this.core.log(`webhook configured restaurant=${restaurant.id} url=${webhookUrl}`);
    return ch;
  }

  channel(restaurantId: string): WebhookChannel | null {
    return this.channels.get(restaurantId) ?? null;
  }
}

const hubs = new WeakMap<SandboxCore, WebhookHub>();

/** The sandbox's hub, made on first use with the core's options. */
export function webhookHub(core: SandboxCore): WebhookHub {
  let hub = hubs.get(core);
  if (!hub) {
    hub = new WebhookHub(core, { pingIntervalMs: core.options.webhookPingMs, budgetMs: core.options.callTimeoutMs || WEBHOOK_BUDGET_MS });
    hubs.set(core, hub);
  }
  return hub;
}
