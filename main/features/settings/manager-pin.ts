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
 * Stored as a salted scrypt hash (node:crypto), never the PIN; the PIN is never logged. Wrong tries
 * are counted in the file too, so restarting the app does not reset the wait.
 */

export const PIN_FILE = 'manager-pin.json';
/** Wrong PINs in a row before the wait. */
export const MAX_TRIES = 5;
/** The wait after MAX_TRIES wrong PINs (measured on the injected Clock). */
export const WAIT_MS = 5 * 60_000;
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
] as const satisfies readonly (keyof StoredSettings)[];

const PIN_RULE = /^\d{4,8}$/;
const SCRYPT = { N: 16384, r: 8, p: 1, keylen: 32 } as const;

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
});
type PinFile = z.infer<typeof PinFileSchema>;

export type PinCode = 'PIN_REQUIRED' | 'PIN_WRONG' | 'PIN_LOCKED' | 'PIN_NOT_SET' | 'PIN_ALREADY_SET' | 'PIN_FORMAT';
export type PinResult<T> = { ok: true; value: T } | { ok: false; code: PinCode; params?: Record<string, number> };
export interface Unlock {
  /** Sent back with saveSettings / regeneratePosApiToken; meaningless once it expires or is locked. */
  unlock: string;
  /** Epoch ms when it expires. */
  until: number;
}

export interface ManagerPin {
  /** The PIN's file in the data folder. */
  file: string;
  isSet: () => boolean;
  /** Integration changes are allowed: no PIN set yet (first use), or a live unlock. */
  allows: (token: string | undefined) => boolean;
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

const refuse = <T>(code: PinCode, params?: Record<string, number>): PinResult<T> => ({ ok: false, code, ...(params ? { params } : {}) });

export function createManagerPin(options: { dataDir: string; clock: Clock; log: Logger }): ManagerPin {
  const { clock, log } = options;
  const file = join(options.dataDir, PIN_FILE);
  const unlocks = new Map<string, number>();

  function read(): PinFile | null {
    if (!existsSync(file)) return null;
    try {
      const parsed = PinFileSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
      if (parsed.success) return parsed.data;
    } catch {
      // Fall through: the file is not JSON.
    }
    // Never the contents: they hold the hash.
    log.warn({ mod: 'settings', file: PIN_FILE }, 'the manager PIN file cannot be read; a new PIN can be set');
    return null;
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

  return {
    file,
    isSet: (): boolean => read() !== null,
    /** Integration changes are allowed: no PIN set yet (first use), or a live unlock. */
    allows: (token: string | undefined): boolean => read() === null || valid(token),
    /** First use sets the PIN; changing a set PIN needs a live unlock. Answers a fresh unlock. */
    set(pin: string, token?: string): PinResult<Unlock> {
      if (read() !== null && !valid(token)) return refuse(token ? 'PIN_REQUIRED' : 'PIN_ALREADY_SET');
      if (!PIN_RULE.test(pin)) return refuse('PIN_FORMAT');
      const salt = randomBytes(16);
      const hash = hashPin(pin, salt, SCRYPT);
      write({
        v: 1,
        algo: 'scrypt',
        N: SCRYPT.N,
        r: SCRYPT.r,
        p: SCRYPT.p,
        salt: salt.toString('base64'),
        hash: hash.toString('base64'),
        failures: 0,
        waitUntil: null,
      });
      // A new PIN ends every earlier unlock.
      unlocks.clear();
      log.info({ mod: 'settings' }, 'manager PIN set');
      return { ok: true, value: grant() };
    },
    unlock(pin: string): PinResult<Unlock> {
      const stored = read();
      if (!stored) return refuse('PIN_NOT_SET');
      const now = clock.now();
      if (stored.waitUntil !== null && stored.waitUntil > now) {
        return refuse('PIN_LOCKED', { retryInSeconds: Math.ceil((stored.waitUntil - now) / 1000) });
      }
      const expected = Buffer.from(stored.hash, 'base64');
      const given = hashPin(pin, Buffer.from(stored.salt, 'base64'), stored);
      if (given.length === expected.length && timingSafeEqual(given, expected)) {
        if (stored.failures > 0 || stored.waitUntil !== null) write({ ...stored, failures: 0, waitUntil: null });
        return { ok: true, value: grant() };
      }
      const failures = stored.failures + 1;
      log.warn({ mod: 'settings', failures }, 'wrong manager PIN');
      if (failures >= MAX_TRIES) {
        write({ ...stored, failures: 0, waitUntil: now + WAIT_MS });
        return refuse('PIN_LOCKED', { retryInSeconds: WAIT_MS / 1000 });
      }
      write({ ...stored, failures, waitUntil: null });
      return refuse('PIN_WRONG', { triesLeft: MAX_TRIES - failures, waitMinutes: WAIT_MS / 60_000 });
    },
    lock(token: string): void {
      unlocks.delete(token);
    },
  };
}
