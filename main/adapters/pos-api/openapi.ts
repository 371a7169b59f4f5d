import { ATTENTION_EVENT_KINDS, attentionPaths, attentionSchemas } from './openapi-attention.js';
import { ORDER_EVENT_KINDS, orderPaths, orderSchemas } from './openapi-orders.js';
import { receiptPaths, receiptSchemas } from './openapi-receipts.js';

/**
 * OpenAPI 3.1 description of the local POS API, served at /v1/openapi.json. Hand-written so it
 * reads as documentation; a test checks every served route is in here with its statuses.
 */
import { paymentsPath, reportPaths, reportSchemas } from './openapi-reports.js';

const json = (ref: string) => ({ content: { 'application/json': { schema: { $ref: `#/components/schemas/${ref}` } } } });
const list = (ref: string) => ({ content: { 'application/json': { schema: { type: 'array', items: { $ref: `#/components/schemas/${ref}` } } } } });
const err = (description: string) => ({ description, ...json('Error') });
const id = (name: string) => ({ name, in: 'path', required: true, schema: { type: 'string', minLength: 1, maxLength: 200 } });
const misdirected = { '421': err('The Host header does not name this machine (127.0.0.1, localhost or [::1] with the port): code MISDIRECTED_REQUEST') };
const common = { '401': err('Missing or wrong bearer token'), '405': err('Method not allowed on this path'), ...misdirected };
const decimal = { type: 'string', pattern: '^\\d{1,15}(\\.\\d{1,6})?$', examples: ['62.50'] };
const price = { type: 'string', pattern: '^\\d{1,15}(\\.\\d{1,2})?$', description: 'Unit price: at most 2 decimal places', examples: ['62.50'] };
const quantity = { type: 'string', pattern: '^\\d{1,15}(\\.\\d{1,3})?$', description: 'At most 3 decimal places', examples: ['2', '0.5'] };
const money = { type: 'string', description: 'Money with 2 decimal places', examples: ['125.00'] };

export const openApiDocument = {
  openapi: '3.1.0',
  info: {
    title: 'Tableside local POS API',
    version: '1.0.0',
    description:
      'Loopback HTTP API through which the restaurant POS feeds tables and bills into Tableside and learns of payments. ' +
      'Every endpoint except this document needs `Authorization: Bearer <token>` (the token is in <dataDir>/pos-api-token). ' +
      'Money and quantities are decimal strings, never rounded: a price with more than 2 decimal places, a quantity with more than 3, ' +
      'more than 15 digits before the point, or a line or bill total of 10^15 or more gets 400 naming the field. ' +
      'Unknown fields are ignored. Bodies over 1 MiB get 413 and JSON nested deeper than 32 levels gets 400. ' +
      'A request whose Host header is not 127.0.0.1, localhost or [::1] with the port gets 421 (DNS rebinding). ' +
      'A refusal sent before the body arrived carries Connection: close and the connection is then closed. ' +
      'At most 256 connections are held; a connection idle for 30 s, or whose headers take over 10 s or whole request over 30 s, is closed.',
  },
  servers: [{ url: 'http://127.0.0.1:{port}/v1', variables: { port: { default: '4100' } } }],
  security: [{ bearer: [] }],
  paths: {
    '/v1/openapi.json': {
      get: { summary: 'This document', security: [], responses: { '200': { description: 'OpenAPI 3.1 document' }, ...misdirected } },
    },
    '/v1/tables': {
      get: { summary: 'List tables with their state and amount due', responses: { '200': { description: 'Tables', ...list('TableView') }, ...common } },
    },
    '/v1/tables/{id}': {
      parameters: [id('id')],
      put: {
        summary: 'Create or rename a table (and place it on the floor plan)',
        description:
          'Tables are listed in the order they were first created here; a table created again keeps its place in that order. `position` places the table on the floor plan: absent leaves it where it is, null takes it off the plan.',
        requestBody: { required: true, ...json('TableInput') },
        responses: { '200': { description: 'Updated', ...json('Table') }, '201': { description: 'Created', ...json('Table') }, '400': err('Bad input; `field` names it'), '413': err('Body over 1 MiB'), ...common },
      },
      delete: {
        summary: 'Delete a table',
        responses: { '204': { description: 'Deleted' }, '404': err('No such table'), '409': err('The table has open bills'), ...common },
      },
    },
    '/v1/bills': {
      get: {
        summary: 'List bills',
        parameters: [
          { name: 'tableId', in: 'query', schema: { type: 'string' } },
          { name: 'state', in: 'query', schema: { enum: ['OPEN', 'PAID', 'CLOSED'] } },
          { name: 'limit', in: 'query', description: 'Page size (default 200)', schema: { type: 'integer', minimum: 1, maximum: 1000 } },
          { name: 'after', in: 'query', description: 'Last bill id of the previous page', schema: { type: 'string' } },
        ],
        responses: {
          '200': {
            description: 'One page of bills in bill-id order; a `Link: <…>; rel="next"` header points at the next page when there is one',
            headers: { Link: { schema: { type: 'string' } } },
            ...list('BillView'),
          },
          '400': err('Bad query parameter'),
          ...common,
        },
      },
    },
    '/v1/bills/{id}': {
      parameters: [id('id')],
      put: {
        summary: "Create a bill or replace its items (paid quantities stay paid)",
        requestBody: { required: true, ...json('BillInput') },
        responses: {
          '200': { description: 'Replaced', ...json('BillDetail') },
          '201': { description: 'Created', ...json('BillDetail') },
          '400': err('Bad input; `field` names it (also: unknown tableId)'),
          '409': err('The change would take away paid or locked quantity, change a locked price, or the bill is closed'),
          '413': err('Body over 1 MiB'),
          ...common,
        },
      },
      get: { summary: 'A bill with items, totals and payments', responses: { '200': { description: 'The bill', ...json('BillDetail') }, '404': err('No such bill'), ...common } },
      delete: {
        summary: 'Close a bill',
        description: 'With an amount still due, the optional body says how it was settled; it is kept with the bill and in the bill.closed event (data.settlement, data.due).',
        requestBody: { required: false, ...json('CloseBillInput') },
        responses: {
          '200': { description: 'Closed', ...json('BillDetail') },
          '400': err('Bad settlement; `field` names it'),
          '404': err('No such bill'),
          '409': err('A payment is in progress'),
          '413': err('Body over 1 MiB'),
          ...common,
        },
      },
    },
    // Payment history and the day report (issue 13): openapi-reports.ts.
    '/v1/payments': paymentsPath,
    ...reportPaths,
    '/v1/events': {
      get: {
        summary: 'Events after a sequence number: JSON, or a Server-Sent Events stream with Accept: text/event-stream',
        description:
          'The stream replays from `after` (or the Last-Event-ID header), then stays open with live events. Each SSE message has ' +
          '`id` = seq, `event` = kind, `data` = the Event as JSON. A comment line arrives every 15 s as a heartbeat. ' +
          'When the token is regenerated every open stream ends; reconnect with the new token and Last-Event-ID.',
        parameters: [
          { name: 'after', in: 'query', schema: { type: 'string', pattern: '^\\d{1,15}$', default: '0' } },
          { name: 'limit', in: 'query', description: 'JSON mode only, 1..1000 (anything else is a 400)', schema: { type: 'string', pattern: '^\\d{1,4}$', default: '500' } },
          { name: 'Last-Event-ID', in: 'header', schema: { type: 'string' } },
        ],
        responses: {
          '200': {
            description: 'Events in order',
            content: {
              'application/json': { schema: { type: 'array', items: { $ref: '#/components/schemas/Event' } } },
              'text/event-stream': { schema: { type: 'string' } },
            },
          },
          '400': err('Bad `after` or `limit`'),
          ...common,
        },
      },
    },
    // menu-orders (issue 14)
    ...orderPaths,
    // Needs attention (issue 13): openapi-attention.ts
    ...attentionPaths,
    // receipts from the main POS (issue 13)
    ...receiptPaths,
  },
  components: {
    securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
    schemas: {
      Error: {
        type: 'object',
        required: ['error'],
        properties: { error: { type: 'object', required: ['code', 'message'], properties: { code: { type: 'string' }, message: { type: 'string' }, field: { type: 'string' } } } },
      },
      TableInput: {
        type: 'object',
        required: ['name'],
        properties: { name: { type: 'string', minLength: 1 }, area: { type: ['string', 'null'] }, position: { oneOf: [{ $ref: '#/components/schemas/PlanPosition' }, { type: 'null' }] } },
      },
      // ui-tables (issue 12): the floor plan.
      PlanPosition: {
        type: 'object',
        description: "The table's centre on the floor plan as fractions of the plan: x from the left edge (0) to the right edge (1), y from the top (0) to the bottom (1). Fractions, not pixels or grid units: the plan is drawn at any screen size.",
        required: ['x', 'y'],
        properties: { x: { type: 'number', minimum: 0, maximum: 1, example: 0.25 }, y: { type: 'number', minimum: 0, maximum: 1, example: 0.5 } },
      },
      // ui-actions (issue 12)
      CloseBillInput: {
        type: 'object',
        properties: {
          settlement: {
            type: 'object',
            required: ['method'],
            properties: { method: { enum: ['cash', 'card-at-counter', 'written-off'] }, note: { type: 'string', maxLength: 500 } },
          },
        },
      },
      Table: { type: 'object', required: ['id', 'name', 'area'], properties: { id: { type: 'string' }, name: { type: 'string' }, area: { type: ['string', 'null'] } } },
      TableView: {
        type: 'object',
        properties: {
          id: { type: 'string' },
          name: { type: 'string' },
          area: { type: ['string', 'null'] },
          state: { enum: ['free', 'open', 'in-payment', 'partly-paid', 'paid'] },
          due: money,
          currency: { type: ['string', 'null'] },
          openBillIds: { type: 'array', items: { type: 'string' } },
          order: { type: 'integer', description: 'The order the table was first created in (1, 2, ...); lists are sorted by it.' },
          position: { oneOf: [{ $ref: '#/components/schemas/PlanPosition' }, { type: 'null' }] },
          lastPaid: {
            oneOf: [{ type: 'object', required: ['amount', 'currency', 'at'], properties: { amount: money, currency: { type: 'string' }, at: { type: 'string', format: 'date-time' } } }, { type: 'null' }],
            description: "The table's latest paid payment (also on bills since closed).",
          },
          lockedSince: { type: ['string', 'null'], format: 'date-time', description: 'Start of the oldest payment still holding items of this table.' },
          awaitingCapture: { type: 'boolean', description: 'A manual-capture payment on this table is authorised and waits for capture.' },
        },
      },
      BillItemInput: {
        type: 'object',
        required: ['id', 'name', 'price', 'quantity'],
        properties: { id: { type: 'string' }, name: { type: 'string' }, price, quantity, minQuantity: { ...quantity, default: '1' }, tags: { type: 'array', items: { type: 'string' } } },
      },
      BillInput: {
        type: 'object',
        required: ['tableId', 'currency', 'items'],
        properties: {
          tableId: { type: 'string' },
          name: { type: ['string', 'null'] },
          currency: { type: 'string', pattern: '^[A-Z]{3}$' },
          items: { type: 'array', items: { $ref: '#/components/schemas/BillItemInput' } },
          allowTip: { type: 'boolean', default: true },
          allowPartialPayment: { type: 'boolean', default: true },
          denyDiscounts: { type: 'boolean', default: false },
          additionalData: {},
        },
      },
      BillItemView: {
        type: 'object',
        properties: {
          id: { type: 'string' },
          name: { type: 'string' },
          price: money,
          quantity: decimal,
          minQuantity: decimal,
          paidQuantity: decimal,
          lockedQuantity: decimal,
          lineTotal: money,
          tags: { type: 'array', items: { type: 'string' } },
        },
      },
      BillView: {
        type: 'object',
        properties: {
          id: { type: 'string' },
          tableId: { type: 'string' },
          name: { type: ['string', 'null'] },
          currency: { type: 'string' },
          state: { enum: ['OPEN', 'PAID', 'CLOSED'] },
          items: { type: 'array', items: { $ref: '#/components/schemas/BillItemView' } },
          totals: { type: 'object', properties: { total: money, paid: money, due: money, tips: money } },
          paymentIds: { type: 'array', items: { type: 'string' } },
          created: { type: 'string', format: 'date-time' },
          updated: { type: 'string', format: 'date-time' },
        },
      },
      BillDetail: {
        allOf: [{ $ref: '#/components/schemas/BillView' }, { type: 'object', properties: { payments: { type: 'array', items: { $ref: '#/components/schemas/PaymentView' } } } }],
      },
      PaymentView: {
        type: 'object',
        properties: {
          id: { type: 'string' },
          billId: { type: 'string' },
          tableId: { type: ['string', 'null'] },
          tableName: { type: ['string', 'null'] },
          billName: { type: ['string', 'null'] },
          currency: { type: 'string' },
          amount: money,
          tip: money,
          provider: { type: ['string', 'null'] },
          state: { enum: ['STARTED', 'PROCESSED', 'PAID', 'CANCELLED'] },
          closedState: { type: ['string', 'null'] },
          captureMode: { enum: ['auto', 'manual'] },
          captured: { type: 'boolean' },
          created: { type: 'string', format: 'date-time' },
          closedAt: { type: ['string', 'null'], format: 'date-time' },
          cancellableUntil: { type: ['string', 'null'], format: 'date-time' },
          items: { type: 'array', items: { type: 'object', properties: { id: { type: 'string' }, name: { type: 'string' }, price: money, quantity: decimal } } },
        },
      },
      ...reportSchemas,
      Event: {
        type: 'object',
        required: ['seq', 'at', 'kind', 'data'],
        properties: {
          seq: { type: 'integer' },
          at: { type: 'string', format: 'date-time' },
          kind: {
            enum: ['table.upserted', 'table.deleted', 'bill.updated', 'bill.paid', 'bill.closed', 'payment.started', 'payment.processed', 'payment.paid', 'payment.cancelled', 'payment.refunded', 'payment.captured', 'service.error', ...ORDER_EVENT_KINDS, ...ATTENTION_EVENT_KINDS, 'payment.receipt'],
          },
          tableId: { type: ['string', 'null'] },
          billId: { type: ['string', 'null'] },
          paymentId: { type: ['string', 'null'] },
          data: { type: 'object', description: 'Order events carry orderId and status' },
        },
      },
      ...orderSchemas,
      ...attentionSchemas,
      ...receiptSchemas,
    },
  },
} as const;
