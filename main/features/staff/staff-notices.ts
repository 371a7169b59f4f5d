import type { StaffCallKind, StaffNotice } from '../../../preload/staff-frames.js';

/** Notices kept for phones that connect later (the newest). */
const KEPT_NOTICES = 300;

/**
 * The phones' notices, in memory: the newest KEPT_NOTICES, who acknowledged each (a notice is
 * acknowledged per device), and the calls not yet answered per table (answered for everyone). A
 * restart forgets them: the floor itself comes from the store.
 */
export function createStaffNotices() {
  const list: StaffNotice[] = [];
  const acked = new Map<string, Set<string>>();
  const calls = new Map<string, { kind: StaffCallKind; noticeId: string }>();
  // The notices of payments the main POS has not taken in, as the last list named them.
  let unsynced = new Set<string>();
  return {
    list: (): readonly StaffNotice[] => list,
    calls,
    /** False when it was already kept (a repeated event). */
    keep(n: StaffNotice): boolean {
      if (list.some((x) => x.id === n.id)) return false;
      list.push(n);
      if (list.length > KEPT_NOTICES) acked.delete(list.shift()!.id);
      return true;
    },
    /** Ends a notice for everyone; false when it was not kept. */
    end(id: string): boolean {
      const at = list.findIndex((n) => n.id === id);
      if (at < 0) return false;
      list.splice(at, 1);
      acked.delete(id);
      return true;
    },
    /** The payments not taken in now: those new to the list (kept), and the ids of those that left it. */
    replaceUnsynced(now: readonly StaffNotice[]): { added: StaffNotice[]; ended: string[] } {
      const ids = new Set(now.map((n) => n.id));
      const added = now.filter((n) => !unsynced.has(n.id) && this.keep(n));
      const ended = [...unsynced].filter((id) => !ids.has(id));
      unsynced = ids;
      return { added, ended };
    },
    find: (id: string) => list.find((n) => n.id === id) ?? null,
    ack(id: string, deviceId: string): void {
      const who = acked.get(id) ?? new Set<string>();
      who.add(deviceId);
      acked.set(id, who);
    },
    ackedBy: (id: string, deviceId: string) => acked.get(id)?.has(deviceId) ?? false,
  };
}
