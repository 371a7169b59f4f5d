import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { AttentionEntry } from '../../../preload/views.js';
import type { StaffDeviceView, StaffNotice, StaffPairAnswer, StaffSnapshot, StaffTable } from '../../../preload/staff-frames.js';
import type { Language } from '../../../preload/views.js';
import type { Clock, TimerHandle } from '../../base/clock.js';
import type { Logger } from '../../base/log.js';
import type { StaffDeviceRecord, StaffStore, StoreEvent } from '../../store/index.js';
import { createPairingCodes } from './pairing.js';
import { floor, floorTable, noticesEndedBy, noticesFor, type FloorStore } from './staff-floor.js';
import { createStaffNotices } from './staff-notices.js';

/** One phone's open session, as the staff server holds it: frames go out as JSON text. */
export interface StaffSessionPort {
  /** Sends one frame already made into JSON text, as UTF-8 bytes made once for every phone that gets it. */
  send(text: Buffer): void;
  close(code: number, reason: string): void;
}

/** A session the hub knows: its device (as paired) and its socket. */
export interface StaffSession {
  readonly id: number;
  readonly device: StaffDeviceRecord;
  following: StaffDeviceRecord['following'];
  readonly port: StaffSessionPort;
}

/**
 * At most one push per this long while changes keep coming (the first at once): a guest's payment
 * is three commits, and in a rush a table's new state and notices go out once per window instead of
 * once per commit, well within the 300 ms a notice may take.
 */
export const STAFF_PUSH_MS = 150;

export interface StaffHubDeps {
  store: FloorStore & StaffStore;
  clock: Clock;
  log: Logger;
  restaurantName(): string;
  language(): Language;
  /** A device connected, went, was paired or revoked: the till's list changes. */
  changed(): void;
}

// Encoded once per frame: ten phones get the same bytes, not ten conversions of the same text.
const eventText = (event: unknown) => Buffer.from(JSON.stringify({ type: 'event', event }), 'utf8');

/** What a push window collected: the tables to send again, the ones deleted, new notices and ended ones. */
function emptyPending() {
  return { tables: new Set<string>(), removed: new Set<string>(), notices: [] as StaffNotice[], gone: [] as string[] };
}

/** The table an event changes for the phones, or deletes. */
function collect(e: StoreEvent, pending: ReturnType<typeof emptyPending>): void {
  // An automatic capture's authorisation changes nothing a phone shows: the paid commit follows.
  if (!e.tableId || (e.kind === 'payment.processed' && e.data.captureMode === 'auto')) return;
  if (e.kind === 'table.deleted') {
    pending.removed.add(e.tableId);
    pending.tables.delete(e.tableId);
  } else {
    pending.tables.add(e.tableId);
    pending.removed.delete(e.tableId);
  }
}

/** Problems first, then the newest first. */
export function sortNotices(list: readonly StaffNotice[]): StaffNotice[] {
  return [...list].sort((a, b) => (a.problem === b.problem ? b.at.localeCompare(a.at) : a.problem ? -1 : 1));
}

/** Where each table is (its area, its name), as the floor last read it: what following by area needs. */
function createFloorMemory(store: FloorStore) {
  const areaOf = new Map<string, string | null>();
  const nameOf = new Map<string, string>();
  return {
    remember(t: StaffTable): void {
      areaOf.set(t.id, t.area);
      nameOf.set(t.id, t.name);
    },
    area: (id: string) => areaOf.get(id),
    name(id: string | null): string | null {
      if (!id) return null;
      return nameOf.get(id) ?? store.read.tables.get(id)?.name ?? null;
    },
  };
}

/**
 * The phones' side of the core: paired devices and their sessions, the floor and the notices
 * each phone follows, pushed from the store's committed events. Each frame is made once and its
 * text sent to every phone that gets it; while no phone is connected the floor is not read.
 */
export function createStaffHub(deps: StaffHubDeps) {
  const { store, clock } = deps;
  const pairing = createPairingCodes(clock);
  const sessions = new Map<number, StaffSession>();
  const notices = createStaffNotices();
  const tables = createFloorMemory(store);
  // The whole floor as the last welcome read it, until the next commit: phones that attach together read it once.
  const floorCache: { value: StaffTable[] | null } = { value: null };
  let [nextSession, pending, timer, lastPush] = [1, emptyPending(), null as TimerHandle | null, Number.NEGATIVE_INFINITY];

  const isOpenFor = (s: Pick<StaffSession, 'following' | 'device'>, n: StaffNotice) =>
    follows(s.following, tables, n.tableId) && !notices.ackedBy(n.id, s.device.id);
  const end = (id: string) => notices.end(id) && pending.gone.push(id);

  function flush(): void {
    timer = null;
    lastPush = clock.now();
    const due = pending;
    pending = emptyPending();
    if (sessions.size === 0) return;
    const all = tableFrames(store, due, notices, tables);
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

  /** A batch of committed events: its notices kept (for phones that connect later), the changes pushed to those connected. */
  function onBatch(events: readonly StoreEvent[]): void {
    for (const e of events) {
      for (const n of noticesFor(e, store, tables.name)) {
        if (!notices.keep(n)) continue;
        pending.notices.push(n);
        if (n.kind !== 'call' || !n.tableId) continue;
        const old = notices.calls.get(n.tableId);
        if (old) end(old.noticeId);
        notices.calls.set(n.tableId, { kind: e.data.kind === 'manager' ? 'manager' : 'help', noticeId: n.id });
      }
      for (const id of noticesEndedBy(e)) end(id);
      floorCache.value = null;
      collect(e, pending);
    }
    settle();
  }

  // Nobody connected: nothing to push (a phone that connects reads its snapshot).
  function settle(): void {
    if (sessions.size === 0) pending = emptyPending();
    else schedule();
  }

  /** Needs attention's payments the main POS has not taken in: a notice each while it lasts, ended when the POS takes it in. */
  function onUnsynced(entries: readonly AttentionEntry[]): void {
    const { added, ended } = notices.replaceUnsynced(entries.filter((e) => e.kind === 'pos-unsynced' && e.paymentId).map(posNotTakenNotice));
    pending.notices.push(...added);
    for (const id of ended) end(id);
    settle();
  }

  return {
    store,
    pairing,
    sessions,
    onBatch,
    onUnsynced,
    snapshot: (s: StaffSession, managerUntil: number | null): StaffSnapshot =>
      snapshotFor(deps, { notices, tables, floorCache, isOpenFor: (n) => isOpenFor(s, n) }, s.following, managerUntil),
    /** The device the pairing code names, made now (its secret answered once); null for a wrong, used or expired code. */
    pair(code: string, label: string | null): StaffPairAnswer | null {
      const p = pairing.take(code);
      return p ? pairDevice(deps, p, label) : null;
    },
    verify: (deviceId: unknown, nonce: string, proof: unknown) => verifyProof(store, deviceId, nonce, proof),
    attach(device: StaffDeviceRecord, port: StaffSessionPort): StaffSession {
      const session: StaffSession = { id: nextSession++, device, following: device.following, port };
      sessions.set(session.id, session);
      store.markStaffDeviceSeen(device.id);
      deps.changed();
      return session;
    },
    detach(session: StaffSession): void {
      if (sessions.delete(session.id)) deps.changed();
    },
    /** This device's open notices of tables it newly follows, sent as events (the follow answers only the list). */
    sendNewlyFollowed(s: StaffSession, before: StaffDeviceRecord['following']): void {
      const was = { device: s.device, following: before };
      for (const n of notices.list()) if (isOpenFor(s, n) && !isOpenFor(was, n)) s.port.send(eventText({ type: 'notice', notice: n }));
    },
    /** Acknowledged by this device (a call: answered for everyone). False for an unknown notice. */
    ack(s: StaffSession, noticeId: string): boolean {
      const n = notices.find(noticeId);
      if (!n) return false;
      if (n.kind === 'call' && n.tableId && notices.calls.get(n.tableId)?.noticeId === noticeId) {
        notices.calls.delete(n.tableId);
        floorCache.value = null;
        end(noticeId);
        pending.tables.add(n.tableId);
        schedule();
      } else notices.ack(noticeId, s.device.id);
      return true;
    },
    /** Closes every session of a device (revoked) or every session (turned off). */
    closeSessions(code: number, reason: string, deviceId?: string): void {
      // Turned off, the hub hears no commits: a floor kept now would be stale when it is on again.
      floorCache.value = null;
      closeMatching(sessions, code, reason, deviceId);
      deps.changed();
    },
    deviceView: (d: StaffDeviceRecord): StaffDeviceView => deviceView(d, connected(sessions, d.id)),
    stop(): void {
      clock.clearTimeout(timer);
      timer = null;
      pairing.clear();
    },
  };
}

export type StaffHub = ReturnType<typeof createStaffHub>;

type Notices = ReturnType<typeof createStaffNotices>;

/** Closes the sessions of one device, or all of them. */
function closeMatching(sessions: Map<number, StaffSession>, code: number, reason: string, deviceId: string | undefined): void {
  for (const s of [...sessions.values()]) {
    if (deviceId !== undefined && s.device.id !== deviceId) continue;
    sessions.delete(s.id);
    s.port.close(code, reason);
  }
}

const connected = (sessions: Map<number, StaffSession>, deviceId: string) => [...sessions.values()].some((s) => s.device.id === deviceId);

/** A paid payment the main POS has not acknowledged in time: a problem until it does. */
function posNotTakenNotice(e: AttentionEntry): StaffNotice {
  return {
    id: `pos-not-taken:${e.paymentId}`,
    kind: 'pos-not-taken',
    problem: true,
    tableId: e.tableId,
    tableName: e.tableName,
    amount: e.amount,
    left: null,
    currency: e.currency,
    at: e.since,
  };
}

/** Whether a phone follows a table: tapped on the phone, or in one of its areas. */
function follows(following: StaffSession['following'], tables: FloorMemory, tableId: string | null): boolean {
  return tableId !== null && (following.tableIds.includes(tableId) || following.areas.some((a) => tables.area(tableId) === a));
}
type FloorMemory = ReturnType<typeof createFloorMemory>;

/** The frames of a push window's tables (each read once), deleted tables and ended notices: the same for every phone. */
function tableFrames(store: FloorStore, due: ReturnType<typeof emptyPending>, notices: Notices, tables: FloorMemory): Buffer[] {
  const all: Buffer[] = [...due.removed].map((id) => eventText({ type: 'table-removed', tableId: id }));
  for (const id of due.tables) {
    const t = floorTable(store, id, notices.calls.get(id)?.kind ?? null);
    if (!t) continue;
    tables.remember(t);
    all.push(eventText({ type: 'table', table: t }));
  }
  for (const id of due.gone) all.push(eventText({ type: 'notice-gone', noticeId: id }));
  return all;
}

/** A phone's welcome: the whole floor, its open notices (problems first), what it follows and its manager unlock. */
function snapshotFor(
  deps: StaffHubDeps,
  o: { notices: Notices; tables: FloorMemory; floorCache: { value: StaffTable[] | null }; isOpenFor(n: StaffNotice): boolean },
  following: StaffSnapshot['following'],
  managerUntil: number | null,
): StaffSnapshot {
  const all = (o.floorCache.value ??= floor(deps.store, new Map([...o.notices.calls].map(([id, c]) => [id, c.kind]))));
  for (const t of all) o.tables.remember(t);
  return {
    restaurantName: deps.restaurantName(),
    language: deps.language(),
    tables: all,
    notices: sortNotices(o.notices.list().filter((n) => o.isOpenFor(n))),
    following,
    managerUntil: managerUntil !== null && managerUntil > deps.clock.now() ? new Date(managerUntil).toISOString() : null,
  };
}

/** A new device for a pairing: its secret is made here and answered once, never shown again. */
function pairDevice(deps: StaffHubDeps, p: { name: string; role: StaffDeviceRecord['role'] }, label: string | null): StaffPairAnswer {
  const secret = randomBytes(32).toString('hex');
  const device = deps.store.pairStaffDevice({ id: randomBytes(12).toString('base64url'), name: p.name, role: p.role, secret, label });
  deps.log.info({ mod: 'staff', deviceId: device.id, role: device.role }, 'staff phone paired');
  deps.changed();
  return { deviceId: device.id, secret, name: device.name, role: device.role };
}

/** The device whose proof over `nonce` is right, else null (unknown, revoked, wrong); compared in constant time. */
function verifyProof(store: StaffStore, deviceId: unknown, nonce: string, proof: unknown): StaffDeviceRecord | null {
  if (typeof deviceId !== 'string' || typeof proof !== 'string' || deviceId.length > 100 || !/^[0-9a-f]{64}$/i.test(proof)) return null;
  const device = store.staffDevice(deviceId);
  if (!device || device.revokedAt !== null) return null;
  const expected = createHmac('sha256', Buffer.from(device.secret, 'hex')).update(nonce, 'utf8').digest();
  return timingSafeEqual(expected, Buffer.from(proof, 'hex')) ? device : null;
}

function deviceView(d: StaffDeviceRecord, connected: boolean): StaffDeviceView {
  return { id: d.id, name: d.name, role: d.role, pairedAt: d.pairedAt, lastSeenAt: d.lastSeenAt, connected };
}
