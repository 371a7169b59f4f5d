import { describe, expect, it } from 'vitest';
import { diskTrayLine } from '../../main/shell/tray-state.js';

describe('the tray on low disk space', () => {
  it('adds a line with the megabytes left while space is low, in both languages, and none once it returns', () => {
    const low = { lowSpace: true, freeBytes: 312 * 1024 * 1024 + 5 };
    expect(diskTrayLine(low, 'en')).toBe('Disk almost full: 312 MB left, free some space');
    expect(diskTrayLine(low, 'cs')).toBe('Disk je téměř plný: zbývá 312 MB, uvolněte místo');
    expect(diskTrayLine({ lowSpace: false, freeBytes: 40 * 1024 ** 3 }, 'en')).toBeNull();
    expect(diskTrayLine(null, 'en')).toBeNull();
  });
});
