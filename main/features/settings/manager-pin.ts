import { randomBytes, scryptSync, timingSafeEqual } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import type { Clock } from '../../base/clock.js';
import type { StoredSettings } from '../../base/host-types.js';
import type { Logger } from '../../base/log.js';
import { writePrivateFile } from '../../base/private-files.js';

/**
 * The manager PIN: it guards the integration settings (the ones that
 * connect the till to the payment service and the POS); the cashier's settings stay open.
 *
 * Kept in its own file, manager-pin.json in the data folder (0600), not in settings.json and not
 * in the bill store: settings.json is read field by field and falls back per field, so a damaged
 * PIN entry there would silently drop the guard; the bill store is the restaurant's data (backed
 * up, copied into reports), while the PIN belongs to this computer. Its own file also makes
 * "forgot PIN" one step for the integrator: delete manager-pin.json and set a new PIN.
 *
 * Stored as a salted scrypt hash (node:crypto), never the PIN; the PIN is never logged. It fails
 * closed: a file that cannot be read keeps the settings locked (only its deletion resets it), and
 * a try is counted in the file before it is checked, so neither a restart, a kill nor a full disk
 * gives an uncounted try.
 */

export const PIN_FILE = 'manager-pin.json';
/** Wrong PINs in a row before the wait. */
export const MAX_TRIES = 5;
/** The first wait after MAX_TRIES wrong PINs (measured on the injected Clock); each further one doubles. */
export const WAIT_MS = 5 * 60_000;
/** The longest wait, however many lockouts came before. */
export const MAX_WAIT_MS = 24 * 60 * 60_000;
/** How long an unlock lasts at most; the renderer also locks again when the Settings tab closes. */
export const UNLOCK_MS = 15 * 60_000;

/** The fields behind the PIN: what connects the till to the service and the POS. */
export const INTEGRATION_FIELDS = [
  'environment',
  'serviceUrl',
  'posId',
  'transport',
  'webhookPort',
  'webhookPublicUrl',
  'posApiPort',
  'updateUrl',
  'receiptMode',
  'updateChannel',
] as const satisfies readonly (keyof StoredSettings)[];

/** A new PIN: 6 to 8 digits. A shorter PIN set by an earlier version still unlocks (its hash decides). */
export const NEW_PIN_RULE = /^\d{6,8}$/;
const SCRYPT = { N: 16384, r: 8, p: 1, keylen: 32 } as const;

/** The wait of the n-th lockout in a row (n >= 1): WAIT_MS, doubling, at most MAX_WAIT_MS. */
export function waitAfter(lockouts: number): number {
  return Math.min(WAIT_MS * 2 ** Math.max(0, lockouts - 1), MAX_WAIT_MS);
}

const PinFileSchema = z.object({
  v: z.literal(1),
  algo: z.literal('scrypt'),
  N: z.number().int().positive(),
  r: z.number().int().positive(),
  p: z.number().int().positive(),
  salt: z.string().min(16),
  hash: z.string().min(16),
  failures: z.number().int().min(0).default(0),
  waitUntil: z.number().nullable().default(null),
  /** Lockouts since the last right PIN: each makes the next wait longer. */
  lockouts: z.number().int().min(0).default(0),
});
type PinFile = z.infer<typeof PinFileSchema>;
type TryCount = Pick<PinFile, 'failures' | 'waitUntil' | 'lockouts'>;
const NO_TRIES: TryCount = { failures: 0, waitUntil: null, lockouts: 0 };

/** What the file says: no PIN, a PIN, or a file that cannot be read (which keeps everything locked). */
type PinState = { kind: 'none' } | { kind: 'set'; data: PinFile } | { kind: 'damaged' };

export type PinCode = 'PIN_REQUIRED' | 'PIN_WRONG' | 'PIN_LOCKED' | 'PIN_NOT_SET' | 'PIN_ALREADY_SET' | 'PIN_FORMAT' | 'PIN_UNAVAILABLE';
export type PinResult<T> = { ok: true; value: T } | { ok: false; code: PinCode; params?: Record<string, number | string> };
export interface Unlock {
  /** Sent back with saveSettings / regeneratePosApiToken / revealPosApiToken; meaningless once it expires or is locked. */
  unlock: string;
  /** Epoch ms when it expires. */
  until: number;
}

export interface ManagerPin {
  /** The PIN's file in the data folder. */
  file: string;
  /** A PIN is set, or its file cannot be read (which counts as set and locked). */
  isSet: () => boolean;
  /** Integration changes are allowed: no PIN set yet (first use), or a live unlock. */
  allows: (token: string | undefined) => boolean;
  /** A live unlock of a set PIN: what showing a secret needs (no PIN set is not enough). */
  unlocked: (token: string | undefined) => boolean;
  /** First use sets the PIN; changing a set PIN needs a live unlock. Answers a fresh unlock. */
  set(pin: string, token?: string): PinResult<Unlock>;
  /** A fresh unlock for the right PIN; wrong tries are counted, and MAX_TRIES of them mean a wait. */
  unlock(pin: string): PinResult<Unlock>;
  /** Ends an unlock. */
  lock(token: string): void;
}

function hashPin(pin: string, salt: Buffer, params: { N: number; r: number; p: number }): Buffer {
  return scryptSync(pin, salt, SCRYPT.keylen, { N: params.N, r: params.r, p: params.p, maxmem: 64 * 1024 * 1024 });
}

function readPinFile(file: string): PinState {
  if (!existsSync(file)) return { kind: 'none' };
  try {
    const parsed = PinFileSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
    if (parsed.success) return { kind: 'set', data: parsed.data };
  } catch {
    // Fall through: not JSON, or not readable at all (a folder, no permission).
  }
  return { kind: 'damaged' };
}

/** Two counts of the same tries (the file's, this run's): whichever is further along. */
function furthest(a: TryCount, b: TryCount): TryCount {
  const waits = [a.waitUntil, b.waitUntil].filter((w): w is number => w !== null);
  return {
    failures: Math.max(a.failures, b.failures),
    waitUntil: waits.length > 0 ? Math.max(...waits) : null,
    lockouts: Math.max(a.lockouts, b.lockouts),
  };
}

const refuse = <T>(code: PinCode, params?: Record<string, number | string>): PinResult<T> => ({ ok: false, code, ...(params ? { params } : {}) });
const errCode = (e: unknown): string => (e as NodeJS.ErrnoException).code ?? (e as Error).name;

export function createManagerPin(options: { dataDir: string; clock: Clock; log: Logger }): ManagerPin {
  const { clock, log } = options;
  const file = join(options.dataDir, PIN_FILE);
  const unlocks = new Map<string, number>();
  // The tries of this run, kept beside the file's: a file put back from an older copy does not forget them.
  let counted: TryCount = NO_TRIES;
  let warnedDamaged = false;

  function read(): PinState {
    const state = readPinFile(file);
    // Never the contents: they hold the hash. Said once, not on every look at the settings.
    if (state.kind === 'damaged' && !warnedDamaged)
      log.warn(
        { mod: 'settings', file },
        'the manager PIN file cannot be read: the integration settings stay locked; to reset, quit, delete the file and choose a new PIN',
      );
    warnedDamaged = state.kind === 'damaged';
    return state;
  }

  const write = (data: PinFile) => writePrivateFile(file, `${JSON.stringify(data, null, 2)}\n`);

  function grant(): Unlock {
    const now = clock.now();
    for (const [token, until] of unlocks) if (until <= now) unlocks.delete(token);
    const unlock = randomBytes(24).toString('base64url');
    const until = now + UNLOCK_MS;
    unlocks.set(unlock, until);
    return { unlock, until };
  }

  /** True for a live unlock token. */
  function valid(token: string | undefined): boolean {
    if (!token) return false;
    const until = unlocks.get(token);
    if (until === undefined) return false;
    if (until > clock.now()) return true;
    unlocks.delete(token);
    return false;
  }

  const damaged = <T>(): PinResult<T> => refuse('PIN_LOCKED', { reason: 'damaged' });

  return {
    file,
    isSet: (): boolean => read().kind !== 'none',
    allows(token: string | undefined): boolean {
      const state = read();
      return state.kind === 'none' || (state.kind === 'set' && valid(token));
    },
    unlocked: (token: string | undefined): boolean => read().kind === 'set' && valid(token),
    set(pin: string, token?: string): PinResult<Unlock> {
      const state = read();
      if (state.kind === 'damaged') return damaged();
      if (state.kind === 'set' && !valid(token)) return refuse(token ? 'PIN_REQUIRED' : 'PIN_ALREADY_SET');
      if (!NEW_PIN_RULE.test(pin)) return refuse('PIN_FORMAT');
      const salt = randomBytes(16);
      const hash = hashPin(pin, salt, SCRYPT);
      try {
        write({ v: 1, algo: 'scrypt', N: SCRYPT.N, r: SCRYPT.r, p: SCRYPT.p, salt: salt.toString('base64'), hash: hash.toString('base64'), ...NO_TRIES });
      } catch (e) {
        log.warn({ mod: 'settings', err: errCode(e) }, 'the manager PIN could not be saved');
        return refuse('PIN_UNAVAILABLE');
      }
      // A new PIN ends every earlier unlock and starts the count again.
      unlocks.clear();
      counted = NO_TRIES;
      log.info({ mod: 'settings' }, 'manager PIN set');
      return { ok: true, value: grant() };
    },
    unlock(pin: string): PinResult<Unlock> {
      const state = read();
      if (state.kind === 'none') return refuse('PIN_NOT_SET');
      if (state.kind === 'damaged') return damaged();
      const stored = state.data;
      const now = clock.now();
      const before = furthest(stored, counted);
      if (before.waitUntil !== null && before.waitUntil > now) {
        return refuse('PIN_LOCKED', { retryInSeconds: Math.ceil((before.waitUntil - now) / 1000) });
      }
      // Counted as wrong before it is checked: a try whose count cannot be written is not made.
      const failures = before.failures + 1;
      const lockout = failures >= MAX_TRIES;
      const lockouts = before.lockouts + (lockout ? 1 : 0);
      const wrong: TryCount = { failures: lockout ? 0 : failures, waitUntil: lockout ? now + waitAfter(lockouts) : null, lockouts };
      try {
        write({ ...stored, ...wrong });
      } catch (e) {
        log.warn({ mod: 'settings', err: errCode(e) }, 'the manager PIN try cannot be counted (file not writable): refused unchecked');
        return refuse('PIN_UNAVAILABLE');
      }
      counted = wrong;
      const expected = Buffer.from(stored.hash, 'base64');
      const given = hashPin(pin, Buffer.from(stored.salt, 'base64'), stored);
      if (given.length === expected.length && timingSafeEqual(given, expected)) {
        counted = NO_TRIES;
        try {
          write({ ...stored, ...NO_TRIES });
        } catch (e) {
          // The file keeps one more try than there was: the safe side.
          log.warn({ mod: 'settings', err: errCode(e) }, 'the manager PIN try count could not be reset');
        }
        return { ok: true, value: grant() };
      }
      log.warn({ mod: 'settings', failures, lockouts }, 'wrong manager PIN');
      if (lockout) return refuse('PIN_LOCKED', { retryInSeconds: waitAfter(lockouts) / 1000 });
      return refuse('PIN_WRONG', { triesLeft: MAX_TRIES - failures, waitMinutes: waitAfter(lockouts + 1) / 60_000 });
    },
    lock(token: string): void {
      unlocks.delete(token);
    },
  };
}
