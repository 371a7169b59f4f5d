import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTRACT_TOKEN, SCENARIO, startContractApi, type ContractApi, type ScenarioCall } from './contract-scenario.js';

type Operation = { responses: Record<string, { content?: Record<string, { schema?: unknown }> }> };
type Document = { servers: { url: string }[]; paths: Record<string, Record<string, Operation>> };

/** JSON Pointer of a document path, e.g. /v1/tables/{id} -> ~1v1~1tables~1{id}. */
const pointer = (s: string) => s.replace(/~/g, '~0').replace(/\//g, '~1');

/** Reads an answer: the whole text, or, for an event stream, its first chunk before hanging up. */
async function answer(s: ContractApi, call: ScenarioCall) {
  const controller = new AbortController();
  const path = typeof call.path === 'function' ? call.path(s) : call.path;
  const res = await fetch(`${s.origin}${path}`, {
    method: call.method,
    signal: controller.signal,
    headers: {
      ...(call.public ? {} : { authorization: `Bearer ${CONTRACT_TOKEN}` }),
      ...(call.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(call.accept ? { accept: call.accept } : {}),
    },
    body: call.body === undefined ? undefined : JSON.stringify(call.body),
  });
  const type = (res.headers.get('content-type') ?? '').split(';')[0]!;
  if (type === 'text/event-stream') {
    const first = await res.body!.getReader().read();
    controller.abort();
    return { status: res.status, type, text: new TextDecoder().decode(first.value) };
  }
  return { status: res.status, type, text: await res.text() };
}

/**
 * Every route of the running POS API, called with valid input: each answer's status must be one
 * the served document lists for the operation, its media type one it names, and a JSON body must
 * validate against the document's schema for that status (draft 2020-12, formats checked).
 */
describe('the POS API answers as its served document says', () => {
  let s: ContractApi;
  let doc: Document;
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats.default(ajv);

  beforeAll(async () => {
    s = await startContractApi();
    doc = (await (await fetch(`${s.origin}/v1/openapi.json`)).json()) as Document;
    ajv.addSchema(doc, 'pos-api');
  });
  afterAll(() => s.stop());

  it('calls every documented operation, and every answer matches its schema', async () => {
    const documented = Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`));
    expect(new Set(SCENARIO.map((c) => `${c.method} ${c.route}`))).toEqual(new Set(documented));

    for (const call of SCENARIO) {
      call.before?.(s);
      const where = `${call.method} ${typeof call.path === 'function' ? call.path(s) : call.path}`;
      const got = await answer(s, call);
      expect(got.status, `${where}: ${got.text}`).toBe(call.status);
      const response = doc.paths[call.route]![call.method.toLowerCase()]!.responses[String(got.status)];
      expect(response, `${where}: status ${got.status} is documented`).toBeDefined();
      if (got.status === 204) {
        expect(got.text, where).toBe('');
        continue;
      }
      expect(Object.keys(response!.content ?? {}), `${where}: its media type is documented`).toContain(got.type);
      if (got.type !== 'application/json') {
        expect(got.text.length, where).toBeGreaterThan(0);
        continue;
      }
      const validate = ajv.getSchema(
        `pos-api#/paths/${pointer(call.route)}/${call.method.toLowerCase()}/responses/${got.status}/content/${pointer('application/json')}/schema`,
      );
      expect(validate, where).toBeDefined();
      const body: unknown = JSON.parse(got.text);
      expect(validate!(body), `${where}: ${JSON.stringify(validate!.errors)}\n${got.text.slice(0, 2000)}`).toBe(true);
    }
  });

  it('documents the refusals as they are sent: 404 and 400 validate against Error', async () => {
    const refusals: ScenarioCall[] = [
      { method: 'GET', route: '/v1/bills/{id}', path: '/v1/bills/nope', status: 404 },
      { method: 'PUT', route: '/v1/tables/{id}', path: '/v1/tables/t9', body: { name: '' }, status: 400 },
      { method: 'GET', route: '/v1/events', path: '/v1/events?limit=0', status: 400 },
    ];
    for (const call of refusals) {
      const got = await answer(s, call);
      expect(got.status).toBe(call.status);
      const validate = ajv.getSchema(
        `pos-api#/paths/${pointer(call.route)}/${call.method.toLowerCase()}/responses/${call.status}/content/${pointer('application/json')}/schema`,
      );
      expect(validate!(JSON.parse(got.text)), JSON.stringify(validate!.errors)).toBe(true);
    }
  });

  it('an answer with a field the document does not name fails its schema (the check can fail)', () => {
    const validate = ajv.getSchema(`pos-api#/paths/${pointer('/v1/ordering')}/get/responses/200/content/${pointer('application/json')}/schema`)!;
    expect(validate({ paused: true })).toBe(true);
    expect(validate({ paused: true, extra: 1 })).toBe(false);
    expect(validate({})).toBe(false);
  });
});
