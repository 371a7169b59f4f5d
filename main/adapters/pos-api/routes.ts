import { z } from 'zod';
import type { PosApiStore } from '../../features/bills/pos-api-contract.js';
import { defineRoute, HttpError, type Route } from '../../base/http-route.js';
import { ackRoute, eventRoute } from './event-routes.js';
import { DOCUMENT_PATH, openApiDocument, type OpenApiDocument } from './openapi.js';

/** The routes the server serves and the document describing them, made together from one list. */
export interface PosApiRoutes {
  routes: readonly Route<PosApiStore>[];
  document: OpenApiDocument;
}

const DocumentBody = z.looseObject({
  openapi: z.string(),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.unknown()),
});

/**
 * The POS API of the feature route lists it is given (main/app/pos-api.ts passes them): the
 * document's own route first, then the features' in their order, then the event log's (read, and acknowledged).
 */
export function assemblePosApi(features: readonly (readonly Route<PosApiStore>[])[]): PosApiRoutes {
  const route = defineRoute<PosApiStore>();
  let document: OpenApiDocument | null = null;
  const documentRoute = route({
    method: 'GET',
    path: DOCUMENT_PATH,
    summary: 'This document',
    public: true,
    responses: { 200: { description: 'OpenAPI 3.1 document', body: DocumentBody } },
  })(() => ({ status: 200, body: document! }));
  const routes = [documentRoute, ...features.flat(), eventRoute, ackRoute];
  const seen = new Set<string>();
  for (const r of routes) {
    const key = `${r.method} ${r.path}`;
    if (seen.has(key)) throw new Error(`The POS API has two routes for ${key}.`);
    seen.add(key);
  }
  document = openApiDocument(routes);
  return { routes, document };
}

interface Compiled {
  route: Route<PosApiStore>;
  names: string[];
  regex: RegExp;
}

export type RouteMatch = { route: Route<PosApiStore>; params: Record<string, string> } | { allowed: string[] } | null;

/** A matcher over the routes; `allowed` lists the methods of a path that matched with another method. */
export function routeMatcher(routes: readonly Route<PosApiStore>[]): (method: string, pathname: string) => RouteMatch {
  const compiled: Compiled[] = routes.map((route) => ({
    route,
    names: [...route.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!),
    regex: new RegExp(`^${route.path.replace(/\./g, '\\.').replace(/\{\w+\}/g, '([^/]+)')}$`),
  }));
  return (method, pathname) => {
    const allowed: string[] = [];
    for (const c of compiled) {
      const m = c.regex.exec(pathname);
      if (!m) continue;
      if (c.route.method !== method) {
        allowed.push(c.route.method);
        continue;
      }
      const params: Record<string, string> = {};
      c.names.forEach((name, i) => {
        try {
          params[name] = decodeURIComponent(m[i + 1]!);
        } catch {
          throw new HttpError(400, 'BAD_REQUEST', `${name}: not a valid URL-encoded value`, name);
        }
      });
      return { route: c.route, params };
    }
    return allowed.length > 0 ? { allowed } : null;
  };
}
