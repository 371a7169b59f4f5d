import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Logger } from '../../base/log.js';

/**
 * An install in the quiet window restarts the app with nobody at the till: it must come back in
 * the tray (as `--hidden` would), not open its window over the POS at 3 a.m. NSIS starts the new
 * version after a silent install without our arguments, so the shell leaves this marker in the
 * data folder just before it quits to install, and the next start reads and removes it. Only a
 * fresh marker counts: one left by an install that never ran must not hide the window of a start
 * the cashier makes hours later. The cashier's "Restart now" writes none (they are at the till).
 */
export const RESTART_MARKER_FILE = 'update-restart.json';

/** How long after the quit a start still counts as the installer's restart. */
export const RESTART_MARKER_FRESH_MS = 15 * 60 * 1000;

export interface RestartMarker {
  /** When the app quit to install (epoch ms). */
  at: number;
  /** The version being installed. */
  version: string;
}

/** Whether a start that found `marker` (null: none) at `now` is the installer's restart: start hidden. */
export function startsHiddenAfterUpdate(marker: RestartMarker | null, now: number): boolean {
  if (marker === null) return false;
  const age = now - marker.at;
  // A marker from the future (the clock was set back) is not trusted beyond a minute.
  return age >= -60_000 && age <= RESTART_MARKER_FRESH_MS;
}

export function writeRestartMarker(dataDir: string, marker: RestartMarker): void {
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(path.join(dataDir, RESTART_MARKER_FILE), `${JSON.stringify(marker)}\n`);
}

export function removeRestartMarker(dataDir: string): void {
  rmSync(path.join(dataDir, RESTART_MARKER_FILE), { force: true });
}

/** Reads and removes the marker (it counts for one start only); an unreadable one counts as none. */
export function takeRestartMarker(dataDir: string, log?: Logger): RestartMarker | null {
  const file = path.join(dataDir, RESTART_MARKER_FILE);
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return null;
  }
  rmSync(file, { force: true });
  try {
    const value = JSON.parse(text) as Partial<RestartMarker>;
    if (typeof value.at === 'number' && typeof value.version === 'string') return { at: value.at, version: value.version };
  } catch {
    // fall through: a cut-short file
  }
  log?.warn({ mod: 'updates' }, 'unreadable update restart marker: ignored');
  return null;
}

/** The start's decision: hidden when the last quit was an install in the quiet window a moment ago. */
export function takeHiddenRestart(dataDir: string, now: number, log?: Logger): boolean {
  const marker = takeRestartMarker(dataDir, log);
  const hidden = startsHiddenAfterUpdate(marker, now);
  if (marker !== null) log?.info({ mod: 'updates', version: marker.version, hidden }, 'started after an update install');
  return hidden;
}
