// Placeholder for the order inbox (issue 14): new orders, Accept/Reject, then Preparing, Ready, Complete.
import { useTranslation } from 'react-i18next';

export function OrdersView() {
  const { t } = useTranslation();
  return <h2>{t('nav.orders')}</h2>;
}
