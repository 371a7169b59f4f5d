// A calendar day as a cashier reads and types it in the app's language, never the browser's:
// "29. 11. 2026" in Czech, "29/11/2026" in English (en-GB, as the rest of the app writes dates).

export type DateReading =
  | { kind: 'empty' }
  /** A real day, as YYYY-MM-DD. */
  | { kind: 'date'; value: string }
  /** Day, month and year are there, but no such day exists ("31. 2. 2026"). */
  | { kind: 'impossible' }
  | { kind: 'invalid' };

const pad = (n: number) => String(n).padStart(2, '0');

/** "2026-11-29" as the field shows it: "29. 11. 2026" (cs), "29/11/2026" (en). */
export function formatDateField(date: string, language: string): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return language === 'cs' ? `${d}. ${m}. ${y}` : `${pad(d)}/${pad(m)}/${y}`;
}

/**
 * Reads a typed day: day, month, four-digit year, in that order in both languages, apart by a
 * dot, slash or dash with optional spaces ("29.11.2026", "29. 11. 2026", "29/11/2026"). A text
 * in the ISO form ("2026-11-29") is read too.
 */
export function readDate(text: string): DateReading {
  const t = text.trim();
  if (t === '') return { kind: 'empty' };
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(t);
  const dmy = /^(\d{1,2})\s*[./-]\s*(\d{1,2})\s*[./-]\s*(\d{4})\.?$/.exec(t);
  const parts = iso ? [iso[3], iso[2], iso[1]] : dmy ? [dmy[1], dmy[2], dmy[3]] : null;
  if (!parts) return { kind: 'invalid' };
  const [d, m, y] = parts.map(Number) as [number, number, number];
  const day = new Date(Date.UTC(y, m - 1, d));
  if (y < 1 || day.getUTCFullYear() !== y || day.getUTCMonth() !== m - 1 || day.getUTCDate() !== d) return { kind: 'impossible' };
  return { kind: 'date', value: `${String(y).padStart(4, '0')}-${pad(m)}-${pad(d)}` };
}
