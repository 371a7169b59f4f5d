// A receipt command's refusal: the receipt's own codes in the cashier's words, any other code
// through the shared wording (printer problems, a lost bridge).
import { useTranslation } from 'react-i18next';
import { CommandErrorText } from '../common/command-error';
import type { CommandError } from '../common/use-command';

export function ReceiptErrorText({ error }: { error: CommandError | null }) {
  const { t, i18n } = useTranslation();
  if (!error) return null;
  const key = `receipts.errors.${error.code}`;
  if (!i18n.exists(key)) return <CommandErrorText error={error} />;
  return (
    <p role="alert" className="error">
      {t(key)}
    </p>
  );
}
