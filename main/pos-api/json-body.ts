import { parseJson } from '../wire/index.js';
import { HttpError } from './http-io.js';

/**
 * JSON bodies of the POS API. A body nested deeper than MAX_JSON_DEPTH is refused before it is
 * parsed: stored as a bill's additionalData it would later overflow the stack of JSON.stringify on
 * every read of that bill (getTableContents included), so one bad PUT would break its table.
 */
export const MAX_JSON_DEPTH = 32;

interface Level {
  array: boolean;
  key: string | number;
  /** In an object: the next string is a key. */
  expectKey: boolean;
}

const pathOf = (levels: Level[]) =>
  levels.reduce((acc, l) => (typeof l.key === 'number' ? `${acc}[${l.key}]` : acc ? `${acc}.${l.key}` : l.key), '');

function keyText(raw: string): string {
  try {
    return String(JSON.parse(raw));
  } catch {
    return raw.slice(1, -1);
  }
}

/**
 * The path of the first container nested deeper than `max` (e.g. `additionalData.a.b`), or null.
 * One pass over the text with no recursion, so any depth is safe to check; malformed JSON is left
 * to JSON.parse.
 */
export function tooDeepAt(text: string, max = MAX_JSON_DEPTH): string | null {
  const levels: Level[] = [];
  let stringStart = -1;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i];
    if (stringStart >= 0) {
      if (c === '\\') i += 1;
      else if (c === '"') {
        const top = levels.at(-1);
        if (top && !top.array && top.expectKey) {
          top.key = keyText(text.slice(stringStart, i + 1));
          top.expectKey = false;
        }
        stringStart = -1;
      }
      continue;
    }
    if (c === '"') stringStart = i;
    else if (c === '{' || c === '[') {
      if (levels.length >= max) return pathOf(levels) || 'body';
      levels.push({ array: c === '[', key: c === '[' ? 0 : '', expectKey: c === '{' });
    } else if (c === '}' || c === ']') levels.pop();
    else if (c === ',') {
      const top = levels.at(-1);
      if (top?.array) top.key = (top.key as number) + 1;
      else if (top) top.expectKey = true;
    }
  }
  return null;
}

/** Parses a request body, refusing bad JSON and too-deep nesting with 400 naming where. */
export function parseJsonBody(text: string): unknown {
  const deep = tooDeepAt(text);
  if (deep !== null) throw new HttpError(400, 'BAD_REQUEST', `${deep}: nested deeper than ${MAX_JSON_DEPTH} levels`, deep);
  const parsed = parseJson(text);
  if (!parsed.ok) throw new HttpError(400, 'BAD_REQUEST', `body: ${parsed.error}`, 'body');
  return parsed.value;
}
