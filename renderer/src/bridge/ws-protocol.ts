// The browser-mode bridge's message format, as pure functions (unit-tested; the e2e test covers
// the wire). One JSON object per text frame:
//   client → server  {"id": n, "cmd": "getSnapshot" | CommandName, "input": arg | null}
//   server → client  {"id": n, "result": ...} | {"id": n, "error": {"code", "message"}} | {"event": CompanionEvent}
import type { CommandName, CompanionEvent } from '../../../preload/contract';

export type BridgeCommand = 'getSnapshot' | CommandName;

export type ServerMessage =
  | { kind: 'result'; id: number; result: unknown }
  | { kind: 'error'; id: number; error: { code: string; message: string } }
  | { kind: 'event'; event: CompanionEvent };

export interface PageLocation {
  protocol: string;
  host: string;
  search: string;
}

/** The page URL carries `?token=...`; the bridge socket must carry it too or the server refuses it. */
export function bridgeUrl(location: PageLocation): string {
  const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
  return `${scheme}://${location.host}/bridge${location.search}`;
}

export function encodeRequest(id: number, cmd: BridgeCommand, input: unknown): string {
  return JSON.stringify({ id, cmd, input: input ?? null });
}

const EVENT_TYPES = new Set(['session', 'table', 'table-removed', 'bill', 'payment', 'notice', 'settings']);

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Parses one frame; null for anything that is not a message we understand (logged, then ignored). */
export function decodeServerMessage(text: string): ServerMessage | null {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return null;
  }
  if (!isRecord(data)) return null;
  if (isRecord(data.event)) {
    const { type, seq } = data.event;
    if (typeof type !== 'string' || !EVENT_TYPES.has(type) || typeof seq !== 'number') return null;
    return { kind: 'event', event: data.event as unknown as CompanionEvent };
  }
  if (typeof data.id !== 'number') return null;
  if (isRecord(data.error)) {
    const code = typeof data.error.code === 'string' ? data.error.code : 'bridge-error';
    const message = typeof data.error.message === 'string' ? data.error.message : '';
    return { kind: 'error', id: data.id, error: { code, message } };
  }
  if ('result' in data) return { kind: 'result', id: data.id, result: data.result };
  return null;
}

/** 0.5 s, 1 s, 2 s … capped at 10 s, with up to 20 % jitter so many tabs do not knock in step. */
export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(10_000, 500 * 2 ** Math.min(attempt, 10));
  return Math.round(base * (1 + 0.2 * random()));
}

/** The error a command answers with while the bridge has no link; the UI translates the code. */
export function offlineError(): { ok: false; error: { code: string; message: string } } {
  return {
    ok: false,
    error: { code: 'bridge-offline', message: 'The link to Tableside is down. Wait a moment: it reconnects by itself.' },
  };
}

export function timeoutError(): { ok: false; error: { code: string; message: string } } {
  return {
    ok: false,
    error: { code: 'bridge-timeout', message: 'Tableside did not answer in time. Try again.' },
  };
}
