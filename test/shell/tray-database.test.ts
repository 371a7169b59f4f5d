import { describe, expect, it } from 'vitest';
import { databaseTrayLine } from '../../main/shell/tray-state.js';

describe('the tray line of a bill database another program holds', () => {
  it('is there while the lock refuses the writes, in English and Czech, and gone when it is let go', () => {
    const held = { locked: true, since: Date.parse('2026-11-28T20:00:00Z') };
    expect(databaseTrayLine(held, 'en')).toBe('Bill database locked by another program: payments are refused until it lets go');
    expect(databaseTrayLine(held, 'cs')).toBe('Databázi účtů drží jiný program: platby se odmítají, dokud ji nepustí');
    expect(databaseTrayLine({ locked: false, since: null }, 'en')).toBeNull();
    expect(databaseTrayLine(null)).toBeNull();
  });
});
