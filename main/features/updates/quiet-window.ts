/**
 * The quiet window: the local time of day when the restaurant is closed and an update may be
 * installed by itself, e.g. "03:00-05:00". It may cross midnight ("23:30-01:00"). Local time is
 * the machine's own: the restaurant PC's clock and zone are what the staff live by, and the JS
 * Date arithmetic below follows its daylight-saving changes.
 */

export interface QuietWindow {
  /** Minutes after local midnight, start included. */
  readonly startMin: number;
  /** Minutes after local midnight, end excluded. */
  readonly endMin: number;
  /** The text it was parsed from, for logs and the tray. */
  readonly text: string;
}

export type QuietWindowErrorCode = 'update.quiet-window-invalid';

/** Bad quiet-window text: a code and the text, never a sentence for the screen. */
export class QuietWindowError extends Error {
  constructor(
    readonly code: QuietWindowErrorCode,
    readonly params: { value: string },
  ) {
    super(`${code}: ${JSON.stringify(params.value)}`);
    this.name = 'QuietWindowError';
  }
}

const PATTERN = /^([01]\d|2[0-3]):([0-5]\d)\s*-\s*([01]\d|2[0-3]):([0-5]\d)$/;

/** Parses "HH:MM-HH:MM" (24-hour, local). Throws QuietWindowError for anything else or an empty window. */
export function parseQuietWindow(text: string): QuietWindow {
  const match = PATTERN.exec(text.trim());
  if (match === null) throw new QuietWindowError('update.quiet-window-invalid', { value: text });
  const [sh = 0, sm = 0, eh = 0, em = 0] = match.slice(1).map(Number);
  const startMin = sh * 60 + sm;
  const endMin = eh * 60 + em;
  // "03:00-03:00" would mean either never or always: neither is what anyone means.
  if (startMin === endMin) throw new QuietWindowError('update.quiet-window-invalid', { value: text });
  return { startMin, endMin, text: text.trim() };
}

/** True when `text` is a usable quiet window (the settings file's rule). */
export function isQuietWindow(text: string): boolean {
  try {
    parseQuietWindow(text);
    return true;
  } catch {
    return false;
  }
}

function localMinuteOfDay(ms: number): number {
  const d = new Date(ms);
  return d.getHours() * 60 + d.getMinutes();
}

/** True when `ms` falls inside the window (start included, end excluded), in local time. */
export function inQuietWindow(ms: number, window: QuietWindow): boolean {
  const m = localMinuteOfDay(ms);
  if (window.startMin < window.endMin) return m >= window.startMin && m < window.endMin;
  return m >= window.startMin || m < window.endMin;
}

/** The next moment after `ms` when the window opens (local time; strictly later than `ms`). */
export function nextQuietStart(ms: number, window: QuietWindow): number {
  const d = new Date(ms);
  d.setHours(Math.floor(window.startMin / 60), window.startMin % 60, 0, 0);
  if (d.getTime() <= ms) {
    d.setDate(d.getDate() + 1);
    // setDate keeps the wall-clock time, so a daylight-saving change in between is handled.
    d.setHours(Math.floor(window.startMin / 60), window.startMin % 60, 0, 0);
  }
  return d.getTime();
}
