// The browser-mode bridge's frames (preload/bridge-frames.ts) as pure functions, unit-tested; the
// e2e tests cover the wire. Event types come from the contract's one list (preload/names.ts).
import type { BridgeCommand, BridgeError, BridgeRequestFrame, CompanionEvent } from '../../../preload/contract';
import { BRIDGE_PATH, isEventType } from '../../../preload/names';

export type ServerMessage =
  { kind: 'result'; id: number; result: unknown } | { kind: 'error'; id: number | null; error: BridgeError } | { kind: 'event'; event: CompanionEvent };

/** Why a frame was dropped; the bridge logs it (never the frame, which may carry settings). */
export type DropReason = 'bad-json' | 'not-an-object' | 'unknown-event' | 'bad-event' | 'bad-id' | 'no-result';

export type Decoded = ServerMessage | { kind: 'dropped'; reason: DropReason; detail?: string };

export interface PageLocation {
  protocol: string;
  host: string;
}

/**
 * The bridge socket's URL. It carries no token: the page got its HttpOnly cookie when the
 * one-time URL token was exchanged, and the browser sends that cookie with the upgrade.
 */
export function bridgeUrl(location: PageLocation): string {
  const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
  return `${scheme}://${location.host}${BRIDGE_PATH}`;
}

export function encodeRequest(id: number, cmd: BridgeCommand, input: unknown): string {
  const frame: BridgeRequestFrame = { id, cmd, input: input ?? null };
  return JSON.stringify(frame);
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function decodeEvent(event: Record<string, unknown>): Decoded {
  const { type, seq } = event;
  if (!isEventType(type)) return { kind: 'dropped', reason: 'unknown-event', detail: String(type).slice(0, 40) };
  if (typeof seq !== 'number') return { kind: 'dropped', reason: 'bad-event', detail: type };
  return { kind: 'event', event: event as unknown as CompanionEvent };
}

/** Parses one frame; anything we do not understand comes back as `dropped` with its reason. */
export function decodeServerMessage(text: string): Decoded {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return { kind: 'dropped', reason: 'bad-json' };
  }
  if (!isRecord(data)) return { kind: 'dropped', reason: 'not-an-object' };
  if (isRecord(data.event)) return decodeEvent(data.event);
  const id = data.id;
  if (isRecord(data.error) && (typeof id === 'number' || id === null)) {
    const code = typeof data.error.code === 'string' ? data.error.code : 'bridge-error';
    const message = typeof data.error.message === 'string' ? data.error.message : '';
    return { kind: 'error', id, error: { code, message } };
  }
  if (typeof id !== 'number') return { kind: 'dropped', reason: 'bad-id' };
  if ('result' in data) return { kind: 'result', id, result: data.result };
  return { kind: 'dropped', reason: 'no-result' };
}

/** 0.5 s, 1 s, 2 s … capped at 10 s, with up to 20 % jitter so many tabs do not knock in step. */
export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(10_000, 500 * 2 ** Math.min(attempt, 10));
  return Math.round(base * (1 + 0.2 * random()));
}

/** The error a command answers with while the bridge has no link; the UI translates the code. */
export function offlineError(): { ok: false; error: BridgeError } {
  return {
    ok: false,
    error: { code: 'bridge-offline', message: 'The link to Tableside is down. Wait a moment: it reconnects by itself.' },
  };
}

export function timeoutError(): { ok: false; error: BridgeError } {
  return {
    ok: false,
    error: { code: 'bridge-timeout', message: 'Tableside did not answer in time. Try again.' },
  };
}

/** The error a command answers with when main's answer is not the command's CommandResult. */
export function malformedAnswer(): { ok: false; error: BridgeError } {
  return { ok: false, error: { code: 'bridge-failed', message: 'the answer was not a CommandResult' } };
}
