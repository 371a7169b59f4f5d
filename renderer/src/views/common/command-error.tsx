// Shows a command's error. Main's message already says what to do; the bridge's own codes and
// the renderer's input checks are translated here.
import { useTranslation } from 'react-i18next';
import type { CommandError } from './use-command';

export function CommandErrorText({ error }: { error: CommandError | null }) {
  const { t, i18n } = useTranslation();
  if (!error) return null;
  const key = `errors.${error.code}`;
  const text = i18n.exists(key) ? t(key, { message: error.message }) : error.message || t('errors.unknown');
  return (
    <p role="alert" className="error">
      {text}
    </p>
  );
}

/** An input check failed before anything was sent: name the field, say what is expected. */
export function inputError(field: string, message: string): CommandError {
  return { code: 'input', message: `${field}: ${message}` };
}
