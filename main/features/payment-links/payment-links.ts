// Payment links: a link a guest pays from afar (a phone order, a deposit, a tab), made
// with the service's static payment link endpoints. The service holds the link; the local store
// remembers which ones this till made (the service cannot list them), so the cashier can list and
// delete them. Every refusal is a code with the link's amount and description, never its id.
import type { CommandResult, ErrorParams, PaymentLinkInput, PaymentLinkList, PaymentLinkState, PaymentLinkView } from '../../../preload/contract.js';
import type { Logger } from '../../base/log.js';
import type { ServiceClient, ServiceFailure } from '../../base/service/index.js';
import type { PaymentLinksStore, PaymentLinkRecord } from '../../store/index.js';
import { money } from '../../store/index.js';
import { fail, ok } from '../../base/command-result.js';
import { checkLinkInput } from './link-input.js';

export interface PaymentLinksDeps {
  store: PaymentLinksStore;
  /** The current connection's REST client (settings may swap it; in demo mode, the embedded sandbox). */
  client(): ServiceClient;
  /** The till's currency, used when the cashier names none. */
  defaultCurrency(): string;
  log: Logger;
}

/** The cashier's payment-link commands of CompanionApi. */
export interface PaymentLinks {
  /** Checks the input, makes the link at the service and remembers it here. */
  createPaymentLink: (input: PaymentLinkInput) => Promise<CommandResult<PaymentLinkView>>;
  /** The newest links this till made, each with what the service says of it now. */
  listPaymentLinks: () => Promise<CommandResult<PaymentLinkList>>;
  getPaymentLink: (input: { linkId: string }) => Promise<CommandResult<PaymentLinkView>>;
  /** Deleted at the service, then forgotten here (a link the service no longer knows is just forgotten). */
  deletePaymentLink: (input: { linkId: string }) => Promise<CommandResult<null>>;
}

/** How many links are asked about at once when the list opens. */
const CHECK_CONCURRENCY = 6;
/** The newest links listed (older ones stay stored, and still work at the service). */
export const LIST_LIMIT = 200;

/** The link in the cashier's words: its amount and description (the renderer formats the money). */
export function linkParams(link: { amount: string | null; currency: string; description: string }): ErrorParams {
  const params: ErrorParams = { currency: link.currency };
  if (link.amount !== null) params.amount = money(link.amount);
  if (link.description) params.link = link.description;
  return params;
}

export function linkView(record: PaymentLinkRecord, state: PaymentLinkState): PaymentLinkView {
  return {
    id: record.id,
    amount: record.amount === null ? null : money(record.amount),
    currency: record.currency,
    description: record.description,
    url: record.url,
    created: record.created,
    state,
  };
}

const refused = <T>(answer: ServiceFailure, params: ErrorParams): CommandResult<T> => fail<T>(answer.code, params);

/** Runs `fn` over `items`, at most `limit` at a time, keeping the order. */
async function mapLimited<T, R>(items: readonly T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}

export function createPaymentLinks(deps: PaymentLinksDeps): PaymentLinks {
  const { store, log } = deps;
  // who-am-i names the merchant (the restaurant) the links belong to; asked once per connection.
  const merchants = new WeakMap<ServiceClient, string>();

  async function merchantOf(client: ServiceClient): Promise<{ ok: true; value: string } | ServiceFailure> {
    const known = merchants.get(client);
    if (known) return { ok: true, value: known };
    const who = await client.whoAmI();
    if (!who.ok) return who;
    merchants.set(client, who.value.id);
    return { ok: true, value: who.value.id };
  }

  /** One stored link with what the service says of it now; a failure to ask is `unknown`, with why. */
  async function check(client: ServiceClient, record: PaymentLinkRecord): Promise<{ view: PaymentLinkView; failure: ServiceFailure | null }> {
    const answer = await client.getStaticPaymentLink(record.idMerchant, record.id);
    if (answer.ok) return { view: linkView(record, 'active'), failure: null };
    if (answer.status === 404) return { view: linkView(record, 'gone'), failure: null };
    return { view: linkView(record, 'unknown'), failure: answer };
  }

  async function createPaymentLink(input: PaymentLinkInput): Promise<CommandResult<PaymentLinkView>> {
    const checked = checkLinkInput(input, deps.defaultCurrency());
    if (!checked.ok) return fail(checked.refusal.code, checked.refusal.params);
    const link = checked.value;
    const client = deps.client();
    const merchant = await merchantOf(client);
    if (!merchant.ok) return refused(merchant, linkParams(link));
    const answer = await client.createStaticPaymentLink(merchant.value, link);
    if (!answer.ok) return refused(answer, linkParams(link));
    const made = answer.value;
    const record = store.savePaymentLink({
      id: made.id,
      idMerchant: made.idMerchant,
      amount: made.amount ?? null,
      currency: made.currency,
      description: made.description,
      url: made.url,
    });
    log.info({ mod: 'payment-links', linkId: made.id, amount: record.amount, currency: record.currency }, 'payment link created');
    return ok(linkView(record, 'active'));
  }

  async function listPaymentLinks(): Promise<CommandResult<PaymentLinkList>> {
    const records = store.paymentLinks(LIST_LIMIT);
    const client = deps.client();
    const checked = await mapLimited(records, CHECK_CONCURRENCY, (r) => check(client, r));
    const failure = checked.find((c) => c.failure)?.failure ?? null;
    return ok({ links: checked.map((c) => c.view), checkFailed: failure ? { code: failure.code } : null });
  }

  async function getPaymentLink(input: { linkId: string }): Promise<CommandResult<PaymentLinkView>> {
    const record = store.getPaymentLink(input.linkId);
    if (!record) return fail('LINK_NOT_FOUND');
    return ok((await check(deps.client(), record)).view);
  }

  async function deletePaymentLink(input: { linkId: string }): Promise<CommandResult<null>> {
    const record = store.getPaymentLink(input.linkId);
    if (!record) return fail('LINK_NOT_FOUND');
    const answer = await deps.client().deleteStaticPaymentLink(record.idMerchant, record.id);
    // A link the service no longer knows is deleted already: forgetting it here is all that is left.
    if (!answer.ok && answer.status !== 404) return refused(answer, linkParams(record));
    store.removePaymentLink(record.id);
    log.info({ mod: 'payment-links', linkId: record.id, alreadyGone: !answer.ok }, 'payment link deleted');
    return ok(null);
  }

  return { createPaymentLink, listPaymentLinks, getPaymentLink, deletePaymentLink };
}
