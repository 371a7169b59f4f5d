import { parseJson, PATHS } from '../../wire/index.js';
import type { ReplyBody, ServiceResult, V4ServiceClient } from './types.js';

/**
 * The v4 REST calls with Bearer + Pos-Id (PROTOCOL.md §1). Errors come back as values; the
 * API key never appears in them.
 */
export function createV4ServiceClient(options: { serviceUrl: string; apiKey: string; posId: string; timeoutMs?: number }): V4ServiceClient {
  const base = options.serviceUrl.replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? 10_000;

  async function post(path: string, body: unknown): Promise<ServiceResult> {
    let res: Response;
    try {
      res = await fetch(`${base}${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${options.apiKey}`, 'pos-id': options.posId, 'content-type': 'application/json', 'accept-language': 'en' },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (e) {
      const cause = (e as { cause?: { code?: string } }).cause?.code ?? (e as Error).name;
      return { ok: false, status: null, code: null, message: `could not reach ${base}${path} (${cause})` };
    }
    const text = await res.text().catch(() => '');
    const json = text === '' ? { ok: true as const, value: null } : parseJson(text);
    const value = json.ok ? json.value : null;
    if (res.ok) return { ok: true, status: res.status, body: value };
    const err = (value ?? {}) as { code?: unknown; message?: unknown };
    return {
      ok: false,
      status: res.status,
      code: typeof err.code === 'string' ? err.code : null,
      message: typeof err.message === 'string' ? err.message : `HTTP ${res.status}`,
    };
  }

  return {
    configure: (webhookUrl: string) => post(PATHS.v4Configure, { webhookUrl }),
    whoAmI: () => post(PATHS.v4WhoAmI, undefined),
    reply: (body: ReplyBody) => post(PATHS.v4Reply, body),
  };
}
