import { z } from 'zod';
import { DecimalString, Id, parseWith, type StaticLinkPayment, type StaticPaymentLink } from '../../main/base/wire/index.js';
import type { SandboxCore } from '../core/core.js';
import { SandboxError } from '../core/errors.js';
import { newId } from '../core/ids.js';

export const GuestPayLinkRequest = z.object({
  linkId: Id,
  /** Only for a link without an amount (the guest chooses it); a link with one is paid in full. */
  amount: DecimalString.refine((s) => !s.startsWith('-') && Number(s) > 0, 'must be more than zero').optional(),
});
export type GuestPayLinkRequest = z.input<typeof GuestPayLinkRequest>;
export interface GuestPayLinkResult {
  link: StaticPaymentLink;
  payment: StaticLinkPayment;
}

/**
 * POST /sandbox/guest/pay-link: a guest pays a static payment link from its page. The link becomes
 * PAID (final: it takes no second payment) and its GET answers the payment (docs/PROTOCOL.md §4).
 */
export function guestPayLink(core: SandboxCore, input: unknown): GuestPayLinkResult {
  const parsed = parseWith(GuestPayLinkRequest, input);
  if (!parsed.ok) throw new SandboxError('BAD_REQUEST', { detail: input === undefined ? 'body: a JSON object is required' : parsed.error });
  const { linkId, amount } = parsed.value;
  for (const restaurant of core.state.restaurants.values()) {
    const link = restaurant.staticLinks.get(linkId);
    if (!link) continue;
    if (link.state !== 'ACTIVE') throw new SandboxError('LINK_NOT_PAYABLE', { linkId, state: link.state });
    if (link.amount !== undefined && amount !== undefined && amount !== link.amount) {
      throw new SandboxError('BAD_REQUEST', { detail: `amount: this link asks for ${link.amount}; leave amount out` });
    }
    const paid = link.amount ?? amount;
    if (paid === undefined) throw new SandboxError('BAD_REQUEST', { detail: 'amount: the guest chooses the amount of this link; send one' });
    const payment: StaticLinkPayment = { id: newId(), amount: paid, time: core.nowIso() };
    link.state = 'PAID';
    link.payments = [payment];
    return { link: structuredClone(link), payment };
  }
  throw new SandboxError('BAD_REQUEST', { detail: `linkId: no payment link "${linkId}" in this sandbox` });
}
