import { z } from 'zod';
import type { StoredSettings } from '../../base/host-types.js';
import { isQuietWindow } from '../updates/quiet-window.js';

import { CASHIER_SETTINGS_FIELDS as C, ServiceUrl } from '../../../preload/commands-settings.js';

/**
 * The one set of settings rules: the file (settings.json) and the saveSettings command
 * (preload/commands-settings.ts) check the fields the cashier edits alike.
 */

export { INSECURE_URL, LooseKey, PosIdField, SettingsInputSchema } from '../../../preload/commands-settings.js';

/**
 * Each stored field's rule; a field that breaks its rule falls back alone (settings-file.ts). The
 * fields the cashier edits are the contract's (preload/commands-settings.ts), the rest main's own.
 */
export const SETTINGS_FIELDS = {
  environment: C.environment,
  serviceUrl: C.serviceUrl,
  posId: C.posId,
  transport: C.transport,
  webhookHost: z.string().min(1, 'must not be empty'),
  webhookPort: C.webhookPort,
  webhookPublicUrl: C.webhookPublicUrl,
  printer: C.printer,
  language: C.language,
  sound: C.sound,
  startAtLogin: C.startAtLogin,
  startHidden: C.startHidden,
  posApiPort: C.posApiPort,
  serviceName: z.string().regex(/^[a-z0-9-]+$/, 'must be lower-case letters, digits and dashes'),
  dayEndsAt: C.dayEndsAt,
  updateUrl: ServiceUrl,
  quietWindow: z.string().refine(isQuietWindow, 'must be HH:MM-HH:MM (24-hour, local time)'),
  autoCloseBills: C.autoCloseBills,
  reminderSeconds: C.reminderSeconds,
  receiptMode: C.receiptMode,
  updateChannel: C.updateChannel,
  tableDensity: C.tableDensity,
  demoOnLan: z.boolean(),
  demoLanAddress: z.union([z.literal(''), z.ipv4({ message: 'must be an IPv4 address of this machine' })]),
  // Under 10 s a POS that stores in batches would flag payments it is about to acknowledge.
  unsyncedAfterSeconds: z
    .number()
    .int('must be a whole number')
    .refine((n) => n === 0 || (n >= 10 && n <= 3600), 'must be 0 (never) or 10..3600 seconds'),
  staffPhones: z.boolean(),
  staffLanAddress: z.union([z.literal(''), z.ipv4({ message: 'must be an IPv4 address of this machine' })]),
  staffPort: z.number().int('must be a whole number').min(1024, 'must be 1024..65535').max(65535, 'must be 1024..65535'),
} satisfies { [K in keyof StoredSettings]: z.ZodType<StoredSettings[K], unknown> };

export const SETTINGS_KEYS = Object.keys(SETTINGS_FIELDS) as (keyof StoredSettings)[];

/** Overrides of stored settings (command-line flags, tests): every field optional, same rules. */
export const SettingsPatch = z.object(SETTINGS_FIELDS).partial();
export type SettingsPatch = z.infer<typeof SettingsPatch>;
