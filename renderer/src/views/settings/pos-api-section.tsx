// The local POS API token: shown on request so it can be copied into the POS, and regenerated
// (which disconnects a POS still using the old one, hence the confirmation). The settings view
// carries only its last characters; the token itself comes from main to a live unlock.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApi, useAppState, useServices } from '../../services/app-context';
import { CommandErrorText } from '../common/command-error';
import { Dialog } from '../common/dialog';
import { useCommand } from '../common/use-command';
import { ConfirmActions } from '../common/confirm-actions';
import { SettingsErrorText } from './settings-error-text';
import type { ManagerUnlock } from './use-manager-unlock';

/** A shown token, with the unlock it was shown to: it hides again when that unlock ends or the token changes. */
interface Shown {
  token: string;
  unlock: string;
}

/** The token is an integration setting: shown and regenerated only while unlocked. */
export function PosApiSection({ hint, unlock }: { hint: string; unlock: ManagerUnlock }) {
  const { t } = useTranslation();
  const api = useApi();
  const { copyText } = useServices();
  const dialog = useAppState((s) => s.dialog);
  const openDialog = useAppState((s) => s.openDialog);
  const closeDialog = useAppState((s) => s.closeDialog);
  const [copied, setCopied] = useState(false);
  const [shown, setShown] = useState<Shown | null>(null);
  const { run, error, setError, pending } = useCommand();
  const token = shown && shown.unlock === unlock.token && shown.token.endsWith(hint) ? shown.token : null;

  const reveal = async () => {
    const key = unlock.token;
    if (!key) return;
    const r = await run(() => api.revealPosApiToken({ unlock: key }));
    if (r.ok) setShown({ token: r.value.token, unlock: key });
  };
  const copy = async () => {
    if (token === null) return;
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
      // The new token goes into the POS next: show it at once.
      await reveal();
    }
  };

  return (
    <section className="stack" aria-label={t('settings.posApiTitle')}>
      <h3>{t('settings.posApiTitle')}</h3>
      {unlock.locked ? (
        <p className="muted">{t('settings.pin.tokenHidden')}</p>
      ) : (
        <div className="field-row">
          {token === null ? (
            <>
              <p className="mono">{t('settings.tokenHint', { hint })}</p>
              <button type="button" disabled={pending} onClick={() => void reveal()}>
                {t('settings.showToken')}
              </button>
            </>
          ) : (
            <>
              <label>
                {t('settings.posApiToken')}
                <input readOnly value={token} className="mono" />
              </label>
              <button type="button" onClick={() => void copy()}>
                {t('settings.copy')}
              </button>
            </>
          )}
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
