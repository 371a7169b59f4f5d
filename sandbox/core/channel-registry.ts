import type { PosChannel } from './pos-channel.js';

/**
 * One connection per restaurant, across every transport. The slot is owned by a channel key
 * (a WS socket, or the Pos-Id of a long-poll POS); a newcomer is refused while the owner is live,
 * and replaces it once the owner is no longer live.
 */
export class ChannelRegistry {
  private readonly byRestaurant = new Map<string, PosChannel>();
  /** A configured webhook: the restaurant's channel whenever no WS/poll connection is live. */
  private readonly fallbacks = new Map<string, PosChannel>();

  /** The registered channel, live or not (a long-poll POS between polls keeps its pending calls here). */
  get(restaurantId: string): PosChannel | null {
    return this.byRestaurant.get(restaurantId) ?? null;
  }

  /** The restaurant's open connection, or null. */
  live(restaurantId: string): PosChannel | null {
    const ch = this.byRestaurant.get(restaurantId);
    if (ch?.isLive()) return ch;
    const fallback = this.fallbacks.get(restaurantId);
    return fallback?.isLive() ? fallback : null;
  }

  /** Sets the restaurant's webhook channel (it does not hold the slot: a WS or poll POS still may). */
  setFallback(channel: PosChannel): void {
    this.fallbacks.set(channel.restaurantId, channel);
  }

  clearFallback(channel: PosChannel): void {
    if (this.fallbacks.get(channel.restaurantId) === channel) this.fallbacks.delete(channel.restaurantId);
  }

  /** Takes the slot for `channel`; false when another live connection owns it. */
  claim(channel: PosChannel): boolean {
    const current = this.byRestaurant.get(channel.restaurantId);
    if (current && current !== channel) {
      if (current.isLive()) return false;
      this.byRestaurant.delete(channel.restaurantId);
      current.close('replaced by a newer connection');
    }
    this.byRestaurant.set(channel.restaurantId, channel);
    return true;
  }

  release(channel: PosChannel): void {
    if (this.byRestaurant.get(channel.restaurantId) === channel) this.byRestaurant.delete(channel.restaurantId);
  }

  all(): PosChannel[] {
    return [...this.byRestaurant.values(), ...this.fallbacks.values()];
  }

  closeAll(reason: string): void {
    for (const ch of this.all()) {
      this.byRestaurant.delete(ch.restaurantId);
      ch.close(reason);
    }
    this.fallbacks.clear();
  }
}
