import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import type { Notice } from '../../../preload/contract.js';
import type { Clock, TimerHandle } from '../../base/clock.js';
import type { Logger } from '../../base/log.js';

const FILE = 'notices.json';
const KEEP = 200;
export const NOTICE_PERSIST_DELAY_MS = 500;
const MOD = 'notices';

// What a stored notice must look like to be shown again; anything else is dropped with a warning.
const StoredNotice = z.object({
  id: z.string().min(1),
  kind: z.enum(['paid', 'cancelled', 'declined', 'service-error', 'refunded', 'failed', 'capture', 'staff-call']),
  at: z.string(),
  paymentId: z.string().nullable(),
  tableName: z.string().nullable(),
  amount: z.string().nullable(),
  tip: z.string().nullable(),
  currency: z.string().nullable(),
  message: z.string().nullable(),
  acknowledged: z.boolean(),
  // Absent in notices kept by older versions.
  tableId: z.string().nullable().optional(),
  billTotal: z.string().nullable().optional(),
  billDue: z.string().nullable().optional(),
  refunded: z.boolean().optional(),
}) satisfies z.ZodType<Notice>;

export interface NoticeBookOptions {
  dataDir: string;
  clock: Clock;
  log: Logger;
}

export interface NoticeBook {
  /** Adds a notice; false when one with that id was already there. */
  add(notice: Notice): boolean;
  /** Marks a notice acknowledged; the notice, or null when there is none with that id. */
  acknowledge(id: string): Notice | null;
  /** Marks the "paid" notice of a refunded payment; the changed notice, or null when there was none to change. */
  markRefunded(paymentId: string): Notice | null;
  /** Acknowledges a notice its cause no longer calls for (a capture done); the changed notice or null. */
  settle(id: string): Notice | null;
  /** Writes pending changes now (on shutdown). */
  flush(): void;
  /** The notices not acknowledged yet. */
  open(): Notice[];
}

/**
 * Reads the notices kept from the last run. A damaged file only loses old reminders, never a
 * payment (those are in the store), so nothing here stops the start: a file that is not a JSON
 * list is moved aside (kept for a look, logged), and single notices that do not parse are dropped.
 */
function loadNotices(file: string, clock: Clock, log: Logger): Notice[] {
  if (!existsSync(file)) return [];
  let stored: unknown;
  try {
    stored = JSON.parse(readFileSync(file, 'utf8'));
    if (!Array.isArray(stored)) throw new Error('not a list');
  } catch (e) {
    const aside = `${file}.damaged-${clock.now()}`;
    try {
      renameSync(file, aside);
      log.warn({ mod: MOD, err: (e as Error).message, movedTo: aside }, 'notices file unreadable: moved aside, starting without old notices');
    } catch (moveError) {
      log.warn(
        { mod: MOD, err: (e as Error).message, moveErr: (moveError as Error).message },
        'notices file unreadable and could not be moved aside; starting without old notices',
      );
    }
    return [];
  }
  const notices: Notice[] = [];
  let dropped = 0;
  for (const entry of stored) {
    const parsed = StoredNotice.safeParse(entry);
    if (parsed.success) notices.push(parsed.data);
    else dropped++;
  }
  if (dropped > 0) log.warn({ mod: MOD, dropped, kept: notices.length }, 'stored notices that did not parse were dropped');
  return notices;
}

/** A notice that only tells (a guest paid): the cashier need not answer it, so it may be let go. */
const isRoutine = (n: Notice): boolean => n.kind === 'paid' && !n.refunded;

/**
 * Back to KEEP * 2 notices: the acknowledged ones first, then the oldest open routine ones. An open
 * problem (a declined card, a payment waiting for capture, an error) is never let go: it waits for
 * the cashier's answer however many guests pay meanwhile.
 */
function evict(notices: Map<string, Notice>): void {
  for (const pass of [(n: Notice) => n.acknowledged, isRoutine]) {
    for (const [id, n] of notices) {
      if (notices.size <= KEEP * 2) return;
      if (pass(n)) notices.delete(id);
    }
  }
}

/**
 * The cashier's notices: one per cause (a stable id such as "paid:<paymentId>"), so an event
 * delivered twice never makes a second one. Unacknowledged notices survive a restart.
 */
export function createNoticeBook({ dataDir, clock, log }: NoticeBookOptions): NoticeBook {
  const file = join(dataDir, FILE);
  const notices = new Map<string, Notice>();
  for (const n of loadNotices(file, clock, log)) notices.set(n.id, n);
  // Written shortly after a change, not on every payment: a notice is derived from a payment that
  // is already committed in the store, so a crash can lose at most a reminder, never money.
  let timer: TimerHandle | null = null;
  const flush = () => {
    clock.clearTimeout(timer);
    timer = null;
    const all = [...notices.values()].filter((n) => !n.acknowledged);
    // Every open problem is kept; of the routine "paid" ones, the newest KEEP.
    const routine = all.filter(isRoutine);
    const dropped = new Set(routine.slice(0, Math.max(0, routine.length - KEEP)));
    const open = all.filter((n) => !dropped.has(n));
    try {
      writeFileSync(`${file}.tmp`, JSON.stringify(open));
      renameSync(`${file}.tmp`, file);
    } catch (e) {
      // A full or read-only disk must not take the app down from a timer; the next change retries.
      log.error({ mod: MOD, err: (e as Error).message }, 'notices could not be saved');
    }
  };
  const persist = () => {
    timer ??= clock.setTimeout(flush, NOTICE_PERSIST_DELAY_MS);
  };
  return {
    /** Adds a notice; false when one with that id was already there. */
    add(notice: Notice): boolean {
      if (notices.has(notice.id)) return false;
      notices.set(notice.id, notice);
      if (notices.size > KEEP * 2) evict(notices);
      persist();
      return true;
    },
    acknowledge(id: string): Notice | null {
      const n = notices.get(id);
      if (!n) return null;
      if (!n.acknowledged) {
        n.acknowledged = true;
        persist();
      }
      return n;
    },
    /** Marks the "paid" notice of a refunded payment; the changed notice, or null when there was none to change. */
    markRefunded(paymentId: string): Notice | null {
      const n = notices.get(`paid:${paymentId}`);
      if (!n || n.refunded) return null;
      n.refunded = true;
      persist();
      return n;
    },
    /** Acknowledges a notice its cause no longer calls for (a capture done); the changed notice or null. */
    settle(id: string): Notice | null {
      const n = notices.get(id);
      if (!n || n.acknowledged) return null;
      n.acknowledged = true;
      persist();
      return n;
    },
    /** Writes pending changes now (on shutdown). */
    flush(): void {
      if (timer) flush();
    },
    open(): Notice[] {
      return [...notices.values()].filter((n) => !n.acknowledged);
    },
  };
}

export { noticeFor, noticesSettledBy } from './notice-for.js';
