import { randomUUID } from 'node:crypto';

/** Credentials of a POS talking to the sandbox. */
export interface PosCredentials {
  url: string;
  apiKey: string;
  posId: string;
}

export interface HttpAnswer {
  status: number;
  headers: Headers;
  text: string;
  /** Parsed body, or undefined when the body is empty. */
  json: unknown;
}

export const newPosId = (): string => randomUUID();

/** fetch with the POS headers (Bearer + Pos-Id) and a JSON body; never throws on an HTTP status. */
export async function posFetch(
  creds: PosCredentials,
  path: string,
  init: { method?: string; body?: unknown; rawBody?: string; headers?: Record<string, string>; signal?: AbortSignal } = {},
): Promise<HttpAnswer> {
  const headers: Record<string, string> = { authorization: `Bearer ${creds.apiKey}`, 'pos-id': creds.posId, ...init.headers };
  let body: string | undefined = init.rawBody;
  if (init.body !== undefined) {
    body = JSON.stringify(init.body);
    headers['content-type'] = 'application/json';
  }
  const res = await fetch(`${creds.url}${path}`, { method: init.method ?? 'GET', headers, body, signal: init.signal });
  const text = await res.text();
  return { status: res.status, headers: res.headers, text, json: jsonOf(res, text) };
}

/** A request to the sandbox control API (no POS auth). */
export async function control(url: string, path: string, body?: unknown, method = body === undefined ? 'GET' : 'POST'): Promise<HttpAnswer> {
  const res = await fetch(`${url}${path}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, text, json: jsonOf(res, text) };
}

/** The parsed body when the answer is JSON; undefined for empty or non-JSON bodies (PNG, SVG, HTML). */
function jsonOf(res: Response, text: string): unknown {
  return text && (res.headers.get('content-type') ?? '').includes('json') ? (JSON.parse(text) as unknown) : undefined;
}
