import { z } from 'zod';
import type { StoredSettings } from '../../base/host-types.js';
import { isQuietWindow } from '../updates/quiet-window.js';
import { isAllowedServiceUrl } from './service-url.js';

/**
 * The one set of settings rules: the file (settings.json) and the saveSettings command
 * (main/ui-bridge/command-schemas.ts) both check fields with SETTINGS_FIELDS.
 */

const Port = z.number().int('must be a whole number').min(0, 'must be 0..65535').max(65535, 'must be 0..65535');
export const INSECURE_URL = 'must be an https URL (plain http only on this computer: 127.0.0.1, ::1, localhost)';
const ServiceUrl = z.union([z.literal(''), z.string().refine(isAllowedServiceUrl, INSECURE_URL)]);
const PublicUrl = z.union([z.literal(''), z.url({ protocol: /^https?$/, error: 'must be an http(s) URL or empty' })]);
/** Pos-Id: a UUID, kept lower case (docs/PROTOCOL.md: "UUID v4, lower case"). */
export const PosIdField = z
  .string()
  .trim()
  .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, 'must be a UUID')
  .transform((s) => s.toLowerCase());
// Loose on purpose: the service's who-am-i answer is the real check, and its message is what the cashier sees.
export const LooseKey = z.string().trim().min(1, 'must not be empty').max(200, 'must be at most 200 characters');

/** Each stored field's rule; a field that breaks its rule falls back alone (settings-file.ts). */
export const SETTINGS_FIELDS = {
  environment: z.enum(['demo', 'sandbox', 'production']),
  serviceUrl: ServiceUrl,
  posId: PosIdField,
  transport: z.enum(['ws', 'longpoll', 'webhook']),
  webhookHost: z.string().min(1, 'must not be empty'),
  webhookPort: Port,
  webhookPublicUrl: PublicUrl,
  printer: z.string().max(500).nullable(),
  language: z.enum(['en', 'cs']),
  sound: z.boolean(),
  startAtLogin: z.boolean(),
  startHidden: z.boolean(),
  posApiPort: Port,
  serviceName: z.string().regex(/^[a-z0-9-]+$/, 'must be lower-case letters, digits and dashes'),
  // Day report (issue 13): when a restaurant day ends, local time.
  dayEndsAt: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a time HH:MM such as 04:00'),
  updateUrl: ServiceUrl,
  quietWindow: z.string().refine(isQuietWindow, 'must be HH:MM-HH:MM (24-hour, local time)'),
  // ui-tables (issue 12): a fully paid bill closes itself.
  autoCloseBills: z.boolean(),
  // ui-actions (issue 12)
  reminderSeconds: z.number().int('must be a whole number').min(0, 'must be 0..3600').max(3600, 'must be 0..3600'),
  // receipts (issue 13): who makes the fiscal receipt, the service or the main POS (POSTPONED flow).
  receiptMode: z.enum(['QERKO_GENERATED', 'POSTPONED']),
} satisfies { [K in keyof StoredSettings]: z.ZodType<StoredSettings[K], unknown> };

export const SETTINGS_KEYS = Object.keys(SETTINGS_FIELDS) as (keyof StoredSettings)[];

/** Overrides of stored settings (command-line flags, tests): every field optional, same rules. */
export const SettingsPatch = z.object(SETTINGS_FIELDS).partial();
export type SettingsPatch = z.infer<typeof SettingsPatch>;

/** The saveSettings command's input: the fields the cashier edits, and a new API key. Unknown fields are stripped. */
export const SettingsInputSchema = SettingsPatch.omit({ webhookHost: true, serviceName: true, updateUrl: true, quietWindow: true }).extend({
  apiKey: LooseKey.optional(),
  // ui-safety (issue 12): the manager PIN's unlock, checked by main/app/settings-commands.ts; never stored.
  unlock: z.string().min(1).max(200).optional(),
});
