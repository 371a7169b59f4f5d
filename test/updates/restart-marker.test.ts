import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  RESTART_MARKER_FILE,
  RESTART_MARKER_FRESH_MS,
  startsHiddenAfterUpdate,
  takeHiddenRestart,
  takeRestartMarker,
  writeRestartMarker,
} from '../../main/features/updates/index.js';

/**
 * After an install in the quiet window the app starts again in the tray: the marker the shell
 * writes before quitAndInstall, read and removed by the next start (real files in a temp folder).
 */
const NOW = new Date(2026, 10, 22, 3, 10).getTime();
let dir: string;

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'tableside-restart-marker-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('startsHiddenAfterUpdate', () => {
  it('no marker: the start shows the window as usual', () => {
    expect(startsHiddenAfterUpdate(null, NOW)).toBe(false);
  });

  it('a marker from the quit a moment ago: hidden, up to the freshness limit and not after', () => {
    expect(startsHiddenAfterUpdate({ at: NOW - 40_000, version: '1.2.0' }, NOW)).toBe(true);
    expect(startsHiddenAfterUpdate({ at: NOW - RESTART_MARKER_FRESH_MS, version: '1.2.0' }, NOW)).toBe(true);
    expect(startsHiddenAfterUpdate({ at: NOW - RESTART_MARKER_FRESH_MS - 1, version: '1.2.0' }, NOW)).toBe(false);
  });

  it('a marker dated well ahead of the clock is not trusted', () => {
    expect(startsHiddenAfterUpdate({ at: NOW + 30_000, version: '1.2.0' }, NOW)).toBe(true);
    expect(startsHiddenAfterUpdate({ at: NOW + 2 * 60_000, version: '1.2.0' }, NOW)).toBe(false);
  });
});

describe('the marker file', () => {
  it('counts for one start only: read, removed, and the next start shows the window', () => {
    writeRestartMarker(dir, { at: NOW - 60_000, version: '1.2.0' });
    expect(JSON.parse(readFileSync(path.join(dir, RESTART_MARKER_FILE), 'utf8'))).toEqual({ at: NOW - 60_000, version: '1.2.0' });
    expect(takeHiddenRestart(dir, NOW)).toBe(true);
    expect(existsSync(path.join(dir, RESTART_MARKER_FILE))).toBe(false);
    expect(takeHiddenRestart(dir, NOW + 1000)).toBe(false);
  });

  it('a stale marker (an install that never ran) is removed and the window shows', () => {
    writeRestartMarker(dir, { at: NOW - 3 * 3600_000, version: '1.2.0' });
    expect(takeHiddenRestart(dir, NOW)).toBe(false);
    expect(existsSync(path.join(dir, RESTART_MARKER_FILE))).toBe(false);
  });

  it('a cut-short or foreign file counts as no marker, and is removed', () => {
    writeFileSync(path.join(dir, RESTART_MARKER_FILE), '{"at": 17');
    expect(takeRestartMarker(dir)).toBeNull();
    expect(existsSync(path.join(dir, RESTART_MARKER_FILE))).toBe(false);
    writeFileSync(path.join(dir, RESTART_MARKER_FILE), '{"at": "soon", "version": 3}');
    expect(takeHiddenRestart(dir, NOW)).toBe(false);
  });

  it('a data folder that does not exist yet: no marker, and writing one makes it', () => {
    const fresh = path.join(dir, 'not-yet');
    expect(takeHiddenRestart(fresh, NOW)).toBe(false);
    writeRestartMarker(fresh, { at: NOW, version: '1.2.0' });
    expect(takeHiddenRestart(fresh, NOW)).toBe(true);
  });
});
