import type { Parsed } from '../../main/base/wire/index.js';
import { message, type Lang } from './messages.js';
import type { Reply } from './route-types.js';

/** Small constructors for the statuses the interface document uses. */
export const ok = (body: unknown): Reply => ({ status: 200, body });
export const empty = (status: number): Reply => ({ status });
export const accepted = (): Reply => ({ status: 200, body: { status: 'Accepted' } });

export function errorReply(status: number, code: string, text: string, headers?: Record<string, string>): Reply {
  return headers ? { status, body: { code, message: text }, headers } : { status, body: { code, message: text } };
}

/** 400 naming the offending field, e.g. `items[0].price: must be a decimal string such as "62.50"`. */
export function badRequest(lang: Lang, detail: string): Reply {
  return errorReply(400, 'BAD_REQUEST', lang === 'cs' ? `${message('badRequest', lang)}: ${detail}` : detail);
}

export class ReplyError extends Error {
  constructor(readonly reply: Reply) {
    super(`reply ${reply.status}`);
  }
}

/** Unwraps a parse result or throws the 400 the server turns into a response. */
export function must<T>(parsed: Parsed<T>, lang: Lang, missingBody = false): T {
  if (parsed.ok) return parsed.value;
  throw new ReplyError(badRequest(lang, missingBody ? 'body: a JSON object is required' : parsed.error));
}
