// Placeholder for Needs attention (issue 13): everything not settled and what to do about each.
import { useTranslation } from 'react-i18next';

export function AttentionView() {
  const { t } = useTranslation();
  return <h2>{t('nav.attention')}</h2>;
}
