// The background check of payment links: on the app's clock, the links not yet final (paid,
// expired, gone) are asked of the service again, so a link paid while nobody looks at the list is
// known by the time someone does (and by the close of day). A round that is still out when the
// next is due is not doubled; with no link left open, a round asks nothing.
import type { Clock, TimerHandle } from '../../base/clock.js';
import type { Logger } from '../../base/log.js';
import type { PaymentLinks } from './payment-links.js';

/** How often the links not yet final are asked about. */
export const LINK_CHECK_MS = 5 * 60_000;

export interface LinkWatcher {
  start(): void;
  stop(): void;
  /** One round now (resolves when it ends; a round already out is joined, not doubled). */
  check(): Promise<void>;
}

export function createLinkWatcher(o: { links: Pick<PaymentLinks, 'refreshUnsettled'>; clock: Clock; log: Logger; intervalMs?: number }): LinkWatcher {
  let timer: TimerHandle | null = null;
  let round: Promise<void> | null = null;

  function check(): Promise<void> {
    round ??= o.links
      .refreshUnsettled()
      .then(
        (r) => {
          if (r.failure) o.log.info({ mod: 'payment-links', asked: r.asked, code: r.failure.code }, 'payment links could not all be checked');
        },
        (err: unknown) => o.log.error({ mod: 'payment-links', err }, 'payment link check failed'),
      )
      .finally(() => {
        round = null;
      });
    return round;
  }

  return {
    start(): void {
      timer ??= o.clock.setInterval(() => void check(), o.intervalMs ?? LINK_CHECK_MS);
    },
    stop(): void {
      o.clock.clearTimeout(timer);
      timer = null;
    },
    check,
  };
}
