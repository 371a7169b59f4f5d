import { z } from 'zod';
import { Id, NoInput, command, returns } from './command-kit.js';
import type { SettingsUnlock, SettingsView } from './views.js';

export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (host === 'localhost' || host === '::1') return true;
  return /^127(\.\d{1,3}){3}$/.test(host);
}

/** https anywhere, http only on loopback: the key travels in a header and must not cross a network in the clear. */
export function isAllowedServiceUrl(raw: string): boolean {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return false;
  }
  if (url.protocol === 'https:') return true;
  return url.protocol === 'http:' && isLoopbackHost(url.hostname);
}

const Port = z.number().int('must be a whole number').min(0, 'must be 0..65535').max(65535, 'must be 0..65535');
export const INSECURE_URL = 'must be an https URL (plain http only on this computer: 127.0.0.1, ::1, localhost)';
export const ServiceUrl = z.union([z.literal(''), z.string().refine(isAllowedServiceUrl, INSECURE_URL)]);
const PublicUrl = z.union([z.literal(''), z.url({ protocol: /^https?$/, error: 'must be an http(s) URL or empty' })]);
/** Pos-Id: a UUID, kept lower case (PROTOCOL.md: "UUID v4, lower case"). */
export const PosIdField = z
  .string()
  .trim()
  .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, 'must be a UUID')
  .transform((s) => s.toLowerCase());
// Loose on purpose: the service's who-am-i answer is the real check, and its message is what the cashier sees.
export const LooseKey = z.string().trim().min(1, 'must not be empty').max(200, 'must be at most 200 characters');

/**
 * The rules of the settings the cashier edits: main's settings file (main/features/settings/
 * settings-schema.ts) adds its own fields to these, so the file and saveSettings check alike.
 */
export const CASHIER_SETTINGS_FIELDS = {
  environment: z.enum(['demo', 'sandbox', 'production']),
  serviceUrl: ServiceUrl,
  posId: PosIdField,
  transport: z.enum(['ws', 'longpoll', 'webhook']),
  webhookPort: Port,
  webhookPublicUrl: PublicUrl,
  printer: z.string().max(500).nullable(),
  language: z.enum(['en', 'cs']),
  sound: z.boolean(),
  startAtLogin: z.boolean(),
  startHidden: z.boolean(),
  posApiPort: Port,
  // Day report: when a restaurant day ends, local time.
  dayEndsAt: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a time HH:MM such as 04:00'),
  // A fully paid bill closes itself.
  autoCloseBills: z.boolean(),
  reminderSeconds: z.number().int('must be a whole number').min(0, 'must be 0..3600').max(3600, 'must be 0..3600'),
  // receipts: who makes the fiscal receipt, the service or the main POS (POSTPONED flow).
  receiptMode: z.enum(['QERKO_GENERATED', 'POSTPONED']),
  // Updates: which feed the till follows (main/shell/updates.ts applies it to electron-updater).
  updateChannel: z.enum(['stable', 'beta']),
  // The Tables view's card size: compact fits 60 tables on a 1366x768 screen.
  tableDensity: z.enum(['compact', 'comfortable']),
  // The printed QR card's guest words in a second language too.
  qrSecondLanguage: z.enum(['none', 'en', 'cs']),
};

/** The saveSettings command's input: the fields the cashier edits, and a new API key. Unknown fields are stripped. */
export const SettingsInputSchema = z
  .object(CASHIER_SETTINGS_FIELDS)
  .partial()
  .extend({
    /** A new API key; omitted = keep the stored one. */
    apiKey: LooseKey.optional(),
    /** A live unlock (unlockSettings / setManagerPin), checked in main; never stored. */
    unlock: z.string().min(1).max(200).optional(),
  });
export type SettingsInput = z.output<typeof SettingsInputSchema>;

// A PIN as typed (its rule, 6-8 digits for a new one, is checked in main, which counts wrong tries) and an unlock token.
const Pin = z.string().max(64, 'must be at most 64 characters');
const Unlock = z.string().min(1).max(200);
// Base64 of a file a little over the logo's limit, so main's byte check (not this) words an oversized one.
const LogoData = z
  .string()
  .min(1)
  .max(800_000)
  .regex(/^[A-Za-z0-9+/]*={0,2}$/, 'must be base64');

/** Settings, the connection, and the manager PIN in front of the integration settings. */
export const SETTINGS_COMMANDS = {
  saveSettings: command(SettingsInputSchema, returns<SettingsView>()),
  checkApiKey: command(
    z.object({ serviceUrl: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }), apiKey: LooseKey, posId: Id }),
    returns<{ restaurantName: string }>(),
  ),
  /** Needs a live `unlock` once a manager PIN is set. Answers the view: the new token's hint, never the token. */
  regeneratePosApiToken: command(z.object({ unlock: Unlock.optional() }), returns<SettingsView>()),
  /** The POS API token itself, only to a live `unlock` of a set PIN (PIN_NOT_SET, PIN_REQUIRED). */
  revealPosApiToken: command(z.object({ unlock: Unlock }), returns<{ token: string }>()),
  reconnect: command(NoInput, returns<null>()),
  /** First use sets the PIN (6-8 digits); a set PIN changes only with a live `unlock`. Answers an unlock. */
  setManagerPin: command(z.object({ pin: Pin, unlock: Unlock.optional() }), returns<SettingsUnlock>()),
  /**
   * PIN_WRONG (triesLeft, waitMinutes), PIN_LOCKED (retryInSeconds; reason "damaged" for an unreadable PIN file),
   * PIN_UNAVAILABLE (the try could not be counted, so it was not made), PIN_NOT_SET.
   */
  unlockSettings: command(z.object({ pin: Pin }), returns<SettingsUnlock>()),
  /** Ends an unlock (the Settings tab closed). */
  lockSettings: command(z.object({ unlock: Unlock }), returns<null>()),
  /**
   * The QR card's logo: a PNG or JPEG as base64, checked by its bytes in main (LOGO_REFUSED with
   * params.reason); needs a live `unlock` once a manager PIN is set. Answers the view.
   */
  setQrLogo: command(z.object({ data: LogoData, unlock: Unlock.optional() }), returns<SettingsView>()),
  removeQrLogo: command(z.object({ unlock: Unlock.optional() }), returns<SettingsView>()),
  /** The logo as a data: URL for the print sheet, or null. */
  getQrLogo: command(NoInput, returns<{ dataUrl: string | null }>()),
};
