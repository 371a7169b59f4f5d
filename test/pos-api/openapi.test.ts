import { describe, expect, it } from 'vitest';
import { openApiDocument, POS_API_ROUTES as ROUTES } from '../../main/app/pos-api.js';

const paths = openApiDocument.paths as Record<string, Record<string, { responses?: Record<string, unknown> }>>;

describe('the OpenAPI document', () => {
  it('is OpenAPI 3.1 with bearer security', () => {
    expect(openApiDocument.openapi).toBe('3.1.0');
    expect(openApiDocument.components.securitySchemes.bearer).toEqual({ type: 'http', scheme: 'bearer' });
  });

  it('describes every route the server serves, and nothing it does not', () => {
    const served = ROUTES.map((r) => `${r.method} ${r.path}`).sort();
    const documented = Object.entries(paths)
      .flatMap(([path, ops]) =>
        Object.keys(ops)
          .filter((k) => ['get', 'put', 'post', 'delete', 'patch'].includes(k))
          .map((m) => `${m.toUpperCase()} ${path}`),
      )
      .sort();
    expect(documented).toEqual(served);
  });

  it('lists 401, 421 and the success status for every protected operation, and 400/409/413 where bodies are taken', () => {
    for (const route of ROUTES) {
      const op = paths[route.path]![route.method.toLowerCase()]!;
      const statuses = Object.keys(op.responses ?? {});
      expect(
        statuses.some((s) => s.startsWith('2')),
        `${route.method} ${route.path}`,
      ).toBe(true);
      if (!route.public) expect(statuses, `${route.method} ${route.path}`).toContain('401');
      // The guard answers a foreign Host before any route, the public one included.
      expect(statuses, `${route.method} ${route.path}`).toContain('421');
      if (route.body) expect(statuses, `${route.method} ${route.path}`).toEqual(expect.arrayContaining(['400', '413']));
    }
  });

  it('documents Idempotency-Key, 409, 422 and Idempotent-Replayed on every write, and on no read', () => {
    type Op = {
      parameters?: { name: string; in: string; schema?: { maxLength?: number } }[];
      responses: Record<string, { headers?: Record<string, unknown> }>;
    };
    for (const route of ROUTES) {
      const op = paths[route.path]![route.method.toLowerCase()] as Op;
      const header = op.parameters?.find((p) => p.name === 'Idempotency-Key' && p.in === 'header');
      const where = `${route.method} ${route.path}`;
      if (route.method === 'GET') {
        expect(header, where).toBeUndefined();
        continue;
      }
      expect(header?.schema?.maxLength, where).toBe(255);
      expect(Object.keys(op.responses), where).toEqual(expect.arrayContaining(['409', '422']));
      for (const [status, answer] of Object.entries(op.responses))
        if (status.startsWith('2')) expect(Object.keys(answer.headers ?? {}), `${where} ${status}`).toContain('Idempotent-Replayed');
    }
  });

  it('resolves every $ref', () => {
    const refs = JSON.stringify(openApiDocument).match(/#\/components\/schemas\/\w+/g) ?? [];
    const schemas = openApiDocument.components.schemas as Record<string, unknown>;
    for (const ref of new Set(refs)) expect(schemas[ref.split('/').pop()!], ref).toBeDefined();
  });
});
