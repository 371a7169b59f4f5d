import { z } from 'zod';
import type { PosApiStore } from './pos-api-contract.js';
import { defineRoute, guard, HttpError, type Route } from '../../base/http-route.js';
import { billView, billViews, paymentView, tableViews } from './views.js';
import {
  BillDetailResponse,
  BillInput,
  BillResponse,
  BillsQuery,
  CloseBillInput,
  IdParams,
  TableInput,
  TableResponse,
  TableViewResponse,
  toBillResponse,
  toPaymentResponse,
  toTableResponse,
  toTableViewResponse,
  type BillDetailResponse as BillDetail,
} from './pos-api-contract.js';

/** Tables and bills on the local POS API: what the POS feeds in, and the bills with their payments. */

const route = defineRoute<PosApiStore>();

const notFound = (what: string, id: string) => new HttpError(404, 'NOT_FOUND', `${what} ${id} does not exist.`);

function billWithPayments(store: PosApiStore, id: string): BillDetail {
  const view = billView(store, id);
  if (!view) throw notFound('Bill', id);
  const payments = view.paymentIds.flatMap((p) => {
    const payment = paymentView(store, p);
    return payment ? [toPaymentResponse(payment)] : [];
  });
  return { ...toBillResponse(view), payments };
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
    const bills = (more ? page.slice(0, q.limit) : page).map(toBillResponse);
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
    summary: 'Create a bill or replace its items (paid quantities stay paid)',
    params: IdParams,
    body: BillInput,
    responses: { 200: { description: 'Replaced', body: BillDetailResponse }, 201: { description: 'Created', body: BillDetailResponse } },
    errors: {
      400: 'Bad input; `field` names it (also: unknown tableId)',
      409: 'The change would take away paid or locked quantity, change a locked price, or the bill is closed',
    },
  })(async ({ store }, { params, body: input }) => {
    const existed = store.read.bills.get(params.id!) !== null; // its row, not its lines
    // The POS's most frequent write: its fsync runs on the threadpool, not on the event loop (a
    // guest's scan meanwhile is answered), and the POS is answered once it is done, as before.
    const { durable } = guard(() => store.putBillSynced({ ...input, id: params.id! }));
    await durable;
    const body = billWithPayments(store, params.id!);
    return existed ? { status: 200, body } : { status: 201, body };
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
