import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Notice } from '../../preload/contract.js';
import { ManualClock } from '../../main/base/clock.js';
import { createCompanion } from '../../main/app/companion.js';
import { createNoticeBook, NOTICE_PERSIST_DELAY_MS } from '../../main/adapters/ui-bridge/notice-book.js';
import { memoryLogger } from './memory-log.js';

let dir: string;
let clock: ManualClock;
let memory: ReturnType<typeof memoryLogger>;
const file = () => path.join(dir, 'notices.json');
const book = () => createNoticeBook({ dataDir: dir, clock, log: memory.log });
const saved = (): Notice[] => JSON.parse(readFileSync(file(), 'utf8')) as Notice[];
const warnings = () => memory.lines().filter((l) => l.level === 40 && l.mod === 'notices');

const notice = (id: string, extra: Partial<Notice> = {}): Notice => ({
  id,
  kind: 'paid',
  at: '2026-11-21T12:00:00.000Z',
  paymentId: id.replace('paid:', ''),
  tableName: 'Table 4',
  amount: '120.50',
  tip: '10',
  currency: 'CZK',
  message: null,
  acknowledged: false,
  ...extra,
});

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'tableside-notices-'));
  clock = new ManualClock();
  memory = memoryLogger();
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('saving notices on the injected clock', () => {
  it('writes once, NOTICE_PERSIST_DELAY_MS after the first change: not earlier, not later', () => {
    const notices = book();
    notices.add(notice('paid:p1'));
    clock.advance(100);
    notices.add(notice('paid:p2'));
    expect(clock.pending()).toBe(1);
    clock.advance(NOTICE_PERSIST_DELAY_MS - 101);
    expect(existsSync(file())).toBe(false);
    clock.advance(1);
    expect(saved().map((n) => n.id)).toEqual(['paid:p1', 'paid:p2']);
    expect(clock.pending()).toBe(0);
  });

  it('flush() on shutdown writes at once and cancels the timer; acknowledged notices are not kept', () => {
    const notices = book();
    notices.add(notice('paid:p1'));
    notices.add(notice('paid:p2'));
    notices.acknowledge('paid:p1');
    notices.flush();
    expect(clock.pending()).toBe(0);
    expect(saved().map((n) => n.id)).toEqual(['paid:p2']);
    expect(book().open()).toEqual([notice('paid:p2')]);
  });

  it('logs a failed write instead of throwing from the timer, and writes on the next change', () => {
    mkdirSync(`${file()}.tmp`);
    const notices = book();
    notices.add(notice('paid:p1'));
    expect(() => clock.advance(NOTICE_PERSIST_DELAY_MS)).not.toThrow();
    expect(memory.lines().filter((l) => l.mod === 'notices' && l.msg === 'notices could not be saved')).toHaveLength(1);
    rmSync(`${file()}.tmp`, { recursive: true });
    notices.add(notice('paid:p2'));
    clock.advance(NOTICE_PERSIST_DELAY_MS);
    expect(saved().map((n) => n.id)).toEqual(['paid:p1', 'paid:p2']);
  });
});

describe('a damaged notices file', () => {
  it('that is not JSON is moved aside with a warning, and the book starts empty', () => {
    writeFileSync(file(), '[{"id": "paid:p1", "kind": ');
    const notices = book();
    expect(notices.open()).toEqual([]);
    const aside = `notices.json.damaged-${clock.now()}`;
    expect(readdirSync(dir)).toEqual([aside]);
    expect(readFileSync(path.join(dir, aside), 'utf8')).toBe('[{"id": "paid:p1", "kind": ');
    expect(warnings()).toEqual([
      expect.objectContaining({ movedTo: path.join(dir, aside), msg: 'notices file unreadable: moved aside, starting without old notices' }),
    ]);
    notices.add(notice('paid:p2'));
    notices.flush();
    expect(saved().map((n) => n.id)).toEqual(['paid:p2']);
  });

  it('that holds something other than a list, or cannot be read at all, is moved aside too', () => {
    writeFileSync(file(), '{"paid:p1": {}}');
    expect(book().open()).toEqual([]);
    clock.advance(1000);
    mkdirSync(file());
    expect(book().open()).toEqual([]);
    expect(readdirSync(dir).sort()).toEqual([`notices.json.damaged-${clock.now() - 1000}`, `notices.json.damaged-${clock.now()}`]);
    expect(warnings().map((w) => w.msg)).toEqual([
      'notices file unreadable: moved aside, starting without old notices',
      'notices file unreadable: moved aside, starting without old notices',
    ]);
  });

  it('keeps the notices that parse and drops the others with one warning', () => {
    const good = notice('paid:p1');
    writeFileSync(file(), JSON.stringify([good, { id: 'paid:p2', kind: 'mystery' }, 42, notice('paid:p3', { amount: 12 as unknown as string }), null]));
    expect(book().open()).toEqual([good]);
    expect(warnings()).toEqual([expect.objectContaining({ dropped: 4, kept: 1, msg: 'stored notices that did not parse were dropped' })]);
    expect(existsSync(file())).toBe(true);
  });
});

describe('through the composition root', () => {
  it('createCompanion hands the book its clock and logger', async () => {
    writeFileSync(path.join(dir, 'notices.json'), 'not json');
    const companion = await createCompanion({ dataDir: dir, clock, log: memory.log, settings: { environment: 'demo', posApiPort: 0 } });
    await companion.stop();
    expect(existsSync(path.join(dir, `notices.json.damaged-${clock.now()}`))).toBe(true);
    expect(warnings()).toHaveLength(1);
  });
});

describe("a waiter's call at the till", () => {
  it('is kept across a restart like any other notice', () => {
    const notices = book();
    notices.add(notice('staff-call:7', { kind: 'staff-call', paymentId: null, amount: null, tip: null, currency: null, message: 'manager' }));
    notices.flush();
    const again = book();
    expect(again.open().map((n) => [n.id, n.kind, n.message])).toEqual([['staff-call:7', 'staff-call', 'manager']]);
    expect(warnings()).toEqual([]);
  });
});

describe('a long evening of notices', () => {
  it('never lets an open problem go, however many guests pay; acknowledged and old paid notices go first', () => {
    const notices = book();
    notices.add(notice('declined:d1', { kind: 'declined', message: 'DECLINED' }));
    notices.add(notice('paid:early'));
    notices.acknowledge('paid:early');
    for (let i = 0; i < 1_000; i++) notices.add(notice(`paid:p${i}`));
    notices.add(notice('declined:d2', { kind: 'declined', message: 'DECLINED' }));
    for (let i = 1_000; i < 1_500; i++) notices.add(notice(`paid:p${i}`));
    const open = notices.open().map((n) => n.id);
    expect(open).toEqual(expect.arrayContaining(['declined:d1', 'declined:d2', 'paid:p1499']));
    expect(open).not.toContain('paid:p0');
    expect(notices.acknowledge('declined:d1')?.acknowledged).toBe(true);
    // Saved: both problems and the newest routine ones.
    notices.flush();
    const ids = saved().map((n) => n.id);
    expect(ids).toContain('declined:d2');
    expect(ids).not.toContain('declined:d1');
    expect(ids).toContain('paid:p1499');
    expect(ids.filter((id) => id.startsWith('paid:'))).toHaveLength(200);
  });
});
