// Payment links: a link a guest pays from afar (a phone order, a deposit, a tab), made
// with the service's static payment link endpoints. The service holds the link; the local store
// remembers which ones this till made (the service cannot list them) and what it last said of
// each (paid, with its payment), so the cashier can list and delete them and the day report counts
// them. Every refusal is a code with the link's amount and description, never its id.
import type { CommandResult, ErrorParams, PaymentLinkInput, PaymentLinkList, PaymentLinkState, PaymentLinkView } from '../../../preload/contract.js';
import type { Logger } from '../../base/log.js';
import type { ServiceClient, ServiceFailure } from '../../base/service/index.js';
import type { StaticPaymentLink } from '../../base/wire/index.js';
import type { LearnedLinkState, PaymentLinksStore, PaymentLinkRecord } from '../../store/index.js';
import { FINAL_LINK_STATES, money } from '../../store/index.js';
import { fail, ok } from '../../base/command-result.js';
import { checkLinkInput } from './link-input.js';

export interface PaymentLinksDeps {
  store: PaymentLinksStore;
  /** The current connection's REST client (settings may swap it; in demo mode, the embedded sandbox). */
  client(): ServiceClient;
  /** The till's currency, used when the cashier names none. */
  defaultCurrency(): string;
  log: Logger;
  /** A link's state or payment changed (what the service said was new to the till). */
  changed?(link: PaymentLinkView): void;
}

/** The cashier's payment-link commands of CompanionApi, and the background check. */
export interface PaymentLinks {
  /** Checks the input, makes the link at the service and remembers it here. */
  createPaymentLink: (input: PaymentLinkInput) => Promise<CommandResult<PaymentLinkView>>;
  /** The newest links this till made; those not yet final are asked of the service again. */
  listPaymentLinks: () => Promise<CommandResult<PaymentLinkList>>;
  getPaymentLink: (input: { linkId: string }) => Promise<CommandResult<PaymentLinkView>>;
  /**
   * Deleted at the service, then forgotten here (a link the service no longer knows is just
   * forgotten). A paid link is refused: it is the record of its payment (the day report counts it).
   */
  deletePaymentLink: (input: { linkId: string }) => Promise<CommandResult<null>>;
  /** Asks the service about the links not yet final; what it learns is stored. */
  refreshUnsettled: () => Promise<{ asked: number; changed: number; failure: ServiceFailure | null }>;
}

/** How many links are asked about at once. */
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

/** The stored link as the cashier sees it; `state` overrides the stored one (`unknown`: it could not be asked now). */
export function linkView(record: PaymentLinkRecord, state: PaymentLinkState = record.state): PaymentLinkView {
  return {
    id: record.id,
    amount: record.amount === null ? null : money(record.amount),
    currency: record.currency,
    description: record.description,
    url: record.url,
    created: record.created,
    state,
    payment:
      record.state === 'paid' && record.paidAt !== null
        ? { id: record.paymentId, amount: record.paymentAmount === null ? null : money(record.paymentAmount), time: record.paidAt }
        : null,
  };
}

/** What the service's answer says, in the store's words (the wire's reading already made it tolerant). */
export function learnedFrom(answer: StaticPaymentLink): LearnedLinkState {
  const first = answer.payments[0] ?? null;
  switch (answer.state) {
    case 'PAID':
      return { state: 'paid', payment: first };
    case 'EXPIRED':
      return { state: 'expired', payment: null };
    case 'DELETED':
      return { state: 'gone', payment: null };
    case 'ACTIVE':
      return { state: 'active', payment: null };
    default:
      return { state: 'unknown', payment: null };
  }
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

interface Checked {
  view: PaymentLinkView;
  changed: boolean;
  failure: ServiceFailure | null;
}

export function createPaymentLinks(deps: PaymentLinksDeps): PaymentLinks {
  const { store, log } = deps;
  // who-am-i names the merchant (the restaurant) the links belong to; asked once per connection.
  const merchants = new WeakMap<ServiceClient, string>();
  // One question per link at a time: the list's refresh and the background check share it.
  const inFlight = new Map<string, Promise<Checked>>();

  async function merchantOf(client: ServiceClient): Promise<{ ok: true; value: string } | ServiceFailure> {
    const known = merchants.get(client);
    if (known) return { ok: true, value: known };
    const who = await client.whoAmI();
    if (!who.ok) return who;
    merchants.set(client, who.value.id);
    return { ok: true, value: who.value.id };
  }

  async function ask(client: ServiceClient, record: PaymentLinkRecord): Promise<Checked> {
    const answer = await client.getStaticPaymentLink(record.idMerchant, record.id);
    let learned: LearnedLinkState;
    if (answer.ok) learned = learnedFrom(answer.value);
    else if (answer.status === 404) learned = { state: 'gone', payment: null };
    else return { view: linkView(record, 'unknown'), changed: false, failure: answer };
    const after = store.learnPaymentLinkState(record.id, learned);
    // Deleted here while the question was out: the answer has nowhere to go.
    if (!after) return { view: linkView(record, learned.state), changed: false, failure: null };
    const view = linkView(after.record);
    if (after.changed) {
      log.info({ mod: 'payment-links', linkId: record.id, state: view.state, paymentId: after.record.paymentId }, 'payment link state changed');
      deps.changed?.(view);
    }
    return { view, changed: after.changed, failure: null };
  }

  /** One stored link with what the service says of it now; a final one is not asked again. */
  function check(client: ServiceClient, record: PaymentLinkRecord): Promise<Checked> {
    if (FINAL_LINK_STATES.has(record.state)) return Promise.resolve({ view: linkView(record), changed: false, failure: null });
    const pending = inFlight.get(record.id);
    if (pending) return pending;
    const asking = ask(client, record).finally(() => inFlight.delete(record.id));
    inFlight.set(record.id, asking);
    return asking;
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
    if (record.state === 'paid') return fail('LINK_PAID', linkParams(record));
    const answer = await deps.client().deleteStaticPaymentLink(record.idMerchant, record.id);
    // A link the service no longer knows is deleted already: forgetting it here is all that is left.
    if (!answer.ok && answer.status !== 404) return refused(answer, linkParams(record));
    store.removePaymentLink(record.id);
    log.info({ mod: 'payment-links', linkId: record.id, alreadyGone: !answer.ok }, 'payment link deleted');
    return ok(null);
  }

  async function refreshUnsettled(): Promise<{ asked: number; changed: number; failure: ServiceFailure | null }> {
    const records = store.unsettledPaymentLinks(LIST_LIMIT);
    const client = deps.client();
    const checked = await mapLimited(records, CHECK_CONCURRENCY, (r) => check(client, r));
    return { asked: records.length, changed: checked.filter((c) => c.changed).length, failure: checked.find((c) => c.failure)?.failure ?? null };
  }

  return { createPaymentLink, listPaymentLinks, getPaymentLink, deletePaymentLink, refreshUnsettled };
}
