/**
 * OpenAPI blocks of the payment history and the day report (issue 13), spread into openapi.ts.
 * The same helpers' shapes as there, repeated small so this file stands alone.
 */
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const err = (description: string) => ({ description, content: { 'application/json': { schema: ref('Error') } } });
const common = {
  '401': err('Missing or wrong bearer token'),
  '405': err('Method not allowed on this path'),
  '421': err('The Host header does not name this machine (127.0.0.1, localhost or [::1] with the port): code MISDIRECTED_REQUEST'),
};
const exactMoney = {
  type: 'string',
  pattern: '^-?\\d+\\.\\d{2,}$',
  description: 'Money with at least 2 decimal places and never rounded (a line of 0.5 l at 40.33 keeps its third place), so listed payments sum to the report exactly',
  examples: ['125.00', '10.015'],
};
const rangeEnd = (name: 'from' | 'to') => ({
  name,
  in: 'query',
  description:
    name === 'from'
      ? 'First restaurant day YYYY-MM-DD (from its start, the `dayEndsAt` setting, default 04:00 local time), or an ISO 8601 time with its offset. Default: `to`, else the current restaurant day.'
      : 'Last restaurant day YYYY-MM-DD (included, to its end at `dayEndsAt` the next morning), or an ISO 8601 time (excluded). Default: `from`. At most 366 days after `from`.',
  schema: { type: 'string', examples: ['2026-11-21', '2026-11-21T18:00:00+01:00'] },
});

const states = ['paid', 'refunded', 'refund', 'capture_needed', 'declined', 'cancelled', 'pending'];

export const paymentsPath = {
  get: {
    summary: 'Payments of a range of restaurant days (JSON or CSV), or created since a time',
    description:
      'With `from`/`to`, or asking for CSV (`Accept: text/csv` or `format=csv`): every payment created, paid or refunded in the range, oldest first, in its state at the range\'s end ' +
      '(`paid`; `refunded` = paid and refunded in the range; `refund` = refunded in the range, paid before it; `capture_needed`; `declined`; `cancelled`; `pending`). ' +
      'The day report sums them: count, amount and tips over `paid` and `refunded`; refunded = amount + tip over `refunded` and `refund`. ' +
      'The CSV is UTF-8 with a header row, one payment per line, CRLF, RFC 4180 quoting, decimals with a dot, columns `paymentId,time,table,bill,state,amount,tip,currency,provider`. ' +
      'Without `from`/`to` and as JSON: the older list of PaymentView created at or after `since`.',
    parameters: [
      rangeEnd('from'),
      rangeEnd('to'),
      { name: 'format', in: 'query', description: 'csv or json (default: by the Accept header, else json)', schema: { enum: ['json', 'csv'] } },
      { name: 'state', in: 'query', description: `Comma-separated states to keep (${states.join(', ')}); refunded also keeps refund`, schema: { type: 'string' } },
      { name: 'tableId', in: 'query', schema: { type: 'string' } },
      { name: 'search', in: 'query', description: 'Part of a payment id, or an amount (with or without the tip)', schema: { type: 'string', maxLength: 200 } },
      { name: 'since', in: 'query', description: 'Without from/to: ISO 8601 time or ms since the epoch (0 to 8640000000000000)', schema: { type: 'string' } },
    ],
    responses: {
      '200': {
        description: 'The payments: PaymentHistoryEntry[] for a range, PaymentView[] for `since`, or CSV',
        content: {
          'application/json': { schema: { oneOf: [{ type: 'array', items: ref('PaymentHistoryEntry') }, { type: 'array', items: ref('PaymentView') }] } },
          'text/csv': { schema: { type: 'string' }, example: 'paymentId,time,table,bill,state,amount,tip,currency,provider\r\np-1,2026-11-21T18:02:11.000Z,Table 4,Window,paid,125.00,10.00,CZK,Visa\r\n' },
        },
      },
      '400': err('Bad `from`, `to` (before `from`, or over 366 days), `format`, `state`, `tableId`, `search` or `since`; `field` names it'),
      ...common,
    },
  },
};

export const reportPaths = {
  '/v1/reports/day': {
    get: {
      summary: 'The close-of-day (Z) report of one restaurant day',
      description:
        'A restaurant day runs from the `dayEndsAt` setting (default 04:00, the PC\'s local time) to the same time the next morning, 23 or 25 hours across a daylight-saving change. ' +
        '`amount` is what payments paid that day paid for items (tips apart), `tips` their tips, `refunded` the amount plus tip of the payments refunded that day (whenever they were paid), ' +
        '`net` = amount + tips − refunded. It equals the sums of `GET /v1/payments?from=<date>&to=<date>` to the last decimal.',
      parameters: [
        { name: 'date', in: 'query', description: 'YYYY-MM-DD (default: the current restaurant day)', schema: { type: 'string', format: 'date' } },
        { name: 'currency', in: 'query', description: 'ISO 4217 (default: the currency most of the day\'s payments used)', schema: { type: 'string', pattern: '^[A-Z]{3}$' } },
      ],
      responses: { '200': { description: 'The report', content: { 'application/json': { schema: ref('DayReport') } } }, '400': err('Bad `date` or `currency`; `field` names it'), ...common },
    },
  },
};

const split = (key: 'provider' | 'area') => ({
  type: 'object',
  required: [key, 'count', 'amount', 'tips'],
  properties: { [key]: { type: ['string', 'null'] }, count: { type: 'integer' }, amount: exactMoney, tips: exactMoney },
});

export const reportSchemas = {
  PaymentHistoryEntry: {
    type: 'object',
    required: ['paymentId', 'time', 'tableId', 'table', 'area', 'billId', 'bill', 'state', 'amount', 'tip', 'currency', 'provider'],
    properties: {
      paymentId: { type: 'string' },
      time: { type: 'string', format: 'date-time', description: 'When it reached its state (paid, refunded, closed), or was created when still pending' },
      tableId: { type: ['string', 'null'] },
      table: { type: ['string', 'null'] },
      area: { type: ['string', 'null'] },
      billId: { type: 'string' },
      bill: { type: ['string', 'null'] },
      state: { enum: states },
      amount: exactMoney,
      tip: exactMoney,
      currency: { type: 'string' },
      provider: { type: ['string', 'null'], description: 'Card brand or provider name from the payment\'s first part' },
    },
  },
  DayReport: {
    type: 'object',
    required: ['date', 'currency', 'count', 'amount', 'tips', 'refunded', 'net', 'byProvider', 'byArea'],
    properties: {
      date: { type: 'string', format: 'date' },
      from: { type: 'string', format: 'date-time' },
      to: { type: 'string', format: 'date-time' },
      currency: { type: 'string' },
      count: { type: 'integer', description: 'Payments paid that day' },
      amount: exactMoney,
      tips: exactMoney,
      refunded: exactMoney,
      net: exactMoney,
      tipShare: { type: ['string', 'null'], description: 'tips ÷ amount, 4 decimal places; null when nothing was paid', examples: ['0.0850'] },
      byProvider: { type: 'array', items: split('provider') },
      byArea: { type: 'array', items: split('area') },
    },
  },
};
