import { WS_CLOSE } from '../../../base/wire/index.js';
import type { AttemptEnd } from './connection-driver.js';

/** Seconds of a Retry-After header (the delta form the service uses); null when absent or odd. */
export function retryAfterMs(header: string | null): number | null {
  if (header === null || !/^\d{1,6}$/.test(header.trim())) return null;
  return Number(header.trim()) * 1000;
}

/** What a restart (503) asks us to wait: an injected delay wins, then Retry-After, then the default. */
export function restartEnd(retryAfter: string | null, injectedDelayMs: number | undefined): AttemptEnd {
  if (injectedDelayMs !== undefined) return { kind: 'restart' };
  const fromHeader = retryAfterMs(retryAfter);
  return fromHeader === null ? { kind: 'restart' } : { kind: 'restart', delayMs: fromHeader };
}

/** HTTP statuses of a refused handshake or poll that have a meaning of their own (docs/PROTOCOL.md §3). */
export function classifyHttpStatus(status: number, retryAfter: string | null, injectedDelayMs: number | undefined): AttemptEnd {
  if (status === 401) return { kind: 'rejected' };
  if (status === 409) return { kind: 'conflict' };
  if (status === 503) return restartEnd(retryAfter, injectedDelayMs);
  return { kind: 'dropped', detail: `the service answered HTTP ${status}` };
}

/** Maps how a WebSocket ended to the next step: close codes of docs/PROTOCOL.md §3, or the handshake status. */
export function classifyClose(
  link: { opened: boolean; httpStatus: number | null; retryAfter: string | null },
  code: number,
  reason: string,
  lastError: string,
  injectedDelayMs: number | undefined,
): AttemptEnd {
  if (link.httpStatus !== null) return classifyHttpStatus(link.httpStatus, link.retryAfter, injectedDelayMs);
  if (!link.opened) return { kind: 'unreachable', detail: lastError || `closed ${code} before opening` };
  switch (code) {
    case WS_CLOSE.GOING_AWAY:
      return { kind: 'going-away' };
    case WS_CLOSE.RESTART:
      return { kind: 'restart' };
    case WS_CLOSE.UNAUTHORIZED:
      return { kind: 'rejected' };
    case WS_CLOSE.CONFLICT:
      return { kind: 'conflict' };
    default:
      return { kind: 'dropped', detail: `closed ${code}${reason ? ` (${reason})` : ''}${lastError ? `: ${lastError}` : ''}` };
  }
}
