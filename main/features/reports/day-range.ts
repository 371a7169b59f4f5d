import { isCalendarDate } from '../../../preload/command-kit.js';

/** Whether `text` is a real calendar date YYYY-MM-DD (2026-02-30 is not): the contract's rule. */
export { isCalendarDate };
/**
 * Restaurant days in the PC's local time. A restaurant's day ends at `dayEndsAt` ("HH:MM", e.g.
 * "04:00"), not at midnight: day D runs from D HH:MM to D+1 HH:MM local time. Built from local
 * date parts (new Date(y, m, d, h, min)), so a day across a daylight-saving change is 23 or 25
 * hours long, as the wall clock says.
 */

export const DEFAULT_DAY_ENDS_AT = '04:00';

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME_RE = /^([01]\d|2[0-3]):([0-5]\d)$/;

export interface TimeRange {
  /** Inclusive, ms since the epoch. */
  from: number;
  /** Exclusive, ms since the epoch. */
  to: number;
}

export function isDayEndsAt(text: string): boolean {
  return TIME_RE.test(text);
}

function hoursMinutes(dayEndsAt: string): [number, number] {
  const m = TIME_RE.exec(dayEndsAt) ?? TIME_RE.exec(DEFAULT_DAY_ENDS_AT)!;
  return [Number(m[1]), Number(m[2])];
}

function parts(date: string): [number, number, number] {
  const m = DATE_RE.exec(date);
  if (!m || !isCalendarDate(date)) throw new RangeError(`not a date: ${date}`);
  return [Number(m[1]), Number(m[2]) - 1, Number(m[3])];
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** YYYY-MM-DD of a local Date. */
function localDate(d: Date): string {
  return `${pad(d.getFullYear(), 4)}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** The calendar date `days` after `date` (negative: before). */
export function addDays(date: string, days: number): string {
  const [y, m, d] = parts(date);
  // Noon never falls into a daylight-saving gap, so the date part is right on every day.
  return localDate(new Date(y, m, d + days, 12));
}

/** Restaurant day `date`: from date HH:MM to the next date HH:MM, local time. */
export function dayRange(date: string, dayEndsAt: string): TimeRange {
  const [y, m, d] = parts(date);
  const [h, min] = hoursMinutes(dayEndsAt);
  return { from: new Date(y, m, d, h, min).getTime(), to: new Date(y, m, d + 1, h, min).getTime() };
}

/** Restaurant days `first` to `last`, both included. */
export function daysRange(first: string, last: string, dayEndsAt: string): TimeRange {
  return { from: dayRange(first, dayEndsAt).from, to: dayRange(last, dayEndsAt).to };
}

/** The restaurant day a moment belongs to: before HH:MM local time it is still the previous date. */
export function restaurantDate(ms: number, dayEndsAt: string): string {
  const now = new Date(ms);
  const today = localDate(now);
  return ms < dayRange(today, dayEndsAt).from ? addDays(today, -1) : today;
}

/** Whole days between two dates (b − a), counted on the calendar, not in hours. */
export function daysBetween(a: string, b: string): number {
  const [ya, ma, da] = parts(a);
  const [yb, mb, db] = parts(b);
  return Math.round((Date.UTC(yb, mb, db) - Date.UTC(ya, ma, da)) / 86_400_000);
}
