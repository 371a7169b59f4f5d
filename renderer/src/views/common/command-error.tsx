// Shows a command's error in the cashier's language: main sends a code with names (table, item,
// amounts) and the command that failed, never a sentence.
import type { i18n as I18n, TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../format/decimal-text';
import type { CommandError } from './use-command';
import { tableLabel } from './labels';

/** A real defect: the only errors that say "restart the app". */
const DEFECTS = new Set(['INTERNAL_ERROR', 'INTERNAL', 'bridge-failed']);

function interpolation(t: TFunction, language: string, error: CommandError): Record<string, string | number> {
  const params = error.params ?? {};
  const values: Record<string, string | number> = { ...params, code: error.code };
  // The renderer's own input checks are already in the cashier's words; main's messages never are.
  if (error.code === 'input') values.message = error.message ?? '';
  values.table = typeof params.table === 'string' ? tableLabel(t, params.table) : t('errors.refusal.someTable');
  values.item = typeof params.item === 'string' ? params.item : t('errors.refusal.someItem');
  if (typeof params.amount === 'string') values.money = formatMoney(params.amount, typeof params.currency === 'string' ? params.currency : null, language);
  return values;
}

/** The sentence for an error; exported for the views that word errors outside a paragraph. */
export function wordError(t: TFunction, i18n: I18n, error: CommandError): string {
  const values = interpolation(t, i18n.language, error);
  if (DEFECTS.has(error.code)) return t('errors.refusal.internal');
  const reason = typeof error.params?.reason === 'string' ? `_${error.params.reason.toUpperCase()}` : '';
  const candidates = [
    error.action ? `errors.refusal.byAction.${error.action}.${error.code}` : null,
    reason ? `errors.refusal.code.${error.code}${reason}` : null,
    `errors.refusal.code.${error.code}`,
    `errors.${error.code}`,
  ];
  for (const key of candidates) if (key && i18n.exists(key)) return t(key, values);
  const actionKey = `errors.refusal.action.${error.action ?? ''}`;
  if (error.action && i18n.exists(actionKey)) return t('errors.refusal.fallback', { action: t(actionKey), code: error.code });
  return t('errors.refusal.fallbackNoAction', { code: error.code });
}

export function CommandErrorText({ error }: { error: CommandError | null }) {
  const { t, i18n } = useTranslation();
  if (!error) return null;
  return (
    <p role="alert" className="error" data-code={error.code}>
      {wordError(t, i18n, error)}
    </p>
  );
}

/** An input check failed before anything was sent: name the field, say what is expected. */
export function inputError(field: string, message: string): CommandError {
  return { code: 'input', message: `${field}: ${message}` };
}
