import { z } from 'zod';
import type { CommandFailure, CommandResult, PaymentLinkView } from '../../../preload/contract.js';
import type { PosApiStore } from '../bills/pos-api-contract.js';
import { defineRoute, documented, HttpError, named, type PaymentLinkPort, type Route, type RouteContext } from '../../base/http-route.js';
import { DateTime, IdParams } from '../bills/pos-api-contract.js';
import { MAX_DESCRIPTION } from './link-input.js';

/**
 * Payment links on the local POS API: the cashier's commands (main/features/payment-links), with
 * their rules and refusal codes, answered as HTTP. The link lives at the payment service; the till
 * remembers the ones it made and what the service last said of them (paid, with its payment).
 */

const LINK_STATES = ['active', 'paid', 'expired', 'gone', 'unknown'] as const;

export const PaymentLinkInput = named(
  'PaymentLinkInput',
  z.object({
    amount: documented(z.string().max(40), {
      description: 'More than zero, at most 2 decimal places and 15 digits before the point; never rounded ("12.345" is refused)',
      examples: ['250.50'],
    }),
    currency: documented(z.string().max(10), { description: "ISO 4217, e.g. CZK (default: the till's)" }).optional(),
    description: documented(z.string().max(1000), {
      description: `What it is for; the guest sees it (at most ${MAX_DESCRIPTION} characters, trimmed)`,
    }).optional(),
  }),
);

const Money = documented(z.string(), { pattern: '^\\d+\\.\\d{2}$', examples: ['250.50'] });

export const PaymentLinkResponse = named(
  'PaymentLink',
  z.object({
    id: documented(z.string(), { description: "The service's link id" }),
    amount: documented(Money.nullable(), { description: 'null: the guest chooses the amount' }),
    currency: z.string(),
    description: z.string(),
    url: documented(z.string(), { description: 'The page a guest opens to pay (what its QR code holds)' }),
    created: DateTime,
    state: documented(z.enum(LINK_STATES), {
      description:
        'active: payable; paid (see payment), expired, gone (deleted at the service) are final; unknown: the service could not be asked now, or answered a state the till does not know',
    }),
    payment: documented(
      z.object({
        id: documented(z.string().nullable(), { description: "The service's payment id, when it said" }),
        amount: Money.nullable(),
        time: documented(DateTime, { description: 'When the guest paid (or when the till learned it, when the service did not say)' }),
      }),
      { description: 'The payment the link produced, once paid' },
    ).nullable(),
  }),
);
export type PaymentLinkResponse = z.infer<typeof PaymentLinkResponse>;

export const PaymentLinkListResponse = named(
  'PaymentLinkList',
  z.object({
    links: documented(z.array(PaymentLinkResponse), { description: 'The newest 200 links this till made, newest first' }),
    checkFailed: documented(z.object({ code: z.string() }).nullable(), {
      description: 'Why some links could not be asked of the service now (their state is unknown), e.g. NETWORK_ERROR; null when all were',
    }),
  }),
);

export const toPaymentLinkResponse = (v: PaymentLinkView): PaymentLinkResponse => ({
  id: v.id,
  amount: v.amount,
  currency: v.currency,
  description: v.description,
  url: v.url,
  created: v.created,
  state: v.state,
  payment: v.payment ? { id: v.payment.id, amount: v.payment.amount, time: v.payment.time } : null,
});

/** The cashier's refusal codes as HTTP: the code is kept, so the POS can tell them apart. */
const REFUSALS: Record<string, { status: number; message: (f: CommandFailure) => string }> = {
  INVALID_AMOUNT: {
    status: 400,
    message: (f) =>
      ({
        format: 'amount: must be a decimal number such as "250.50"',
        positive: 'amount: must be more than zero',
        places: 'amount: has more than 2 decimal places; it is never rounded',
        large: 'amount: is too large: at most 15 digits before the decimal point',
      })[String(f.params?.reason)] ?? 'amount: is not a valid amount',
  },
  INVALID_CURRENCY: { status: 400, message: () => 'currency: must be a three-letter ISO 4217 code, e.g. CZK' },
  DESCRIPTION_TOO_LONG: { status: 400, message: () => `description: may be at most ${MAX_DESCRIPTION} characters` },
  LINK_NOT_FOUND: { status: 404, message: () => 'This till made no payment link with this id (or it was deleted).' },
  LINK_PAID: { status: 409, message: () => 'The link was paid: it stays as the record of its payment and cannot be deleted.' },
  SERVICE_RESTARTING: { status: 503, message: () => 'The payment service is restarting; try again in 2 minutes.' },
  UNAUTHORIZED: { status: 502, message: () => 'The payment service rejected the API key or Pos-Id: check them in the till’s Settings.' },
  NETWORK_ERROR: { status: 502, message: () => 'The payment service cannot be reached: check the internet connection.' },
  TIMEOUT: { status: 502, message: () => 'The payment service did not answer in time; try again.' },
};

function refusal(failure: CommandFailure): HttpError {
  const known = REFUSALS[failure.code];
  if (known) {
    const field = typeof failure.params?.field === 'string' ? failure.params.field : null;
    return new HttpError(known.status, failure.code, known.message(failure), field, known.status === 503 ? { 'retry-after': '120' } : {});
  }
  if (failure.code === 'INTERNAL' || failure.code === 'INTERNAL_ERROR') {
    return new HttpError(500, 'INTERNAL_ERROR', 'Tableside could not handle this request; it was logged. Try again.');
  }
  // Any other refusal came from the payment service: its code, as the cashier's screen gets it.
  return new HttpError(502, failure.code, `The payment service refused (${failure.code}); the link is unchanged. Try again, or check the till's connection.`);
}

function linksOf(ctx: RouteContext<PosApiStore>): PaymentLinkPort {
  if (!ctx.paymentLinks)
    throw new HttpError(503, 'UNAVAILABLE', 'Payment links need the till’s connection to the payment service, which this API was started without.');
  return ctx.paymentLinks;
}

async function value<T>(answer: Promise<CommandResult<T>>): Promise<T> {
  const r = await answer;
  if (!r.ok) throw refusal(r.error);
  return r.value;
}

const SERVICE_ERRORS = {
  502: 'The payment service could not be reached or refused (the code says why: NETWORK_ERROR, UNAUTHORIZED, ...)',
  503: 'The payment service is restarting (Retry-After), or the API runs without a service connection',
};

const route = defineRoute<PosApiStore>();

export const paymentLinkRoutes: readonly Route<PosApiStore>[] = [
  route({
    method: 'POST',
    path: '/v1/payment-links',
    summary: 'Make a payment link at the payment service (a phone order, a deposit, a tab paid from afar)',
    body: PaymentLinkInput,
    responses: { 201: { description: 'Made at the service and remembered here', body: PaymentLinkResponse } },
    errors: { 400: 'A bad amount (INVALID_AMOUNT), currency (INVALID_CURRENCY) or description (DESCRIPTION_TOO_LONG), naming the field', ...SERVICE_ERRORS },
  })(async (ctx, { body }) => {
    const made = await value(
      linksOf(ctx).createPaymentLink({
        amount: body.amount,
        ...(body.currency === undefined ? {} : { currency: body.currency }),
        ...(body.description === undefined ? {} : { description: body.description }),
      }),
    );
    return { status: 201, body: toPaymentLinkResponse(made) };
  }),
  route({
    method: 'GET',
    path: '/v1/payment-links',
    summary: 'The payment links this till made, newest first, each as the service says it is now',
    description: 'Links not yet final (paid, expired, gone) are asked of the payment service again.',
    responses: { 200: { description: 'The links', body: PaymentLinkListResponse } },
  })(async (ctx) => {
    const list = await value(linksOf(ctx).listPaymentLinks());
    return { status: 200, body: { links: list.links.map(toPaymentLinkResponse), checkFailed: list.checkFailed ? { code: list.checkFailed.code } : null } };
  }),
  route({
    method: 'GET',
    path: '/v1/payment-links/{id}',
    summary: 'One payment link, as the service says it is now (its payment once paid)',
    params: IdParams,
    responses: { 200: { description: 'The link', body: PaymentLinkResponse } },
    errors: { 404: 'No such link made by this till (LINK_NOT_FOUND)' },
  })(async (ctx, { params }) => ({ status: 200, body: toPaymentLinkResponse(await value(linksOf(ctx).getPaymentLink({ linkId: params.id! }))) })),
  route({
    method: 'DELETE',
    path: '/v1/payment-links/{id}',
    summary: 'Delete a payment link at the service (a guest can no longer pay it) and forget it here',
    params: IdParams,
    responses: { 204: { description: 'Deleted (or the service had deleted it already)' } },
    errors: {
      404: 'No such link made by this till (LINK_NOT_FOUND)',
      409: 'The link was paid (LINK_PAID): it stays as the record of its payment',
      ...SERVICE_ERRORS,
    },
  })(async (ctx, { params }) => {
    await value(linksOf(ctx).deletePaymentLink({ linkId: params.id! }));
    return { status: 204 };
  }),
];
