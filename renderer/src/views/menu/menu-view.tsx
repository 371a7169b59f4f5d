// Placeholder for the menu (issue 14): categories, search, available or not.
import { useTranslation } from 'react-i18next';

export function MenuView() {
  const { t } = useTranslation();
  return <h2>{t('nav.menu')}</h2>;
}
