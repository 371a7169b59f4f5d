// The settings form's draft (text as typed) and its check before anything is sent to main.
import type { TFunction } from 'i18next';
import type {
  Environment,
  QrSecondLanguage,
  ReceiptMode,
  SettingsInput,
  SettingsView,
  TableDensity,
  TransportKind,
  UpdateChannel,
} from '../../../../preload/contract';
import { inputError } from '../common/command-error';
import type { CommandError } from '../common/use-command';

export interface SettingsDraft {
  environment: Environment;
  serviceUrl: string;
  apiKey: string;
  posId: string;
  transport: TransportKind;
  webhookPort: string;
  webhookPublicUrl: string;
  printer: string;
  sound: boolean;
  startAtLogin: boolean;
  startHidden: boolean;
  posApiPort: string;
  /** Day report: "HH:MM". */
  dayEndsAt: string;
  autoCloseBills: boolean;
  reminderSeconds: string;
  receiptMode: ReceiptMode;
  updateChannel: UpdateChannel;
  tableDensity: TableDensity;
  qrSecondLanguage: QrSecondLanguage;
}

export function draftFrom(s: SettingsView): SettingsDraft {
  return {
    environment: s.environment,
    serviceUrl: s.serviceUrl,
    apiKey: '',
    posId: s.posId,
    transport: s.transport,
    webhookPort: String(s.webhookPort),
    webhookPublicUrl: s.webhookPublicUrl,
    printer: s.printer ?? '',
    sound: s.sound,
    startAtLogin: s.startAtLogin,
    startHidden: s.startHidden,
    posApiPort: String(s.posApiPort),
    dayEndsAt: s.dayEndsAt,
    autoCloseBills: s.autoCloseBills,
    reminderSeconds: String(s.reminderSeconds),
    receiptMode: s.receiptMode,
    updateChannel: s.updateChannel,
    tableDensity: s.tableDensity,
    qrSecondLanguage: s.qrSecondLanguage,
  };
}

function isHttpUrl(text: string): boolean {
  try {
    const u = new URL(text);
    return u.protocol === 'http:' || u.protocol === 'https:';
  } catch {
    return false;
  }
}

/** 0 is kept: main stores it for "any free port" (headless, tests). */
function port(text: string): number | null {
  if (!/^\d{1,5}$/.test(text.trim())) return null;
  const n = Number(text.trim());
  return n <= 65535 ? n : null;
}

/** Either the input to save, or an error naming the first bad field. */
export function checkDraft(d: SettingsDraft, t: TFunction): { input: SettingsInput } | { error: CommandError } {
  // Demo runs against the embedded sandbox, whose address main picks: no URL to check there.
  if (d.environment !== 'demo' && !isHttpUrl(d.serviceUrl.trim())) return { error: inputError(t('settings.serviceUrl'), t('errors.url')) };
  if (!d.posId.trim()) return { error: inputError(t('settings.posId'), t('errors.required')) };
  const webhookPort = port(d.webhookPort);
  if (webhookPort === null) return { error: inputError(t('settings.webhookPort'), t('errors.port')) };
  if (d.transport === 'webhook' && !isHttpUrl(d.webhookPublicUrl.trim())) {
    return { error: inputError(t('settings.webhookPublicUrl'), t('errors.url')) };
  }
  const posApiPort = port(d.posApiPort);
  if (posApiPort === null) return { error: inputError(t('settings.posApiPort'), t('errors.port')) };
  // Day report: "4:00" is read as "04:00".
  const dayEndsAt = /^\d:[0-5]\d$/.test(d.dayEndsAt.trim()) ? `0${d.dayEndsAt.trim()}` : d.dayEndsAt.trim();
  if (!/^([01]\d|2[0-3]):[0-5]\d$/.test(dayEndsAt)) return { error: inputError(t('history.dayEndsAt'), t('history.dayEndsAtInvalid')) };
  const reminder = d.reminderSeconds.trim();
  if (!/^\d{1,4}$/.test(reminder) || Number(reminder) > 3600) return { error: inputError(t('settings.reminderSeconds'), t('settings.reminderRange')) };
  const input: SettingsInput = {
    environment: d.environment,
    serviceUrl: d.serviceUrl.trim(),
    posId: d.posId.trim(),
    transport: d.transport,
    webhookPort,
    webhookPublicUrl: d.webhookPublicUrl.trim(),
    printer: d.printer === '' ? null : d.printer,
    sound: d.sound,
    startAtLogin: d.startAtLogin,
    startHidden: d.startHidden,
    posApiPort,
    dayEndsAt,
    autoCloseBills: d.autoCloseBills,
    reminderSeconds: Number(reminder),
    receiptMode: d.receiptMode,
    updateChannel: d.updateChannel,
    tableDensity: d.tableDensity,
    qrSecondLanguage: d.qrSecondLanguage,
  };
  if (d.apiKey.trim()) input.apiKey = d.apiKey.trim();
  return { input };
}
