/**
 * OpenAPI blocks of Needs attention (issue 13), spread into openapi.ts. The same helpers' shapes as
 * there, repeated small so this file stands alone.
 */
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const err = (description: string) => ({ description, content: { 'application/json': { schema: ref('Error') } } });
const common = {
  '401': err('Missing or wrong bearer token'),
  '405': err('Method not allowed on this path'),
  '421': err('The Host header does not name this machine (127.0.0.1, localhost or [::1] with the port): code MISDIRECTED_REQUEST'),
};
const nullable = (schema: object) => ({ oneOf: [schema, { type: 'null' }] });
const exactMoney = { type: 'string', pattern: '^-?\\d+\\.\\d{2,}$', description: 'Money with at least 2 decimal places, never rounded', examples: ['125.00', '20.165'] };

const KINDS = ['capture', 'unsettled-payment', 'lock-held', 'settled-bill', 'refund-refused', 'service-error', 'receipt-pending'];
const ACTIONS = ['capture', 'retry-recovery', 'release-lock', 'acknowledge'];

/** Event kinds Needs attention adds to the event log. */
export const ATTENTION_EVENT_KINDS = ['attention.resolved', 'refund.refused'];

export const attentionPaths = {
  '/v1/attention': {
    get: {
      summary: 'Needs attention: everything not settled, oldest first, with the action that resolves each',
      description:
        'Kinds: `capture` (a manual-capture payment authorised and not captured), `unsettled-payment` (the service said nothing about a ' +
        'running payment for 2 minutes and recovery has not settled it), `lock-held` (a payment start has locked the bill for more than ' +
        '5 minutes, the time after which recovery treats a lock as one the service can no longer close), `settled-bill` (closed with an ' +
        'amount due: `detail.method` cash / card-at-counter / written-off, `detail.note`, `amount` = what was due), `refund-refused` ' +
        '(the service refused to refund a payment: `detail.code`), `service-error` (an `error` call from the service: `detail.code`, ' +
        '`detail.message`; the newest 100), `receipt-pending` (a fiscal receipt the main POS gave that the service has not accepted yet: ' +
        '`detail.state` sending / refused, `detail.attempts`, `detail.code`). An entry leaves the list when its action is done (captured, settled, unlocked) or, for ' +
        '`acknowledge` entries, when acknowledged (POST …/resolve). Each resolution is kept and appears in the event log as `attention.resolved`.',
      parameters: [{ name: 'kind', in: 'query', description: `Comma-separated kinds to keep (${KINDS.join(', ')})`, schema: { type: 'string' } }],
      responses: { '200': { description: 'The entries', content: { 'application/json': { schema: { type: 'array', items: ref('AttentionEntry') } } } }, '400': err('Unknown `kind`'), ...common },
    },
  },
  '/v1/attention/{id}/resolve': {
    post: {
      summary: 'Acknowledge an entry whose action is `acknowledge`, with an optional note',
      description: 'Captures, held locks and unsettled payments are resolved by their action in the app (409 ACTION_REQUIRED here).',
      parameters: [{ name: 'id', in: 'path', required: true, description: 'The entry id, e.g. `settled-bill:b-12` (URL-encoded)', schema: { type: 'string' } }],
      requestBody: { required: false, content: { 'application/json': { schema: ref('ResolveAttentionInput') } } },
      responses: {
        '200': { description: 'Acknowledged: the entry as it was listed', content: { 'application/json': { schema: ref('AttentionEntry') } } },
        '400': err('Bad body: `note` not a string or over 500 characters, or an unknown field; `field` names it'),
        '404': err('No such entry in the list (already resolved, or never was)'),
        '409': err('ACTION_REQUIRED: the entry is resolved by its action, not acknowledged'),
        '413': err('Body over 1 MiB'),
        ...common,
      },
    },
  },
};

export const attentionSchemas = {
  AttentionEntry: {
    type: 'object',
    required: ['id', 'kind', 'since', 'tableId', 'tableName', 'billId', 'billName', 'paymentId', 'amount', 'tip', 'currency', 'detail', 'actions'],
    properties: {
      id: { type: 'string', description: '`<kind>:<subject>`, stable while the entry lasts', examples: ['capture:p-81', 'settled-bill:b-12'] },
      kind: { enum: KINDS },
      since: { type: 'string', format: 'date-time', description: 'Since when it needs attention' },
      tableId: nullable({ type: 'string' }),
      tableName: nullable({ type: 'string' }),
      billId: nullable({ type: 'string' }),
      billName: nullable({ type: 'string' }),
      paymentId: nullable({ type: 'string' }),
      amount: nullable({ ...exactMoney, description: "The payment's amount (tip apart), or what was due when the bill closed" }),
      tip: nullable(exactMoney),
      currency: nullable({ type: 'string' }),
      detail: { type: 'object', additionalProperties: { type: 'string' }, description: 'By kind: `state`, `method`, `note`, `code`, `message`' },
      actions: { type: 'array', items: { enum: ACTIONS }, description: 'What resolves it, the main one first' },
    },
  },
  ResolveAttentionInput: {
    type: 'object',
    additionalProperties: false,
    properties: { note: { type: 'string', maxLength: 500, description: "The manager's note, kept with the resolution" } },
  },
};
