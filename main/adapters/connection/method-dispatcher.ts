import type { Clock } from '../../base/clock.js';
import type { Logger } from '../../base/log.js';
import type { BillsStore, PaymentsStore, OrdersStore, ReceiptsStore, EventsStore, StoreEngine, StoreWrite } from '../../store/index.js';
import { ErrorBody, METHOD_ARGS, METHOD_ERROR, parseWith, RESTAURANT_CURRENCY, type MethodArgs, type PosMethod } from '../../base/wire/index.js';
import { createAnswerCache } from '../../features/bills/answer-cache.js';
import { getTableList } from '../../features/bills/bill-methods.js';
import { createCommitBatcher } from '../../features/payments/commit-batcher.js';
import { createMenuCache } from '../../features/orders/menu-cache.js';
import { getMealMenus, orderClose, orderMarkAsPaid, orderPrepare, orderStart } from '../../features/orders/order-methods.js';
import { fail, fromError, ok } from '../../features/bills/method-outcome.js';
import { getPostponedReceipt, paymentClosed, paymentProcessed, paymentStart } from '../../features/payments/payment-methods.js';
import type { MethodDispatcher, MethodOutcome } from '../../base/method-types.js';

interface MethodDispatcherOptions {
  store: BillsStore & PaymentsStore & OrdersStore & ReceiptsStore & EventsStore & StoreEngine;
  log: Logger;
  clock: Clock;
  /** The restaurant's currency: guest orders in another are refused (default RESTAURANT_CURRENCY). */
  currency?: string;
}

/** The payment writes, by the store write each makes: during a rush they share commits (see commit-batcher.ts). */
const GROUP_COMMITTED: Partial<Record<PosMethod, StoreWrite>> = {
  paymentStart: 'startPayment',
  paymentProcessed: 'processPayment',
  paymentClosed: 'closePayment',
  orderStart: 'startOrder',
  orderMarkAsPaid: 'markOrderPaid',
  orderClose: 'closeOrder',
};

type Handlers = { [M in PosMethod]: (args: never) => MethodOutcome };

/**
 * The POS methods of docs/PROTOCOL.md §2 behind one entry point that every transport uses. Arguments
 * are parsed at this edge; handlers never throw: a store refusal becomes its method error, any
 * other failure INTERNAL_ERROR (logged with the ids involved, never shown with internals).
 */
export function createMethodDispatcher(options: MethodDispatcherOptions): MethodDispatcher {
  const { store } = options;
  const currency = options.currency ?? RESTAURANT_CURRENCY;
  const log = options.log.child({ mod: 'methods' });

  const serviceError = (args: unknown[]): MethodOutcome => {
    const parsed = parseWith(ErrorBody, args[0]);
    const error = parsed.ok ? parsed.value : { code: null, message: JSON.stringify(args[0] ?? null).slice(0, 500) };
    log.warn({ code: error.code, message: error.message }, 'the service reported an error');
    store.recordServiceError(error);
    return ok(null);
  };

  const answers = createAnswerCache(store);
  const batcher = createCommitBatcher(store, log);
  const menu = createMenuCache(store);

  const handlers: Handlers = {
    noop: () => ok(null),
    getTableList: () => getTableList(store),
    getTableContents: (args: MethodArgs<'getTableContents'>) => ok(answers.tableContents(args[0])),
    getBill: (args: MethodArgs<'getBill'>) => answers.bill(args[0]),
    paymentStart: (args) => paymentStart(store, log, args),
    paymentProcessed: (args) => paymentProcessed(store, log, args),
    paymentClosed: (args) => paymentClosed(store, log, args),
    getPostponedReceipt: (args) => getPostponedReceipt(store, log, args),
    error: (args: unknown[]) => serviceError(args),
    getMealMenus: () => getMealMenus(store),
    orderPrepare: (args) => orderPrepare(menu.price, currency, args),
    orderStart: (args) => orderStart(store, log, currency, args),
    orderMarkAsPaid: (args) => orderMarkAsPaid(store, log, args),
    orderClose: (args) => orderClose(store, log, args),
  };

  return {
    async handle(method, args, context) {
      if (!Object.hasOwn(METHOD_ARGS, method)) {
        log.warn({ method, transport: context?.transport }, 'method not supported');
        return fail(METHOD_ERROR.METHOD_NOT_SUPPORTED, `The POS does not support the method "${method}".`);
      }
      const name = method as PosMethod;
      const parsed = parseWith(METHOD_ARGS[name], args);
      if (!parsed.ok) {
        log.warn({ method, transport: context?.transport, problem: parsed.error }, 'bad method arguments');
        return fail(METHOD_ERROR.INVALID_ARGUMENTS, `${method}: args${parsed.error.startsWith('[') ? '' : ' '}${parsed.error}`);
      }
      const run = (): MethodOutcome => {
        try {
          return (handlers[name] as (a: unknown) => MethodOutcome)(parsed.value);
        } catch (e) {
          const known = fromError(e);
          const ids = idsOf(name, parsed.value);
          if (known) {
            log.info({ method, ...ids, code: 'error' in known ? known.error.code : undefined }, 'method refused');
            return known;
          }
          log.error({ method, ...ids, err: e, at: options.clock.now() }, 'method failed');
          return fail(METHOD_ERROR.INTERNAL_ERROR, 'The POS could not handle this call; it was logged. Try again.');
        }
      };
      const write = GROUP_COMMITTED[name];
      return write ? batcher.run(run, write) : run();
    },
  };
}

/** The bill or payment id of a call, for the log line that follows one payment through. */
function idsOf(method: PosMethod, args: unknown[]): { billId?: string; paymentId?: string; orderId?: string } {
  const first = args[0];
  if (method.startsWith('order')) return { orderId: typeof first === 'string' ? first : (first as { id?: string } | undefined)?.id };
  if (method === 'paymentStart' && typeof first === 'object' && first !== null) {
    const p = first as { id?: string; idBill?: string };
    return { paymentId: p.id, billId: p.idBill };
  }
  if (typeof first !== 'string') return {};
  return method === 'getBill' ? { billId: first } : method === 'getTableContents' ? {} : { paymentId: first };
}
