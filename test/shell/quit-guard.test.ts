import { describe, expect, it } from 'vitest';
import { confirmQuit, quitQuestion, type OpenWork } from '../../main/shell/quit-guard.js';

/** The cashier's Quit: what it asks, in both languages, and what the answer does. */
describe('the quit question', () => {
  it('names what is open, guests paying first', () => {
    expect(quitQuestion({ paying: 2, openTables: 0 }, 'en')?.message).toBe('2 guests are paying. Quit anyway?');
    expect(quitQuestion({ paying: 1, openTables: 3 }, 'en')?.message).toBe('1 guest is paying. 3 tables have open bills. Quit anyway?');
    expect(quitQuestion({ paying: 0, openTables: 1 }, 'en')?.message).toBe('1 table has an open bill. Quit anyway?');
    expect(quitQuestion({ paying: 2, openTables: 5 }, 'cs')?.message).toBe('Platí 2 hosté. 5 stolů má otevřené účty. Přesto ukončit?');
    expect(quitQuestion({ paying: 0, openTables: 0 }, 'cs')).toBeNull();
  });

  it('keeps running on Enter and Esc: the cancel and default button is "Keep running"', () => {
    const q = quitQuestion({ paying: 1, openTables: 0 }, 'en');
    expect(q?.buttons?.[q.defaultId ?? -1]).toBe('Keep running');
    expect(q?.cancelId).toBe(q?.defaultId);
  });

  it('quits at once when nothing is open, asks otherwise and follows the answer', async () => {
    const asked: string[] = [];
    const ask = (work: OpenWork, response: number) =>
      confirmQuit({
        dialog: {
          showMessageBox: async (...args: unknown[]) => {
            asked.push((args.at(-1) as { message: string }).message);
            return { response, checkboxChecked: false };
          },
        },
        work: async () => work,
        language: () => 'en',
        window: () => null,
      });
    expect(await ask({ paying: 0, openTables: 0 }, 1)).toBe(true);
    expect(asked).toEqual([]);
    expect(await ask({ paying: 1, openTables: 0 }, 1)).toBe(false);
    expect(await ask({ paying: 1, openTables: 0 }, 0)).toBe(true);
    expect(asked).toEqual(['1 guest is paying. Quit anyway?', '1 guest is paying. Quit anyway?']);
  });
});
