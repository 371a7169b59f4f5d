import { parseJson } from '../../base/wire/index.js';
import { HttpError } from './http-io.js';

/**
 * JSON bodies of the POS API. A body nested deeper than MAX_JSON_DEPTH is refused before it is
 * parsed: stored as a bill's additionalData it would later overflow the stack of JSON.stringify on
 * every read of that bill (getTableContents included), so one bad PUT would break its table.
 */
export const MAX_JSON_DEPTH = 32;

/** The characters the scan looks at, as char codes (no one-character string per character of the body). */
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const COMMA = 0x2c;

interface Level {
  array: boolean;
  /** In an array: the element's index. */
  index: number;
  /** In an object: where the current key's text (with its quotes) starts and ends; read only for the error's path. */
  keyStart: number;
  keyEnd: number;
  /** In an object: the next string is a key. */
  expectKey: boolean;
}

function keyText(raw: string): string {
  try {
    return String(JSON.parse(raw));
  } catch {
    return raw.slice(1, -1);
  }
}

const pathOf = (text: string, levels: Level[]) =>
  levels.reduce((acc, l) => {
    if (l.array) return `${acc}[${l.index}]`;
    const key = l.keyEnd > l.keyStart ? keyText(text.slice(l.keyStart, l.keyEnd)) : '';
    return acc ? `${acc}.${key}` : key;
  }, '');

/**
 * The path of the first container nested deeper than `max` (e.g. `additionalData.a.b`), or null.
 * One pass over the text with no recursion, so any depth is safe to check; malformed JSON is left
 * to JSON.parse. Keys are only located on the way (every PUT of a bill passes here: no string or
 * parse per key); their text is read for the path of a refusal.
 */
export function tooDeepAt(text: string, max = MAX_JSON_DEPTH): string | null {
  const levels: Level[] = [];
  let stringStart = -1;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (stringStart >= 0) {
      if (c === BACKSLASH) i += 1;
      else if (c === QUOTE) {
        const top = levels.at(-1);
        if (top && !top.array && top.expectKey) {
          top.keyStart = stringStart;
          top.keyEnd = i + 1;
          top.expectKey = false;
        }
        stringStart = -1;
      }
      continue;
    }
    if (c === QUOTE) stringStart = i;
    else if (c === OPEN_OBJECT || c === OPEN_ARRAY) {
      if (levels.length >= max) return pathOf(text, levels) || 'body';
      levels.push({ array: c === OPEN_ARRAY, index: 0, keyStart: 0, keyEnd: 0, expectKey: c === OPEN_OBJECT });
    } else if (c === CLOSE_OBJECT || c === CLOSE_ARRAY) levels.pop();
    else if (c === COMMA) {
      const top = levels.at(-1);
      if (top?.array) top.index += 1;
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
