import type { IncomingHttpHeaders } from 'node:http';
import { PosId, parseWith } from '../../main/base/wire/index.js';
import type { Restaurant, SandboxState } from '../core/state.js';

export interface PosIdentity {
  restaurant: Restaurant;
  posId: string;
}

/** The restaurant is identified by its API key; Pos-Id must be a UUID (any version, any case). */
export function identify(state: SandboxState, apiKey: string | undefined, posId: string | undefined): PosIdentity | null {
  if (!apiKey || !posId || !parseWith(PosId, posId).ok) return null;
  const restaurant = state.byApiKey.get(apiKey);
  if (!restaurant) return null;
  restaurant.firstPosId ??= posId;
  return { restaurant, posId };
}

export function bearerOf(headers: IncomingHttpHeaders): string | undefined {
  const m = /^Bearer (\S+)\s*$/.exec(headers.authorization ?? '');
  return m?.[1];
}

export function posIdOf(headers: IncomingHttpHeaders): string | undefined {
  const v = headers['pos-id'];
  return Array.isArray(v) ? v[0] : v;
}

export function identifyHeaders(state: SandboxState, headers: IncomingHttpHeaders): PosIdentity | null {
  return identify(state, bearerOf(headers), posIdOf(headers));
}

/** True when the request tried header auth at all (the WS handshake then must not wait for a frame). */
export function hasAuthHeaders(headers: IncomingHttpHeaders): boolean {
  return headers.authorization !== undefined || headers['pos-id'] !== undefined;
}
