// Pairing: the till's QR code opens `/#pair=<code>`. The code is read from the fragment and taken
// out of the address at once (history, a shared screenshot, a reload never carry it again), then
// POSTed to /staff/pair for the device's id and secret.
import type { StaffPairAnswer, StaffPairError } from '../../../preload/staff-frames';

/** The code in `#pair=<code>`, or null. Removes the fragment from the address either way. */
export function takePairCode(location: Location, history: History): string | null {
  const hash = location.hash.startsWith('#') ? location.hash.slice(1) : location.hash;
  if (!hash) return null;
  const code = new URLSearchParams(hash).get('pair');
  history.replaceState(history.state, '', `${location.pathname}${location.search}`);
  return code && code.trim() ? code.trim() : null;
}

export type PairOutcome = { ok: true; answer: StaffPairAnswer } | { ok: false; error: StaffPairError | 'NETWORK' };

const PAIR_ERRORS: readonly StaffPairError[] = ['CODE_UNKNOWN', 'RATE_LIMITED', 'BAD_REQUEST'];

function isAnswer(value: unknown): value is StaffPairAnswer {
  const a = value as Partial<StaffPairAnswer> | null;
  return (
    !!a &&
    typeof a.deviceId === 'string' &&
    typeof a.secret === 'string' &&
    /^[0-9a-f]{64}$/i.test(a.secret) &&
    typeof a.name === 'string' &&
    (a.role === 'waiter' || a.role === 'manager')
  );
}

/** The refusal's code from the body ({error: code} or {code}), else from the status. */
function refusal(status: number, body: unknown): StaffPairError {
  const b = body as { error?: unknown; code?: unknown } | null;
  const named = [b?.error, b?.code, (b?.error as { code?: unknown } | undefined)?.code].find((c): c is StaffPairError =>
    PAIR_ERRORS.includes(c as StaffPairError),
  );
  if (named) return named;
  if (status === 429) return 'RATE_LIMITED';
  if (status === 404) return 'CODE_UNKNOWN';
  return 'BAD_REQUEST';
}

export async function pairDevice(fetchFn: typeof fetch, code: string, deviceLabel?: string): Promise<PairOutcome> {
  let response: Response;
  try {
    response = await fetchFn('/staff/pair', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(deviceLabel ? { code, deviceLabel } : { code }),
      credentials: 'omit',
      cache: 'no-store',
    });
  } catch {
    return { ok: false, error: 'NETWORK' };
  }
  const body: unknown = await response.json().catch(() => null);
  if (response.ok && isAnswer(body)) return { ok: true, answer: body };
  if (response.ok) return { ok: false, error: 'BAD_REQUEST' };
  if (response.status >= 500) return { ok: false, error: 'NETWORK' };
  return { ok: false, error: refusal(response.status, body) };
}

/** What the phone says it is, for the till's list: the platform, never anything identifying. */
export function deviceLabel(nav: Navigator): string | undefined {
  const data = (nav as Navigator & { userAgentData?: { platform?: string; mobile?: boolean } }).userAgentData;
  if (data?.platform) return data.platform.slice(0, 40);
  const ua = nav.userAgent;
  if (/iPhone|iPad|iPod/.test(ua)) return 'iOS';
  if (/Android/.test(ua)) return 'Android';
  return undefined;
}
