// Low disk space is a state, shown until space returns by itself: payments the disk cannot save
// are refused, so the cashier frees space before guests notice.
import { useTranslation } from 'react-i18next';
import { useAppState } from '../../services/app-context';

/** Megabytes, whole: precise enough for "how much is left". */
const megabytes = (bytes: number): number => Math.max(0, Math.floor(bytes / (1024 * 1024)));

export function DiskBanner() {
  const { t } = useTranslation();
  const disk = useAppState((s) => s.disk);
  if (!disk.lowSpace) return null;
  return (
    <div className="banner banner-disk" role="alert" data-kind="disk">
      <p>{t('disk.low', { megabytes: megabytes(disk.freeBytes) })}</p>
      <p className="banner-guests">{t('disk.what')}</p>
    </div>
  );
}
