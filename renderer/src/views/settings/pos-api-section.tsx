// The local POS API token: shown so it can be copied into the POS, and regenerated (which
// disconnects a POS still using the old one, hence the confirmation).
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApi, useAppState, useServices } from '../../services/app-context';
import { CommandErrorText } from '../common/command-error';
import { Dialog } from '../common/dialog';
import { useCommand } from '../common/use-command';
import { ConfirmActions } from '../common/confirm-actions';
import { SettingsErrorText } from './settings-error-text';
import type { ManagerUnlock } from './use-manager-unlock';

/** The token is an integration setting: shown and regenerated only while unlocked. */
export function PosApiSection({ token, unlock }: { token: string; unlock: ManagerUnlock }) {
  const { t } = useTranslation();
  const api = useApi();
  const { copyText } = useServices();
  const dialog = useAppState((s) => s.dialog);
  const openDialog = useAppState((s) => s.openDialog);
  const closeDialog = useAppState((s) => s.closeDialog);
  const [copied, setCopied] = useState(false);
  const { run, error, setError, pending } = useCommand();

  const copy = async () => {
    try {
      await copyText(token);
      setCopied(true);
    } catch {
      setError({ code: 'copy-failed', message: '' });
    }
  };
  const regenerate = async () => {
    const r = await run(() => api.regeneratePosApiToken(unlock.token ? { unlock: unlock.token } : {}));
    if (r.ok) {
      setCopied(false);
      closeDialog();
    }
  };

  return (
    <section className="stack" aria-label={t('settings.posApiTitle')}>
      <h3>{t('settings.posApiTitle')}</h3>
      {unlock.locked ? (
        <p className="muted">{t('settings.pin.tokenHidden')}</p>
      ) : (
        <div className="field-row">
          <label>
            {t('settings.posApiToken')}
            <input readOnly value={token} className="mono" />
          </label>
          <button type="button" onClick={() => void copy()}>
            {t('settings.copy')}
          </button>
          <button type="button" onClick={() => openDialog({ kind: 'regenerate-token' })}>
            {t('settings.regenerate')}
          </button>
        </div>
      )}
      {copied && <p role="status">{t('settings.copied')}</p>}
      <CommandErrorText error={error} />
      {dialog?.kind === 'regenerate-token' && (
        <Dialog title={t('settings.regenerateTitle')} onClose={closeDialog}>
          <p>{t('settings.regenerateConfirm')}</p>
          <SettingsErrorText error={error} />
          <ConfirmActions label={t('settings.regenerateYes')} danger pending={pending} onConfirm={regenerate} onBack={closeDialog} />
        </Dialog>
      )}
    </section>
  );
}
