// Settings → Backups: the verified backups main keeps, and a restore behind the manager PIN.
// Main checks the backup and the unlock again; a restore stops the app, which restarts (the
// desktop app) or must be started again (headless), as main's answer says.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BackupsView, BackupView, RestoreStarted } from '../../../../preload/contract';
import { useApi } from '../../services/app-context';
import { CommandErrorText } from '../common/command-error';
import { ConfirmActions } from '../common/confirm-actions';
import { Dialog } from '../common/dialog';
import { useCommand } from '../common/use-command';
import type { ManagerUnlock } from './use-manager-unlock';

export function BackupsSection({ unlock, pinSet }: { unlock: ManagerUnlock; pinSet: boolean }) {
  const { t, i18n } = useTranslation();
  const api = useApi();
  const { run, error, pending } = useCommand();
  const [list, setList] = useState<BackupsView | null>(null);
  const [chosen, setChosen] = useState<BackupView | null>(null);
  const [started, setStarted] = useState<RestoreStarted | null>(null);

  useEffect(() => {
    let live = true;
    void api.listBackups().then((r) => {
      if (live && r.ok) setList(r.value);
    });
    return () => {
      live = false;
    };
  }, [api]);

  const when = (b: BackupView) => new Date(b.at).toLocaleString(i18n.language);
  const restore = async () => {
    if (!chosen) return;
    const r = await run(() => api.restoreBackup(unlock.token ? { file: chosen.name, unlock: unlock.token } : { file: chosen.name }));
    if (r.ok) setStarted(r.value);
    setChosen(null);
  };
  const canRestore = !pinSet || !unlock.locked;

  return (
    <section className="stack" aria-label={t('backups.title')}>
      <h3>{t('backups.title')}</h3>
      <p>{t('backups.hint', { kept: list?.kept ?? 7 })}</p>
      {list && list.backups.length === 0 && <p className="muted">{t('backups.none')}</p>}
      {list && list.backups.length > 0 && (
        <ul className="stack">
          {list.backups.map((b) => (
            <li key={b.name} className="field-row">
              <span title={b.name}>
                {t('backups.when')}: {when(b)}
              </span>
              <span>{t('backups.megabytes', { size: (b.bytes / 1_048_576).toFixed(1) })}</span>
              <button type="button" disabled={!canRestore || pending || started !== null} onClick={() => setChosen(b)}>
                {t('backups.restore')}
              </button>
            </li>
          ))}
        </ul>
      )}
      {!canRestore && <p className="muted">{t('backups.locked')}</p>}
      {started && <p role="status">{t(started.restart === 'automatic' ? 'backups.restartAutomatic' : 'backups.restartManual', { name: started.restored })}</p>}
      <CommandErrorText error={error} />
      {chosen && (
        <Dialog title={t('backups.confirmTitle')} onClose={() => setChosen(null)}>
          <p>{t('backups.confirm', { when: when(chosen) })}</p>
          <ConfirmActions label={t('backups.confirmYes')} danger pending={pending} onConfirm={restore} onBack={() => setChosen(null)} />
        </Dialog>
      )}
    </section>
  );
}
