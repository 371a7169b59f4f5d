/**
 * OpenAPI entries of the receipt endpoints (issue 13, POSTPONED flow), merged into openapi.ts. Same
 * conventions as there: every protected operation lists 401, 405, 421; bodies 400 and 413.
 */
const json = (ref: string) => ({ content: { 'application/json': { schema: { $ref: `#/components/schemas/${ref}` } } } });
const err = (description: string) => ({ description, ...json('Error') });
const id = { name: 'id', in: 'path', required: true, description: 'The payment id (PaymentView.id, the event\'s paymentId)', schema: { type: 'string', minLength: 1, maxLength: 200 } };
const common = {
  '401': err('Missing or wrong bearer token'),
  '405': err('Method not allowed on this path'),
  '421': err('The Host header does not name this machine (127.0.0.1, localhost or [::1] with the port): code MISDIRECTED_REQUEST'),
};
const money = { type: 'string', pattern: '^\\d{1,15}(\\.\\d{1,2})?$', description: 'Money: at most 2 decimal places', examples: ['62.50'] };
const quantity = { type: 'string', pattern: '^\\d{1,15}(\\.\\d{1,3})?$', description: 'At most 3 decimal places', examples: ['2'] };

export const receiptPaths = {
  '/v1/payments/{id}/receipt': {
    parameters: [id],
    get: {
      summary: "A payment's receipt: the main POS's fiscal receipt when it gave one, else the companion's",
      responses: { '200': { description: 'The receipt and its delivery', ...json('PaymentReceiptView') }, '404': err('No such payment, or it has no receipt yet (not processed)'), ...common },
    },
    put: {
      summary: 'Give the fiscal receipt of a POSTPONED payment (receiptMode POSTPONED)',
      description:
        'With the setting receiptMode = POSTPONED, paymentProcessed answers the service a receipt with receiptDeliveryType POSTPONED and the ' +
        'main POS makes the fiscal receipt. The POS learns of the payment from GET /v1/events: a `payment.processed` event with ' +
        '`data.receiptDeliveryType` = "POSTPONED" (then `payment.paid`). It PUTs the receipt here; the companion stores it, answers the ' +
        "service's getPostponedReceipt with it, and sends it with provide-payment-receipt, retried with backoff (1 s doubling to 60 s) until the " +
        'service accepts it, also across restarts. Each step is a `payment.receipt` event (`data.delivery`: pending, delivered, refused). ' +
        'The same receipt again is answered 200 and changes nothing.',
      requestBody: { required: true, ...json('ReceiptInput') },
      responses: {
        '201': { description: 'Stored; on its way to the service', ...json('PaymentReceiptView') },
        '200': { description: 'The same receipt was already stored: nothing changed', ...json('PaymentReceiptView') },
        '400': err('Bad input; `field` names it (e.g. items[0].price)'),
        '404': err('No such payment: code NOT_FOUND'),
        '409': err(
          'NOT_POSTPONED: the payment does not wait for a receipt from the POS (its receipt is QERKO_GENERATED, or it is not processed yet); ' +
            'RECEIPT_ALREADY_GIVEN: another receipt was given for it; PAYMENT_NOT_PAID: it ended unpaid',
        ),
        '413': err('Body over 1 MiB'),
        ...common,
      },
    },
  },
};

export const receiptSchemas = {
  ReceiptInput: {
    type: 'object',
    required: ['receiptInfo', 'items'],
    properties: {
      receiptInfo: {
        type: 'object',
        required: ['timestamp', 'serial'],
        properties: { billName: { type: ['string', 'null'] }, timestamp: { type: 'string', format: 'date-time' }, serial: { type: 'string', minLength: 1, maxLength: 100 } },
      },
      items: {
        type: 'array',
        minItems: 1,
        maxItems: 1000,
        items: {
          type: 'object',
          required: ['id', 'name', 'price', 'quantity'],
          properties: { id: { type: 'string' }, name: { type: 'string', minLength: 1 }, price: money, quantity, tags: { type: 'array', items: { type: 'string' } } },
        },
      },
      taxInfo: { type: 'array', items: {}, default: [] },
      fiscalInfo: { description: 'The fiscal data (codes, signatures), kept and sent as given', default: null },
      receiptDeliveryType: { enum: ['QERKO_GENERATED', 'EMAIL', 'POSTPONED'], default: 'POSTPONED' },
      finalPrice: money,
    },
  },
  PaymentReceiptView: {
    type: 'object',
    properties: {
      paymentId: { type: 'string' },
      tableName: { type: ['string', 'null'] },
      billName: { type: ['string', 'null'] },
      source: { enum: ['companion', 'pos'], description: 'pos: the fiscal receipt the main POS gave' },
      receiptDeliveryType: { type: 'string', description: 'What paymentProcessed answered: QERKO_GENERATED or POSTPONED' },
      serial: { type: 'string' },
      timestamp: { type: 'string' },
      currency: { type: 'string' },
      items: {
        type: 'array',
        items: { type: 'object', properties: { name: { type: 'string' }, price: { type: 'string' }, quantity: { type: 'string' }, lineTotal: { type: 'string' } } },
      },
      total: { type: 'string', description: 'What the items cost, tip apart (decimal string)' },
      tip: { type: 'string' },
      paid: { type: 'string', description: 'total + tip' },
      fiscalInfo: {},
      delivery: {
        type: 'object',
        properties: {
          state: { enum: ['service', 'waiting-for-pos', 'sending', 'delivered', 'refused'] },
          attempts: { type: 'integer' },
          lastError: { type: ['string', 'null'], description: 'The last failed attempt: an HTTP status or NETWORK' },
          receivedAt: { type: ['string', 'null'], format: 'date-time' },
          deliveredAt: { type: ['string', 'null'], format: 'date-time' },
        },
      },
    },
  },
};
