// Placeholder for payment links (issue 13): create, show as QR, print, delete.
import { useTranslation } from 'react-i18next';

export function LinksView() {
  const { t } = useTranslation();
  return <h2>{t('nav.links')}</h2>;
}
