// A settings refusal in the cashier's words: main names the field (params.field) and this says
// which one with its label; the manager PIN's refusals have their own sentences. Anything else is
// worded like every other command error.
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { CommandErrorText } from '../common/command-error';
import type { CommandError } from '../common/use-command';

/** Codes that mean "this field's value was refused" (main's rules, the bridge's input check). */
const FIELD_CODES = new Set(['INVALID', 'BAD_INPUT']);
const PIN_CODES = new Set(['PIN_REQUIRED', 'PIN_WRONG', 'PIN_LOCKED', 'PIN_NOT_SET', 'PIN_ALREADY_SET', 'PIN_FORMAT', 'PIN_UNAVAILABLE']);

/** The sentence for a settings or PIN refusal, or null when the common wording applies. */
export function settingsSentence(t: TFunction, exists: (key: string) => boolean, error: CommandError): string | null {
  const params = error.params ?? {};
  if (PIN_CODES.has(error.code)) {
    // An unreadable PIN file keeps everything locked until the integrator resets it: no wait to tell.
    if (error.code === 'PIN_LOCKED' && params.reason === 'damaged') return t('settings.pinError.PIN_DAMAGED');
    // PIN_WRONG says how long the wait will be (waitMinutes); PIN_LOCKED how long is left (retryInSeconds).
    const minutes = typeof params.waitMinutes === 'number' ? params.waitMinutes : Math.max(1, Math.ceil(Number(params.retryInSeconds ?? 0) / 60));
    return t(`settings.pinError.${error.code}`, { ...params, minutes });
  }
  const field = params.field;
  if (FIELD_CODES.has(error.code) && typeof field === 'string' && exists(`settings.field.${field}`)) {
    return t('settings.refusedField', { field: t(`settings.field.${field}`) });
  }
  return null;
}

export function SettingsErrorText({ error }: { error: CommandError | null }) {
  const { t, i18n } = useTranslation();
  if (!error) return null;
  const sentence = settingsSentence(t, (key) => i18n.exists(key), error);
  if (sentence === null) return <CommandErrorText error={error} />;
  return (
    <p role="alert" className="error" data-code={error.code}>
      {sentence}
    </p>
  );
}
