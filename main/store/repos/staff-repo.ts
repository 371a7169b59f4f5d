import type { Database } from 'better-sqlite3';
import type { WriteToken } from '../engine/tx.js';

/** A waiter's phone paired from the till (migration 020). */
export interface StaffDeviceRecord {
  id: string;
  name: string;
  role: 'waiter' | 'manager';
  /** The HMAC key of the device's session proofs (hex). */
  secret: string;
  /** What the phone said it is when it paired (its platform), or null. */
  label: string | null;
  pairedAt: string;
  lastSeenAt: string | null;
  revokedAt: string | null;
  following: { tableIds: string[]; areas: string[] };
}

type Row = Omit<StaffDeviceRecord, 'following'> & { following: string };

const NONE = { tableIds: [], areas: [] };

function parseFollowing(text: string): StaffDeviceRecord['following'] {
  try {
    const v = JSON.parse(text) as { tableIds?: unknown; areas?: unknown };
    const strings = (a: unknown) => (Array.isArray(a) ? a.filter((x): x is string => typeof x === 'string') : []);
    return { tableIds: strings(v.tableIds), areas: strings(v.areas) };
  } catch {
    return NONE;
  }
}

const toRecord = (row: Row): StaffDeviceRecord => ({ ...row, following: parseFollowing(row.following) });

const COLUMNS = 'id, name, role, secret, label, pairedAt, lastSeenAt, revokedAt, following';

/** Staff devices, read half. */
export function createStaffReader(db: Database): StaffReader {
  const one = db.prepare<[string], Row>(`SELECT ${COLUMNS} FROM staff_devices WHERE id = ?`);
  const active = db.prepare<[], Row>(`SELECT ${COLUMNS} FROM staff_devices WHERE revokedAt IS NULL ORDER BY pairedAt, id`);
  return {
    device: (id) => {
      const row = one.get(id);
      return row ? toRecord(row) : null;
    },
    activeDevices: () => active.all().map(toRecord),
  };
}
export interface StaffReader {
  device(id: string): StaffDeviceRecord | null;
  /** The devices not revoked, oldest pairing first. */
  activeDevices(): StaffDeviceRecord[];
}

/** Staff devices, write half. */
export function createStaffWriter(db: Database): StaffWriter {
  const insert = db.prepare(
    `INSERT INTO staff_devices (id, name, role, secret, label, pairedAt) VALUES (@id, @name, @role, @secret, @label, @pairedAt)`,
  );
  const revoke = db.prepare<[string, string]>('UPDATE staff_devices SET revokedAt = ? WHERE id = ? AND revokedAt IS NULL');
  const seen = db.prepare<[string, string]>('UPDATE staff_devices SET lastSeenAt = ? WHERE id = ?');
  const follow = db.prepare<[string, string]>('UPDATE staff_devices SET following = ? WHERE id = ?');
  return {
    insertDevice: (tx, d) => {
      insert.run({ ...d, pairedAt: tx.now });
    },
    revokeDevice: (tx, id) => revoke.run(tx.now, id).changes > 0,
    markSeen: (tx, id) => {
      seen.run(tx.now, id);
    },
    setFollowing: (_tx, id, following) => {
      follow.run(JSON.stringify(following), id);
    },
  };
}
export interface StaffWriter {
  insertDevice(tx: WriteToken, device: Pick<StaffDeviceRecord, 'id' | 'name' | 'role' | 'secret' | 'label'>): void;
  /** False when it was unknown or already revoked. */
  revokeDevice(tx: WriteToken, id: string): boolean;
  markSeen(tx: WriteToken, id: string): void;
  setFollowing(tx: WriteToken, id: string, following: StaffDeviceRecord['following']): void;
}
