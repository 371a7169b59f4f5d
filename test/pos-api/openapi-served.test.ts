import { compileErrors, validate } from '@readme/openapi-parser';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi } from './helpers.js';

type Document = {
  openapi: string;
  servers: { url: string }[];
  paths: Record<string, { get?: { responses: Record<string, { content?: Record<string, { schema: unknown }> }> } }>;
};

/** The document as an integrator gets it: GET /v1/openapi.json, without a token. */
describe('the served OpenAPI document', () => {
  let a: Awaited<ReturnType<typeof startApi>>;
  let doc: Document;
  beforeAll(async () => {
    a = await startApi();
    const res = await fetch(`${a.api.url}/openapi.json`);
    expect(res.status).toBe(200);
    doc = (await res.json()) as Document;
  });
  afterAll(() => a.stop());

  it('is a valid OpenAPI 3.1 document', async () => {
    const result = await validate(structuredClone(doc) as Parameters<typeof validate>[0]);
    expect(result.valid, result.valid ? '' : compileErrors(result)).toBe(true);
    expect(result.specification).toBe('OpenAPI');
    expect(result.warnings).toEqual([]);
    expect(doc.openapi).toBe('3.1.0');
  });

  it('a document with a broken reference is refused (the check can fail)', async () => {
    const broken = structuredClone(doc) as Document & { components: { schemas: Record<string, unknown> } };
    delete broken.components.schemas.Error;
    expect((await validate(broken as Parameters<typeof validate>[0])).valid).toBe(false);
  });

  it('names the origin as its server and /v1 once, in every path', () => {
    expect(doc.servers.map((s) => s.url)).toEqual(['http://127.0.0.1:{port}']);
    for (const path of Object.keys(doc.paths)) expect(path).toMatch(/^\/v1\/(?!v1\/)/);
    // The server URL and a path make the address the API answers at.
    expect(`${doc.servers[0]!.url.replace('{port}', String(a.api.port))}/v1/tables`).toBe(`${a.api.url}/tables`);
  });

  it('lets GET /v1/payments answer an empty list, either list, and CSV', () => {
    const ajv = new Ajv2020({ strict: false });
    addFormats.default(ajv);
    ajv.addSchema(doc, 'doc');
    const ok = doc.paths['/v1/payments']!.get!.responses['200']!.content!;
    expect(Object.keys(ok).sort()).toEqual(['application/json', 'text/csv']);
    const check = ajv.getSchema('doc#/paths/~1v1~1payments/get/responses/200/content/application~1json/schema')!;
    expect(check([])).toBe(true);
    expect(check([{ paymentId: 'p' }])).toBe(false);
  });
});
