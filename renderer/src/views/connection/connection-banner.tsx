// A banner when the link needs the cashier: offline or reconnecting for more than 30 s,
// the API key rejected or missing (session.problem), or another companion using the same Pos-Id.
// Each says what to do.
import { useTranslation } from 'react-i18next';
import { useApi, useAppState, useNow } from '../../app-context';
import { wholeMinutes } from '../../format/time-text';
import { CommandErrorText } from '../common/command-error';
import { useCommand } from '../common/use-command';

export const OFFLINE_BANNER_AFTER_MS = 30_000;

export function ConnectionBanner() {
  const { t } = useTranslation();
  const api = useApi();
  const now = useNow();
  const session = useAppState((s) => s.session);
  const setTab = useAppState((s) => s.setTab);
  const { run, error, pending } = useCommand();
  if (!session) return null;

  const down = session.status === 'offline' || session.status === 'reconnecting';
  const downFor = now - session.since;
  let text: string | null = null;
  if (down && downFor > OFFLINE_BANNER_AFTER_MS) text = t('banner.offline', { minutes: wholeMinutes(downFor) });
  else if (session.problem) text = t(`banner.problem.${session.problem}`);
  else if (session.status === 'rejected') text = t('banner.rejected');
  else if (session.status === 'conflict') text = t('banner.conflict');
  if (!text) return null;

  return (
    <div className="banner" role="alert">
      <p>{text}</p>
      <div className="actions">
        {(session.status === 'rejected' || session.problem) && (
          <button type="button" onClick={() => setTab('settings')}>
            {t('banner.openSettings')}
          </button>
        )}
        <button type="button" disabled={pending} onClick={() => void run(() => api.reconnect())}>
          {t('banner.reconnect')}
        </button>
      </div>
      <CommandErrorText error={error} />
    </div>
  );
}
