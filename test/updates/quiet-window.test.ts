import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { QuietWindowError, inQuietWindow, nextQuietStart, parseQuietWindow } from '../../main/features/updates/index.js';
import { updateTrayLook } from '../../main/features/updates/index.js';

const local = (month: number, day: number, h: number, m = 0): number => new Date(2026, month - 1, day, h, m).getTime();

describe('parseQuietWindow', () => {
  it('reads HH:MM-HH:MM, spaces around the dash allowed', () => {
    expect(parseQuietWindow('03:00-05:00')).toEqual({ startMin: 180, endMin: 300, text: '03:00-05:00' });
    expect(parseQuietWindow(' 23:30 - 01:15 ')).toEqual({ startMin: 1410, endMin: 75, text: '23:30 - 01:15' });
  });

  it.each(['', '3:00-5:00', '03:00', '24:00-01:00', '03:60-04:00', '03:00-03:00', '03:00–05:00'])('refuses %j with a code', (text) => {
    let error: unknown;
    try {
      parseQuietWindow(text);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(QuietWindowError);
    expect(error).toMatchObject({ code: 'update.quiet-window-invalid', params: { value: text } });
  });
});

describe('inQuietWindow / nextQuietStart (local time)', () => {
  const night = parseQuietWindow('03:00-05:00');
  const midnight = parseQuietWindow('23:30-01:00');

  it('start included, end excluded', () => {
    expect(inQuietWindow(local(11, 21, 2, 59), night)).toBe(false);
    expect(inQuietWindow(local(11, 21, 3, 0), night)).toBe(true);
    expect(inQuietWindow(local(11, 21, 4, 59), night)).toBe(true);
    expect(inQuietWindow(local(11, 21, 5, 0), night)).toBe(false);
  });

  it('a window across midnight holds both sides of it', () => {
    expect(inQuietWindow(local(11, 21, 23, 29), midnight)).toBe(false);
    expect(inQuietWindow(local(11, 21, 23, 30), midnight)).toBe(true);
    expect(inQuietWindow(local(11, 22, 0, 59), midnight)).toBe(true);
    expect(inQuietWindow(local(11, 22, 1, 0), midnight)).toBe(false);
  });

  it('the next start is today when still ahead, else tomorrow; never the same instant', () => {
    expect(nextQuietStart(local(11, 21, 2, 0), night)).toBe(local(11, 21, 3, 0));
    expect(nextQuietStart(local(11, 21, 3, 0), night)).toBe(local(11, 22, 3, 0));
    expect(nextQuietStart(local(11, 21, 12, 0), night)).toBe(local(11, 22, 3, 0));
    expect(nextQuietStart(local(11, 21, 12, 0), midnight)).toBe(local(11, 21, 23, 30));
  });

  describe('across a daylight-saving change (Europe/Prague, 2026-10-25)', () => {
    let tz: string | undefined;
    beforeEach(() => {
      tz = process.env.TZ;
      process.env.TZ = 'Europe/Prague';
    });
    afterEach(() => {
      if (tz === undefined) delete process.env.TZ;
      else process.env.TZ = tz;
    });

    it('03:00 local the night the clocks go back is 16 hours after noon, not 15', () => {
      const noon = Date.UTC(2026, 9, 24, 10, 0); // 12:00 CEST
      const start = nextQuietStart(noon, night);
      expect(start).toBe(Date.UTC(2026, 9, 25, 2, 0)); // 03:00 CET
      expect(start - noon).toBe(16 * 3600 * 1000);
    });
  });
});

describe('updateTrayLook', () => {
  it('nothing to say when off, idle or checking', () => {
    for (const status of [{ kind: 'off' }, { kind: 'idle', lastCheckAt: null }, { kind: 'checking' }] as const) {
      expect(updateTrayLook(status)).toEqual({ statusLine: null, restartLabel: null });
    }
  });

  it('a downloaded update offers "Restart now"; a requested restart waiting on a payment says so', () => {
    expect(updateTrayLook({ kind: 'ready', version: '1.2.0', restartRequested: false, waitingFor: [] })).toEqual({
      statusLine: 'Update 1.2.0 ready: installs in the quiet hours or on quit',
      restartLabel: 'Restart now to update to 1.2.0',
    });
    expect(updateTrayLook({ kind: 'ready', version: '1.2.0', restartRequested: true, waitingFor: ['payment'] }, 'cs')).toEqual({
      statusLine: 'Aktualizace 1.2.0 čeká na dokončení platby',
      restartLabel: 'Restartovat a aktualizovat na 1.2.0',
    });
  });

  it('a failure names the version still running', () => {
    const failed = { kind: 'failed', code: 'update.download-failed', runningVersion: '0.1.0', version: '1.2.0', cause: null } as const;
    expect(updateTrayLook(failed)).toEqual({ statusLine: 'Update failed: still running 0.1.0', restartLabel: null });
    expect(updateTrayLook(failed, 'cs').statusLine).toBe('Aktualizace selhala: běží dál verze 0.1.0');
  });
});
