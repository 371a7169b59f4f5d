import { describe, expect, it } from 'vitest';
import { exitCode, record, shortfalls, type BenchFigure } from './harness.js';

const figure = (over: Partial<BenchFigure>): BenchFigure => ({
  bench: 'memory', metric: 'RSS', what: 'after scans', value: 120, unit: 'MB', target: '< 150 MB', met: true,
  checked: { scans: 500, scansOk: 500, billsRead: 10_000 }, expected: { scans: 500, scansOk: 500, billsRead: 10_000 }, ...over,
});

describe('a figure counts only when its checked work was done', () => {
  it('keeps the number of a figure whose checked work matches the plan, with its verdict', () => {
    expect(record(figure({}))).toMatchObject({ value: 120, status: 'met' });
    expect(record(figure({ met: false }))).toMatchObject({ value: 120, status: 'missed' });
    expect(record(figure({ target: null, met: null }))).toMatchObject({ value: 120, status: 'info' });
  });

  it('turns a figure whose work fell short into a failure without a number, saying what was short', () => {
    const failed = record(figure({ checked: { scans: 500, scansOk: 0, billsRead: 10_000 } }));
    expect(failed).toMatchObject({ value: null, status: 'failed', failure: 'scansOk: 0 of 500' });
    // Even an "information" figure fails when its work was not done.
    expect(record(figure({ target: null, met: null, checked: { scans: 500, scansOk: 500 } }))).toMatchObject({ value: null, status: 'failed', failure: 'billsRead: undefined of 10000' });
  });

  it('fails a figure that checked nothing, or measured nothing', () => {
    expect(shortfalls({}, {})).toEqual(['no checked work']);
    expect(record(figure({ checked: {}, expected: {} }))).toMatchObject({ value: null, status: 'failed', failure: 'no checked work' });
    expect(record(figure({ value: Number.NaN }))).toMatchObject({ value: null, status: 'failed', failure: 'no value measured' });
  });

  it('compares flags as well as counts', () => {
    expect(shortfalls({ answeredAfter: false }, { answeredAfter: true })).toEqual(['answeredAfter: false of true']);
  });

  it('fails a full run on a missed target or failed work, a quick run (CI) on failed work only', () => {
    const met = record(figure({}));
    const missed = record(figure({ met: false }));
    const failed = record(figure({ checked: { scans: 500, scansOk: 0, billsRead: 10_000 } }));
    expect([exitCode([met], false), exitCode([met, missed], false), exitCode([met, failed], false)]).toEqual([0, 1, 1]);
    expect([exitCode([met], true), exitCode([met, missed], true), exitCode([met, failed], true)]).toEqual([0, 0, 1]);
  });
});
