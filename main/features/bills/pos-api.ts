import { z } from 'zod';
import type { PosApiStore } from './pos-api-contract.js';
import { defineRoute, guard, HttpError, type Route } from '../../base/http-route.js';
import { billView, billViews, paymentView, tableViews } from './views.js';
import { StoreError } from '../../store/index.js';
import {
  BillDetailResponse,
  BillInput,
  BillResponse,
  BillsQuery,
  CloseBillInput,
  IdParams,
  PutBillResponse,
  TableInput,
  TakeInInput,
  TakeInResponse,
  TableResponse,
  TableViewResponse,
  toBillResponse,
  toPaymentResponse,
  toTableResponse,
  toTableViewResponse,
  type BillDetailResponse as BillDetail,
  type BillOwnership,
} from './pos-api-contract.js';

/** Tables and bills on the local POS API: what the POS feeds in, and the bills with their payments. */

const route = defineRoute<PosApiStore>();

const notFound = (what: string, id: string) => new HttpError(404, 'NOT_FOUND', `${what} ${id} does not exist.`);

/** The bill's waiter and its guest lines not taken in yet, read beside its view. */
function ownership(store: PosApiStore, billId: string): BillOwnership {
  return {
    waiter: store.read.bills.get(billId)?.waiter ?? null,
    guestLineIds: new Set(store.read.bills.guestLines(billId).map((g) => g.itemId)),
  };
}

function billWithPayments(store: PosApiStore, id: string): BillDetail {
  const view = billView(store, id);
  if (!view) throw notFound('Bill', id);
  const payments = view.paymentIds.flatMap((p) => {
    const payment = paymentView(store, p);
    return payment ? [toPaymentResponse(payment)] : [];
  });
  return { ...toBillResponse(view, ownership(store, id)), payments };
}

export const billRoutes: Route<PosApiStore>[] = [
  route({
    method: 'GET',
    path: '/v1/tables',
    summary: 'List tables with their state and amount due',
    responses: { 200: { description: 'Tables', body: z.array(TableViewResponse) } },
  })(({ store }) => ({ status: 200, body: tableViews(store).map(toTableViewResponse) })),
  route({
    method: 'PUT',
    path: '/v1/tables/{id}',
    summary: 'Create or rename a table (and place it on the floor plan)',
    description:
      'Tables are listed in the order they were first created here; a table created again keeps its place in that order. `position` places the table on the floor plan: absent leaves it where it is, null takes it off the plan.',
    params: IdParams,
    body: TableInput,
    responses: { 200: { description: 'Updated', body: TableResponse }, 201: { description: 'Created', body: TableResponse } },
  })(({ store }, { params, body: input }) => {
    const existed = store.getTable(params.id!) !== null;
    // position: absent leaves the floor-plan place as it is, null takes the table off the plan.
    const table = guard(() =>
      store.upsertTable({
        id: params.id!,
        name: input.name,
        area: input.area ?? null,
        waiter: input.waiter ?? null,
        ...(input.position === undefined ? {} : { plan: input.position }),
      }),
    );
    const body = toTableResponse(table);
    return existed ? { status: 200, body } : { status: 201, body };
  }),
  route({
    method: 'DELETE',
    path: '/v1/tables/{id}',
    summary: 'Delete a table',
    params: IdParams,
    responses: { 204: { description: 'Deleted' } },
    errors: { 404: 'No such table', 409: 'The table has open bills' },
  })(({ store }, { params }) => {
    guard(() => store.deleteTable(params.id!));
    return { status: 204 };
  }),
  route({
    method: 'GET',
    path: '/v1/bills',
    summary: 'List bills',
    query: BillsQuery,
    responses: {
      200: {
        description: 'One page of bills in bill-id order; a `Link: <…>; rel="next"` header points at the next page when there is one',
        body: z.array(BillResponse),
        headers: { Link: { description: 'The next page: `</v1/bills?…>; rel="next"`' } },
      },
    },
    errors: { 400: 'Bad query parameter' },
  })(({ store }, { query: q }) => {
    // One more than asked tells whether a next page exists, without counting them all.
    const page = billViews(store, { tableId: q.tableId, state: q.state, after: q.after, limit: q.limit + 1 });
    const more = page.length > q.limit;
    const bills = (more ? page.slice(0, q.limit) : page).map((v) => toBillResponse(v, ownership(store, v.id)));
    if (!more) return { status: 200, body: bills };
    const next = new URLSearchParams({
      ...(q.tableId ? { tableId: q.tableId } : {}),
      ...(q.state ? { state: q.state } : {}),
      after: bills.at(-1)!.id,
      limit: String(q.limit),
    });
    return { status: 200, body: bills, headers: { link: `</v1/bills?${next.toString()}>; rel="next"` } };
  }),
  route({
    method: 'PUT',
    path: '/v1/bills/{id}',
    summary: "Create a bill or replace its items (paid quantities stay paid, guests' lines not taken in stay)",
    description:
      "The POS owns the lines it sends. A line a guest ordered (id `<orderId>#<n>`, announced in the order.created event's `data.lines`) " +
      "is Tableside's until the POS takes it in: by sending it (same id) in a PUT, or with POST /v1/bills/{id}/take-in. " +
      "A PUT that leaves out guest lines not yet taken in keeps them, after the POS's lines, and lists them in `guestLinesKept`. " +
      "A line paid or in a guest's payment keeps its name and price and cannot be removed or reduced below what is held: " +
      'such a PUT is refused with 409, its `lines` naming every such line, and nothing changes. ' +
      "The currency must be the restaurant's (400, field `currency`).",
    params: IdParams,
    body: BillInput,
    responses: { 200: { description: 'Replaced', body: PutBillResponse }, 201: { description: 'Created', body: PutBillResponse } },
    errors: {
      400: "Bad input; `field` names it (also: unknown tableId, a currency other than the restaurant's)",
      409: 'The change would remove, reduce, reprice or rename a line paid or in payment (`lines` names them all), or the bill is closed',
    },
  })(async ({ store, reports }, { params, body: input }) => {
    // The restaurant has one currency: guests' orders are in it, so its bills are too.
    if (input.currency !== reports.defaultCurrency) {
      guard(() => {
        throw new StoreError('INVALID', { reason: 'restaurant-currency', currency: input.currency, expected: reports.defaultCurrency }, 'currency');
      });
    }
    const existed = store.read.bills.get(params.id!) !== null; // its row, not its lines
    // The POS's most frequent write: its fsync runs on the threadpool, not on the event loop (a
    // guest's scan meanwhile is answered), and the POS is answered once it is done, as before.
    const { result, durable } = guard(() => store.putBillSynced({ ...input, id: params.id! }));
    await durable;
    const body = {
      ...billWithPayments(store, params.id!),
      guestLinesKept: result.guestLinesKept.map((g) => ({ id: g.id, name: g.name, orderId: g.orderId })),
      guestLinesTakenIn: result.guestLinesTakenIn,
    };
    return existed ? { status: 200, body } : { status: 201, body };
  }),
  route({
    method: 'POST',
    path: '/v1/bills/{id}/take-in',
    summary: "Take guests' lines in: they become the POS's lines",
    description: 'The other way to take guest lines in than sending them in the next PUT. Idempotent: a line taken in before is listed in `alreadyPos`.',
    params: IdParams,
    body: TakeInInput,
    responses: { 200: { description: 'What became of each line id', body: TakeInResponse } },
    errors: { 400: 'Bad input; `field` names it', 404: 'No such bill' },
  })(({ store }, { params, body }) => {
    const result = guard(() => store.takeInLines(params.id!, body.lineIds));
    return { status: 200, body: { takenIn: result.takenIn, alreadyPos: result.alreadyPos, notOnBill: result.notOnBill } };
  }),
  route({
    method: 'GET',
    path: '/v1/bills/{id}',
    summary: 'A bill with items, totals and payments',
    params: IdParams,
    responses: { 200: { description: 'The bill', body: BillDetailResponse } },
    errors: { 404: 'No such bill' },
  })(({ store }, { params }) => ({ status: 200, body: billWithPayments(store, params.id!) })),
  route({
    method: 'DELETE',
    path: '/v1/bills/{id}',
    summary: 'Close a bill',
    description:
      'With an amount still due, the optional body says how it was settled (cash, card-at-counter, written-off, or walkout: the guests left without paying); it is kept with the bill and in the bill.closed event (data.settlement, data.due), ' +
      "and the day report and the payments CSV list it as a line of its own under the bill's waiter at the close.",
    params: IdParams,
    body: CloseBillInput,
    bodyOptional: true,
    responses: { 200: { description: 'Closed', body: BillDetailResponse } },
    errors: { 400: 'Bad settlement; `field` names it', 404: 'No such bill', 409: 'A payment is in progress' },
  })(({ store }, { params, body }) => {
    guard(() => store.closeBill(params.id!, body?.settlement));
    return { status: 200, body: billWithPayments(store, params.id!) };
  }),
];
