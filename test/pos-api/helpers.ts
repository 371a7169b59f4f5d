import type { BillView, PaymentView } from '../../preload/contract.js';
import type { Clock } from '../../main/base/clock.js';
import type { ServerLimits } from '../../main/base/http-guard/index.js';
import { silentLogger } from '../../main/base/log.js';
import { startPosApi, type PosApi } from '../../main/app/pos-api.js';
import { tempStore } from '../store/helpers.js';

export const TOKEN = 'a'.repeat(64);

/** Shapes of the answers, for reading them in tests. */
export type ApiError = { error: { code: string; message: string; field?: string } };
export type BillDetail = BillView & { payments: PaymentView[] };

/** A real store on a temp file behind a real POS API on 127.0.0.1 (port 0). */
export async function startApi(options: { heartbeatMs?: number; clock?: Clock; limits?: Partial<ServerLimits> } = {}) {
  const t = tempStore();
  const api: PosApi = await startPosApi({ store: t.store, port: 0, token: TOKEN, log: silentLogger(), ...options });
  const call = async <T = ApiError>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
    const res = await fetch(`${api.url}${path}`, {
      method,
      headers: { authorization: `Bearer ${TOKEN}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, headers: res.headers, text, json: (text ? JSON.parse(text) : null) as T };
  };
  return {
    ...t,
    api,
    call,
    stop: async () => {
      await api.close();
      t.cleanup();
    },
  };
}
