import { z } from 'zod';
import { apiDocs, named, type Route } from '../../base/http-route.js';
import { IDEMPOTENCY_HEADER, IDEMPOTENCY_KEY_DOC, IDEMPOTENCY_KEY_SCHEMA, REPLAYED_HEADER } from './idempotency.js';

/**
 * The OpenAPI 3.1 document of the local POS API, generated from the routes' zod contracts with
 * zod's JSON Schema output (draft 2020-12, the dialect of OpenAPI 3.1). Requests are described as
 * they are accepted (io: input), answers as they are sent (io: output). Schemas named in a contract
 * become components. Served at DOCUMENT_PATH; the server is the origin, every path starts with /v1.
 */

export const DOCUMENT_PATH = '/v1/openapi.json';

const ErrorBody = named(
  'Error',
  z.object({
    error: z.object({
      code: z.string(),
      message: z.string(),
      field: z.string().optional(),
      lines: z.array(z.object({ id: z.string(), name: z.string(), change: z.enum(['removed', 'reduced', 'price', 'name']), held: z.string() })).optional(),
    }),
  }),
  'A refusal: `code` for programs, `message` says what to do, `field` names the input at fault. `lines` (409 of PUT /v1/bills/{id}): ' +
    "every line paid or in a guest's payment that the PUT would have removed, reduced below `held` (paid + in payment), repriced or renamed; nothing was changed.",
);

type JsonSchema = Record<string, unknown>;

export interface OpenApiDocument {
  openapi: '3.1.0';
  info: { title: string; version: string; description: string };
  servers: { url: string; variables: Record<string, { default: string }> }[];
  security: Record<string, string[]>[];
  paths: Record<string, Record<string, unknown>>;
  components: { securitySchemes: { bearer: { type: 'http'; scheme: 'bearer' } }; schemas: Record<string, JsonSchema> };
  [key: string]: unknown;
}

const INFO = {
  title: 'Tableside local POS API',
  version: '1.0.0',
  description:
    'Loopback HTTP API through which the restaurant POS feeds tables and bills into Tableside and learns of payments. ' +
    'Every endpoint except this document needs `Authorization: Bearer <token>` (the token is in <dataDir>/pos-api-token). ' +
    'Money and quantities are decimal strings, never rounded: a price with more than 2 decimal places, a quantity with more than 3, ' +
    'more than 15 digits before the point, or a line or bill total of 10^15 or more gets 400 naming the field. ' +
    'Unknown fields are ignored. Every write (PUT, POST, PATCH, DELETE) takes an optional `Idempotency-Key` header: retried with the same key, ' +
    'a write is answered again (Idempotent-Replayed: true) and applies nothing twice; answers are kept 24 h. ' +
    'Bodies over 1 MiB get 413 and JSON nested deeper than 32 levels gets 400. ' +
    'A request whose Host header is not 127.0.0.1, localhost or [::1] with the port gets 421 (DNS rebinding). ' +
    'A refusal sent before the body arrived carries Connection: close and the connection is then closed. ' +
    'At most 256 connections are held; a connection idle for 30 s, or whose headers take over 10 s or whole request over 30 s, is closed.',
};

const DEFS = '#/$defs/';
const COMPONENTS = '#/components/schemas/';

/**
 * Converts the schemas under `keys` in one pass, so a named schema becomes one definition that every
 * use references. `rename` maps a definition's name to its component's.
 */
function convert(schemas: Record<string, z.ZodType>, io: 'input' | 'output') {
  const json = z.toJSONSchema(z.object(schemas), {
    target: 'draft-2020-12',
    io,
    metadata: apiDocs,
    unrepresentable: 'any',
    reused: 'inline',
    cycles: 'ref',
  }) as {
    properties: Record<string, JsonSchema>;
    $defs?: Record<string, JsonSchema>;
  };
  return { schemas: json.properties, defs: json.$defs ?? {} };
}

/** Points the definitions' references at components (renamed where `rename` says). */
function relink<T>(value: T, rename: Map<string, string>): T {
  return JSON.parse(JSON.stringify(value), (key, v: unknown) => {
    if (key === '$ref' && typeof v === 'string' && v.startsWith(DEFS)) {
      const name = v.slice(DEFS.length);
      return COMPONENTS + (rename.get(name) ?? name);
    }
    return v;
  }) as T;
}

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** A parameter list from an object schema (as accepted): each property one parameter. */
function parameters(schema: JsonSchema | undefined, where: 'path' | 'query'): JsonSchema[] {
  if (!schema) return [];
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((schema.required ?? []) as string[]);
  return Object.entries(properties).map(([name, { description, ...rest }]) => ({
    name,
    in: where,
    ...(where === 'path' || required.has(name) ? { required: true } : {}),
    ...(description === undefined ? {} : { description }),
    schema: rest,
  }));
}

const ref = (name: string) => ({ $ref: COMPONENTS + name });
const errorAnswer = (description: string) => ({ description, content: { 'application/json': { schema: ref('Error') } } });

/** The document of `routes`; throws when two contracts name different schemas alike. */
export function openApiDocument(routes: readonly Route<unknown>[]): OpenApiDocument {
  const requests: Record<string, z.ZodType> = {};
  const answers: Record<string, z.ZodType> = { error: ErrorBody };
  routes.forEach((r, i) => {
    const c = r.contract;
    if (c.params) requests[`${i}.params`] = c.params;
    if (c.query) requests[`${i}.query`] = c.query;
    if (c.body) requests[`${i}.body`] = c.body;
    for (const [status, answer] of Object.entries(c.responses)) if (answer.body) answers[`${i}.${status}`] = answer.body;
  });
  const input = convert(requests, 'input');
  const output = convert(answers, 'output');

  // A schema named in both a request and an answer is described twice when the two differ (an
  // answer allows no other fields): the request's copy takes the name's Input form.
  const rename = new Map<string, string>();
  for (const [name, def] of Object.entries(input.defs)) {
    if (name in output.defs && !sameJson(def, output.defs[name])) {
      if (`${name}Input` in output.defs || `${name}Input` in input.defs) throw new Error(`Two different schemas are named ${name}Input.`);
      rename.set(name, `${name}Input`);
    }
  }
  const requestSchemas = relink(input.schemas, rename);
  const answerSchemas = relink(output.schemas, new Map());
  const schemas: Record<string, JsonSchema> = {};
  for (const [name, def] of Object.entries(relink(output.defs, new Map()))) schemas[name] = def;
  for (const [name, def] of Object.entries(relink(input.defs, rename))) schemas[rename.get(name) ?? name] = def;

  const paths: Record<string, Record<string, unknown>> = {};
  routes.forEach((r, i) => {
    const c = r.contract;
    const responses: Record<string, unknown> = {};
    // Every write takes an Idempotency-Key (pos-api-server.ts): documented here once for all of them.
    const write = r.method !== 'GET';
    for (const [status, answer] of Object.entries(c.responses)) {
      const answerHeaders = {
        ...answer.headers,
        ...(write
          ? { [REPLAYED_HEADER]: { description: `"true" when this is the kept answer of an earlier request with the same ${IDEMPOTENCY_HEADER}` } }
          : {}),
      };
      const content: Record<string, unknown> = {};
      if (answer.body) content['application/json'] = { schema: answerSchemas[`${i}.${status}`] };
      for (const [type, alt] of Object.entries(answer.alternatives ?? {}))
        content[type] = { schema: { type: 'string' }, ...(alt.example === undefined ? {} : { example: alt.example }) };
      responses[status] = {
        description: answer.description,
        ...(Object.keys(answerHeaders).length > 0
          ? { headers: Object.fromEntries(Object.entries(answerHeaders).map(([h, d]) => [h, { description: d.description, schema: { type: 'string' } }])) }
          : {}),
        ...(Object.keys(content).length > 0 ? { content } : {}),
      };
    }
    const takesInput = c.params !== undefined || c.query !== undefined || c.body !== undefined;
    const errors: Record<string, string> = {
      ...(takesInput ? { 400: 'Bad input; `field` names it' } : {}),
      ...(r.public ? {} : { 401: 'Missing or wrong bearer token' }),
      405: 'Method not allowed on this path',
      ...(c.body ? { 413: 'Body over 1 MiB' } : {}),
      421: 'The Host header does not name this machine (127.0.0.1, localhost or [::1] with the port): code MISDIRECTED_REQUEST',
      ...c.errors,
    };
    if (write) {
      errors[409] = [c.errors?.[409], `${IDEMPOTENCY_HEADER} in use by a request still running: code IDEMPOTENCY_KEY_IN_USE`].filter(Boolean).join('; or: ');
      errors[422] = [c.errors?.[422], `${IDEMPOTENCY_HEADER} already used for another request: code IDEMPOTENCY_KEY_REUSED`].filter(Boolean).join('; or: ');
      errors[400] = [errors[400], `a malformed ${IDEMPOTENCY_HEADER} (field ${IDEMPOTENCY_HEADER})`].filter(Boolean).join('; or: ');
    }
    for (const [status, description] of Object.entries(errors)) responses[status] = errorAnswer(description);

    const headerParams = [
      ...Object.entries(c.requestHeaders ?? {}).map(([name, description]) => ({ name, in: 'header', description, schema: { type: 'string' } })),
      ...(write ? [{ name: IDEMPOTENCY_HEADER, in: 'header', required: false, description: IDEMPOTENCY_KEY_DOC, schema: IDEMPOTENCY_KEY_SCHEMA }] : []),
    ];
    const operation = {
      summary: c.summary,
      ...(c.description === undefined ? {} : { description: c.description }),
      ...(r.public ? { security: [] } : {}),
      ...(takesInput || headerParams.length > 0
        ? { parameters: [...parameters(requestSchemas[`${i}.params`], 'path'), ...parameters(requestSchemas[`${i}.query`], 'query'), ...headerParams] }
        : {}),
      ...(c.body ? { requestBody: { required: !c.bodyOptional, content: { 'application/json': { schema: requestSchemas[`${i}.body`] } } } } : {}),
      responses: Object.fromEntries(Object.entries(responses).sort(([a], [b]) => Number(a) - Number(b))),
    };
    paths[r.path] = { ...paths[r.path], [r.method.toLowerCase()]: operation };
  });

  return {
    openapi: '3.1.0',
    info: INFO,
    // The origin only: every path carries its /v1, so a generated client calls /v1/... once.
    servers: [{ url: 'http://127.0.0.1:{port}', variables: { port: { default: '4100' } } }],
    security: [{ bearer: [] }],
    paths,
    components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } }, schemas },
  };
}
