// A history command's error: the codes of the reports are worded here (English and Czech), the
// rest as every view words them.
import { useTranslation } from 'react-i18next';
import { CommandErrorText } from '../common/command-error';
import type { CommandError } from '../common/use-command';

export function HistoryErrorText({ error }: { error: CommandError | null }) {
  const { t, i18n } = useTranslation();
  if (error && i18n.exists(`history.errors.${error.code}`)) {
    return <CommandErrorText error={{ code: 'input', message: t(`history.errors.${error.code}`) }} />;
  }
  return <CommandErrorText error={error} />;
}
