// What the phone keeps in localStorage: the paired device (its id and HMAC key) and the waiter's
// own choices (language, which notice kinds ring). A broken or foreign value reads as nothing.
import type { StaffNoticeKind, StaffPairAnswer, StaffRole } from '../../../preload/staff-frames';
import type { Language } from '../../../preload/contract';

export const NOTICE_KINDS: readonly StaffNoticeKind[] = [
  'declined',
  'failed',
  'capture',
  'order-failed',
  'pos-not-taken',
  'call',
  'paid',
  'partly-paid',
  'order-new',
  'tip',
];

const DEVICE_KEY = 'tableside.staff.device';
const PREFS_KEY = 'tableside.staff.prefs';

export interface StoredDevice {
  deviceId: string;
  secret: string;
  name: string;
  role: StaffRole;
}

export interface StaffPrefs {
  /** The phone's own language; null follows the till's. */
  language: Language | null;
  /** The till's language at the last welcome, for the pairing page before the next one. */
  tillLanguage: Language | null;
  /** Kinds that vibrate and sound; a kind missing here rings. */
  muted: StaffNoticeKind[];
}

const HEX_64 = /^[0-9a-f]{64}$/i;

function read(storage: Storage, key: string): unknown {
  try {
    const text = storage.getItem(key);
    return text === null ? null : (JSON.parse(text) as unknown);
  } catch {
    return null;
  }
}

export function loadDevice(storage: Storage): StoredDevice | null {
  const value = read(storage, DEVICE_KEY) as Partial<StoredDevice> | null;
  if (!value || typeof value !== 'object') return null;
  const { deviceId, secret, name, role } = value;
  if (typeof deviceId !== 'string' || !deviceId || typeof secret !== 'string' || !HEX_64.test(secret)) return null;
  return { deviceId, secret, name: typeof name === 'string' ? name : '', role: role === 'manager' ? 'manager' : 'waiter' };
}

export function saveDevice(storage: Storage, answer: StaffPairAnswer): StoredDevice {
  const device: StoredDevice = { deviceId: answer.deviceId, secret: answer.secret, name: answer.name, role: answer.role };
  storage.setItem(DEVICE_KEY, JSON.stringify(device));
  return device;
}

export function forgetDevice(storage: Storage): void {
  storage.removeItem(DEVICE_KEY);
}

const isLanguage = (v: unknown): v is Language => v === 'en' || v === 'cs';

export function loadPrefs(storage: Storage): StaffPrefs {
  const value = read(storage, PREFS_KEY) as Partial<StaffPrefs> | null;
  const muted = Array.isArray(value?.muted) ? value.muted.filter((k): k is StaffNoticeKind => NOTICE_KINDS.includes(k)) : [];
  return { language: isLanguage(value?.language) ? value.language : null, tillLanguage: isLanguage(value?.tillLanguage) ? value.tillLanguage : null, muted };
}

export function savePrefs(storage: Storage, prefs: StaffPrefs): void {
  try {
    storage.setItem(PREFS_KEY, JSON.stringify(prefs));
  } catch {
    // A full or blocked storage (Safari's private mode) keeps the choice for this visit only.
  }
}
