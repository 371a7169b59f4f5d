import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Closing the window hides it to the tray; the first time, a notification says so. Whether that
 * hint was shown is remembered as a marker file in the data directory, so it survives restarts.
 */
export const CLOSE_HINT_FILE = 'close-hint-shown';

/** True exactly once per data directory: the caller shows the hint when it is true. */
export function takeCloseHint(dataDir: string): boolean {
  const marker = path.join(dataDir, CLOSE_HINT_FILE);
  if (existsSync(marker)) return false;
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(marker, `${new Date().toISOString()}\n`);
  return true;
}

export const CLOSE_HINT = {
  en: { title: 'Tableside is still running', body: 'It keeps taking payments from the tray. Use Quit in the tray menu to stop it.' },
  cs: { title: 'Tableside stále běží', body: 'Platby přijímá dál z lišty. Ukončíte ho volbou Ukončit v nabídce ikony.' },
} as const;
