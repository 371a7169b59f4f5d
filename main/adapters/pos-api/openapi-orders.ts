/**
 * OpenAPI entries of the menu and order endpoints (issue 14), merged into openapi.ts. Same helpers
 * and conventions as there: every protected operation lists 401, 405, 421; bodies 400 and 413.
 */
const json = (ref: string) => ({ content: { 'application/json': { schema: { $ref: `#/components/schemas/${ref}` } } } });
const list = (ref: string) => ({ content: { 'application/json': { schema: { type: 'array', items: { $ref: `#/components/schemas/${ref}` } } } } });
const err = (description: string) => ({ description, ...json('Error') });
const id = (name: string) => ({ name, in: 'path', required: true, schema: { type: 'string', minLength: 1, maxLength: 200 } });
const common = {
  '401': err('Missing or wrong bearer token'),
  '405': err('Method not allowed on this path'),
  '421': err('The Host header does not name this machine (127.0.0.1, localhost or [::1] with the port): code MISDIRECTED_REQUEST'),
};
const bodyErrors = { '400': err('Bad input; `field` names it'), '413': err('Body over 1 MiB') };
const price = { type: 'string', pattern: '^\\d{1,15}(\\.\\d{1,2})?$', description: 'Unit price incl. tax: at most 2 decimal places', examples: ['62.50'] };
const money = { type: 'string', description: 'Money with 2 decimal places', examples: ['125.00'] };
const ORDER_STATES = ['NEW', 'ACCEPTED', 'PREPARING', 'READY', 'COMPLETE', 'REJECTED', 'CANCELLED'];

export const orderPaths = {
  '/v1/menu': {
    get: { summary: 'The menu as the service is given it', responses: { '200': { description: 'The menu', ...json('MenuState') }, ...common } },
    put: {
      summary: 'Replace the whole menu',
      description:
        'Menus are categories with their items, at most 5,000 items in all (the service refuses more: such a menu gets 400 and nothing is stored or sent). ' +
        'Every change is pushed to the service: changes within 2 s go out as one push, retried with backoff while the service is unreachable; ' +
        '`pushedVersion` reaches `version` once the service holds it. Sending the same menu again changes nothing.',
      requestBody: { required: true, ...json('MenuInput') },
      responses: { '200': { description: 'Stored', ...json('MenuState') }, ...bodyErrors, ...common },
    },
  },
  '/v1/menu/items/{id}': {
    parameters: [id('id')],
    patch: {
      summary: 'Change one item, e.g. {"available": false} when the kitchen runs out',
      requestBody: { required: true, ...json('MenuItemPatch') },
      responses: { '200': { description: 'The item', ...json('MenuEntry') }, '404': err('No such item'), ...bodyErrors, ...common },
    },
  },
  '/v1/ordering': {
    get: { summary: 'Whether guest orders are paused', responses: { '200': { description: 'The switch', ...json('Ordering') }, ...common } },
    put: {
      summary: 'Pause or resume guest orders (kitchen closed, too busy): while paused, orderPrepare answers ORDERS_PAUSED',
      requestBody: { required: true, ...json('Ordering') },
      responses: { '200': { description: 'The switch', ...json('Ordering') }, ...bodyErrors, ...common },
    },
  },
  '/v1/orders': {
    get: {
      summary: 'Guest orders, oldest first',
      parameters: [{ name: 'status', in: 'query', schema: { enum: ORDER_STATES } }],
      responses: { '200': { description: 'Orders', ...list('OrderView') }, '400': err('Bad `status`'), ...common },
    },
  },
  '/v1/orders/{id}': {
    parameters: [id('id')],
    get: { summary: 'One order', responses: { '200': { description: 'The order', ...json('OrderView') }, '404': err('No such order'), ...common } },
  },
  '/v1/orders/{id}/status': {
    parameters: [id('id')],
    post: {
      summary: "A staff decision: ACCEPTED, PREPARING, READY, COMPLETE, or REJECTED with a reason the guest sees",
      description:
        'NEW → ACCEPTED | REJECTED; ACCEPTED → PREPARING | READY | COMPLETE; PREPARING → READY | COMPLETE; READY → COMPLETE. The same status again changes nothing. ' +
        'Each decision is sent to the service (update-<svc>-order-status), retried until it accepts; `unsentStatuses` counts those still on their way.',
      requestBody: { required: true, ...json('OrderStatusInput') },
      responses: { '200': { description: 'The order', ...json('OrderView') }, '404': err('No such order'), '409': err('The order cannot move to that status'), ...bodyErrors, ...common },
    },
  },
};

const menuItem = {
  type: 'object',
  required: ['id', 'name', 'price'],
  properties: {
    id: { type: 'string' },
    name: { type: 'string' },
    price,
    tags: { type: 'array', items: { type: 'string' } },
    available: { type: 'boolean', default: true },
    category: { type: ['string', 'null'] },
    description: { type: ['string', 'null'] },
  },
};

export const orderSchemas = {
  MenuItem: menuItem,
  Menu: { type: 'object', required: ['id', 'name', 'items'], properties: { id: { type: 'string' }, name: { type: 'string' }, items: { type: 'array', items: { $ref: '#/components/schemas/MenuItem' } } } },
  MenuInput: { type: 'object', required: ['menus'], properties: { menus: { type: 'array', items: { $ref: '#/components/schemas/Menu' }, description: 'At most 5,000 items in all' } } },
  MenuState: {
    type: 'object',
    properties: {
      menus: { type: 'array', items: { $ref: '#/components/schemas/Menu' } },
      version: { type: 'integer', description: 'Bumped on every change' },
      pushedVersion: { type: 'integer', description: 'The version the service holds' },
      ordersPaused: { type: 'boolean' },
    },
  },
  MenuItemPatch: { type: 'object', minProperties: 1, properties: { ...menuItem.properties, id: undefined } },
  MenuEntry: {
    type: 'object',
    properties: { id: { type: 'string' }, name: { type: 'string' }, price: money, category: { type: 'string' }, available: { type: 'boolean' }, menuId: { type: 'string' }, description: { type: ['string', 'null'] }, tags: { type: 'array', items: { type: 'string' } } },
  },
  Ordering: { type: 'object', required: ['paused'], properties: { paused: { type: 'boolean' } } },
  OrderStatusInput: {
    type: 'object',
    required: ['status'],
    properties: { status: { enum: ['ACCEPTED', 'PREPARING', 'READY', 'COMPLETE', 'REJECTED'] }, reason: { type: 'string', maxLength: 500, description: 'Required with REJECTED; the guest sees it' } },
  },
  OrderView: {
    type: 'object',
    properties: {
      id: { type: 'string', description: "The service's Order.id" },
      deliveryType: { enum: ['toBill', 'toTable', 'byCustomer'] },
      tableId: { type: ['string', 'null'] },
      tableName: { type: ['string', 'null'] },
      billId: { type: ['string', 'null'], description: 'toBill / toTable: the bill its lines went on' },
      pickupAt: { type: ['string', 'null'], format: 'date-time' },
      items: {
        type: 'array',
        items: { type: 'object', properties: { id: { type: 'string' }, name: { type: 'string' }, price: money, quantity: { type: 'string' }, lineTotal: money, note: { type: ['string', 'null'] } } },
      },
      note: { type: ['string', 'null'] },
      customerName: { type: ['string', 'null'] },
      currency: { type: 'string' },
      total: money,
      status: { enum: ORDER_STATES },
      rejectReason: { type: ['string', 'null'] },
      closedState: { type: ['string', 'null'], description: "The service's orderClose word: COMPLETED or CANCELLED" },
      paid: { type: 'boolean' },
      created: { type: 'string', format: 'date-time' },
      updated: { type: 'string', format: 'date-time' },
      overdueAt: { type: ['string', 'null'], format: 'date-time', description: 'A NEW order is overdue from here (8 min); the service cancels at 10 min' },
      unsentStatuses: { type: 'integer' },
    },
  },
};

/** Event kinds of the menu and orders, for the Event schema. */
export const ORDER_EVENT_KINDS = ['menu.updated', 'orders.paused', 'order.created', 'order.status', 'order.paid', 'order.closed', 'order.sent'];
