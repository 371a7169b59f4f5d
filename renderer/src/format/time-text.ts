// Times and countdowns for the cashier.

// Building an Intl formatter costs about a millisecond (toLocaleTimeString builds one per call):
// one per language, kept, so a list of notices formats in microseconds.
const clockFormats = new Map<string, Intl.DateTimeFormat>();

function clockFormat(language: string): Intl.DateTimeFormat {
  const locale = language === 'cs' ? 'cs-CZ' : 'en-GB';
  let format = clockFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit' });
    clockFormats.set(locale, format);
  }
  return format;
}

/** Builds the formatters ahead (the first one loads locale data: ~15 ms), off the first notice's frame. */
export function warmUpFormats(): void {
  for (const language of ['en', 'cs']) clockFormat(language);
}

export function formatClock(iso: string, language: string): string {
  return clockFormat(language).format(new Date(iso));
}

/** Remaining time as h:mm:ss ("2:59:07"); zero or less reads "0:00:00". */
export function formatCountdown(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  return `${h}:${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}`;
}

/** Whole minutes for "offline for 3 min"; at least 1 so the banner never says 0. */
export function wholeMinutes(ms: number): number {
  return Math.max(1, Math.floor(ms / 60_000));
}
