// The order of a waiter's notices: problems first (a declined card waits for nobody), newest first
// within each group.
import type { StaffNotice, StaffNoticeKind } from '../../../preload/staff-frames';

export const PROBLEM_KINDS: ReadonlySet<StaffNoticeKind> = new Set(['declined', 'failed', 'capture', 'order-failed', 'pos-not-taken', 'call']);

/** The server's `problem` flag counts; a problem kind is a problem even if a frame forgot to say so. */
export function isProblem(notice: StaffNotice): boolean {
  return notice.problem || PROBLEM_KINDS.has(notice.kind);
}

export function sortNotices(notices: readonly StaffNotice[]): StaffNotice[] {
  return [...notices].sort((a, b) => {
    const p = Number(isProblem(b)) - Number(isProblem(a));
    if (p !== 0) return p;
    return a.at < b.at ? 1 : a.at > b.at ? -1 : 0;
  });
}
