// Another program holding the bill database is a state, shown until it lets go by itself:
// payments are refused meanwhile (the service asks again), so the cashier finds the program.
import { useTranslation } from 'react-i18next';
import { useAppState } from '../../services/app-context';

export function DatabaseBanner() {
  const { t } = useTranslation();
  const database = useAppState((s) => s.database);
  if (!database.locked) return null;
  return (
    <div className="banner banner-database" role="alert" data-kind="database">
      <p>{t('database.locked')}</p>
      <p className="banner-guests">{t('database.what')}</p>
    </div>
  );
}
