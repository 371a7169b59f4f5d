import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { StaffCallKind, StaffDeviceView, StaffNotice, StaffPairAnswer, StaffSnapshot, StaffTable } from '../../../preload/staff-frames.js';
import type { Language } from '../../../preload/views.js';
import type { Clock, TimerHandle } from '../../base/clock.js';
import type { Logger } from '../../base/log.js';
import type { StaffDeviceRecord, StaffStore, StoreEvent } from '../../store/index.js';
import { createPairingCodes, type PairingCodes } from './pairing.js';
import { floor, floorTable, noticesEndedBy, noticesFor, type FloorStore } from './staff-floor.js';

/** One phone's open session, as the staff server holds it: frames go out as JSON text. */
export interface StaffSessionPort {
  /** Sends one frame already made into JSON text (the same text goes to every phone that gets it). */
  send(text: string): void;
  close(code: number, reason: string): void;
}

/** A session the hub knows: its device (as paired) and its socket. */
export interface StaffSession {
  readonly id: number;
  readonly device: StaffDeviceRecord;
  following: StaffDeviceRecord['following'];
  readonly port: StaffSessionPort;
}

/** At most one push of the floor per this long while changes keep coming (the first at once). */
export const STAFF_PUSH_MS = 50;
/** Notices kept for phones that connect later (the newest). */
const KEPT_NOTICES = 300;

export interface StaffHubDeps {
  store: FloorStore & StaffStore;
  clock: Clock;
  log: Logger;
  restaurantName(): string;
  language(): Language;
  /** A device connected, went, was paired or revoked: the till's list changes. */
  changed(): void;
}

const eventText = (event: unknown) => JSON.stringify({ type: 'event', event });

/**
 * The phones' side of the core: paired devices and their sessions, the floor and the notices
 * each phone follows, pushed from the store's committed events. Each frame is made once and its
 * text sent to every phone that gets it; while no phone is connected the floor is not read.
 */
export function createStaffHub(deps: StaffHubDeps) {
  const { store, clock, log } = deps;
  const pairing: PairingCodes = createPairingCodes(clock);
  const sessions = new Map<number, StaffSession>();
  const notices: StaffNotice[] = [];
  const acked = new Map<string, Set<string>>();
  const calls = new Map<string, { kind: StaffCallKind; noticeId: string }>();
  const areaOf = new Map<string, string | null>();
  const nameOf = new Map<string, string>();
  let nextSession = 1;
  let pending = emptyPending();
  let timer: TimerHandle | null = null;
  let lastPush = Number.NEGATIVE_INFINITY;

  const tableName = (id: string | null): string | null => {
    if (!id) return null;
    const known = nameOf.get(id);
    if (known !== undefined) return known;
    const row = store.read.tables.get(id);
    return row?.name ?? null;
  };
  const follows = (s: StaffSession, tableId: string | null): boolean =>
    tableId !== null && (s.following.tableIds.includes(tableId) || s.following.areas.some((a) => areaOf.get(tableId) === a));
  const isOpenFor = (s: StaffSession, n: StaffNotice) => follows(s, n.tableId) && !(acked.get(n.id)?.has(s.device.id) ?? false);
  const remember = (t: StaffTable) => {
    areaOf.set(t.id, t.area);
    nameOf.set(t.id, t.name);
  };

  function keep(n: StaffNotice): void {
    if (notices.some((x) => x.id === n.id)) return;
    notices.push(n);
    if (notices.length > KEPT_NOTICES) acked.delete(notices.shift()!.id);
    pending.notices.push(n);
  }

  function end(noticeId: string): void {
    const at = notices.findIndex((n) => n.id === noticeId);
    if (at < 0) return;
    notices.splice(at, 1);
    acked.delete(noticeId);
    pending.gone.push(noticeId);
  }

  function flush(): void {
    timer = null;
    lastPush = clock.now();
    const due = pending;
    pending = emptyPending();
    if (sessions.size === 0) return;
    const all: string[] = [];
    for (const id of due.removed) all.push(eventText({ type: 'table-removed', tableId: id }));
    for (const id of due.tables) {
      const t = floorTable(store, id, calls.get(id)?.kind ?? null);
      if (!t) continue;
      remember(t);
      all.push(eventText({ type: 'table', table: t }));
    }
    for (const id of due.gone) all.push(eventText({ type: 'notice-gone', noticeId: id }));
    const noticeTexts = due.notices.map((n) => ({ n, text: eventText({ type: 'notice', notice: n }) }));
    for (const s of sessions.values()) {
      for (const text of all) s.port.send(text);
      for (const { n, text } of noticeTexts) if (isOpenFor(s, n)) s.port.send(text);
    }
  }

  function schedule(): void {
    if (timer !== null) return;
    const wait = lastPush + STAFF_PUSH_MS - clock.now();
    if (wait <= 0) flush();
    else timer = clock.setTimeout(flush, wait);
  }

  function onBatch(events: readonly StoreEvent[]): void {
    for (const e of events) {
      for (const n of noticesFor(e, store, tableName)) {
        keep(n);
        if (n.kind === 'call' && n.tableId) {
          const old = calls.get(n.tableId);
          if (old) end(old.noticeId);
          calls.set(n.tableId, { kind: e.data.kind === 'manager' ? 'manager' : 'help', noticeId: n.id });
        }
      }
      for (const id of noticesEndedBy(e)) end(id);
      if (sessions.size === 0) continue;
      if (e.kind === 'table.deleted' && e.tableId) {
        pending.removed.add(e.tableId);
        pending.tables.delete(e.tableId);
      } else if (e.tableId) {
        pending.tables.add(e.tableId);
        pending.removed.delete(e.tableId);
      }
    }
    if (sessions.size > 0 && (pending.tables.size > 0 || pending.removed.size > 0 || pending.notices.length > 0 || pending.gone.length > 0)) schedule();
    else if (sessions.size === 0) pending = emptyPending();
  }

  function snapshot(s: StaffSession, managerUntil: number | null): StaffSnapshot {
    const tables = floor(store, new Map([...calls].map(([id, c]) => [id, c.kind])));
    for (const t of tables) remember(t);
    const open = notices.filter((n) => isOpenFor(s, n));
    return {
      restaurantName: deps.restaurantName(),
      language: deps.language(),
      tables,
      notices: sortNotices(open),
      following: s.following,
      managerUntil: managerUntil !== null && managerUntil > clock.now() ? new Date(managerUntil).toISOString() : null,
    };
  }

  return {
    store,
    pairing,
    sessions,
    tableName,
    onBatch,
    snapshot,
    /** The device the pairing code names, made now (its secret answered once); null for a wrong, used or expired code. */
    pair(code: string, label: string | null): StaffPairAnswer | null {
      const p = pairing.take(code);
      if (!p) return null;
      const secret = randomBytes(32).toString('hex');
      const device = store.pairStaffDevice({ id: randomBytes(12).toString('base64url'), name: p.name, role: p.role, secret, label });
      log.info({ mod: 'staff', deviceId: device.id, role: device.role }, 'staff phone paired');
      deps.changed();
      return { deviceId: device.id, secret, name: device.name, role: device.role };
    },
    /** The device whose proof over `nonce` is right, else null (unknown, revoked, wrong). */
    verify(deviceId: unknown, nonce: string, proof: unknown): StaffDeviceRecord | null {
      if (typeof deviceId !== 'string' || typeof proof !== 'string' || deviceId.length > 100 || !/^[0-9a-f]{64}$/i.test(proof)) return null;
      const device = store.staffDevice(deviceId);
      if (!device || device.revokedAt !== null) return null;
      const expected = createHmac('sha256', Buffer.from(device.secret, 'hex')).update(nonce, 'utf8').digest();
      return timingSafeEqual(expected, Buffer.from(proof, 'hex')) ? device : null;
    },
    attach(device: StaffDeviceRecord, port: StaffSessionPort): StaffSession {
      const session: StaffSession = { id: nextSession++, device, following: device.following, port };
      if (sessions.size === 0) pending = emptyPending();
      sessions.set(session.id, session);
      store.markStaffDeviceSeen(device.id);
      deps.changed();
      return session;
    },
    detach(session: StaffSession): void {
      if (!sessions.delete(session.id)) return;
      deps.changed();
    },
    /** This device's open notices of tables it newly follows, sent as events (the follow answers only the list). */
    sendNewlyFollowed(s: StaffSession, before: StaffDeviceRecord['following']): void {
      const was = { ...s, following: before };
      for (const n of notices) if (isOpenFor(s, n) && !isOpenFor(was, n)) s.port.send(eventText({ type: 'notice', notice: n }));
    },
    /** Acknowledged by this device (a call: answered for everyone). False for an unknown notice. */
    ack(s: StaffSession, noticeId: string): boolean {
      const n = notices.find((x) => x.id === noticeId);
      if (!n) return false;
      if (n.kind === 'call' && n.tableId && calls.get(n.tableId)?.noticeId === noticeId) {
        calls.delete(n.tableId);
        end(noticeId);
        pending.tables.add(n.tableId);
        schedule();
        return true;
      }
      const who = acked.get(noticeId) ?? new Set<string>();
      who.add(s.device.id);
      acked.set(noticeId, who);
      return true;
    },
    connected: (deviceId: string) => [...sessions.values()].some((s) => s.device.id === deviceId),
    /** Closes every session of a device (revoked) or every session (turned off). */
    closeSessions(code: number, reason: string, deviceId?: string): void {
      for (const s of [...sessions.values()]) {
        if (deviceId !== undefined && s.device.id !== deviceId) continue;
        sessions.delete(s.id);
        s.port.close(code, reason);
      }
      deps.changed();
    },
    deviceView(d: StaffDeviceRecord): StaffDeviceView {
      return { id: d.id, name: d.name, role: d.role, pairedAt: d.pairedAt, lastSeenAt: d.lastSeenAt, connected: this.connected(d.id) };
    },
    stop(): void {
      clock.clearTimeout(timer);
      timer = null;
      pairing.clear();
    },
  };
}

export type StaffHub = ReturnType<typeof createStaffHub>;

function emptyPending() {
  return { tables: new Set<string>(), removed: new Set<string>(), notices: [] as StaffNotice[], gone: [] as string[] };
}

/** Problems first, then the newest first. */
export function sortNotices(list: readonly StaffNotice[]): StaffNotice[] {
  return [...list].sort((a, b) => (a.problem === b.problem ? b.at.localeCompare(a.at) : a.problem ? -1 : 1));
}
