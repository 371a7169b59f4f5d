// Settings → Logs and diagnostics: where the log files are, and the two things support asks for.
// The desktop app opens the folder and saves the zip through a dialog; in a browser both are
// downloads from the local UI server (behind the same token as the bridge).
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DIAGNOSTICS_PATHS } from '../../../../preload/names';
import { useApi, useAppState, useServices } from '../../services/app-context';
import { CommandErrorText } from '../common/command-error';
import { useCommand } from '../common/use-command';

/** The codes main answers for these commands; worded here, in the section's own strings. */
const OWN_CODES: ReadonlySet<string> = new Set(['DIAGNOSTICS_NOT_WRITTEN', 'LOGS_NOT_OPENED']);

export function DiagnosticsSection() {
  const { t } = useTranslation();
  const logsDir = useAppState((s) => s.logsDir) ?? '';
  const api = useApi();
  const { bridgeKind } = useServices();
  const { run, error, pending } = useCommand();
  const [savedTo, setSavedTo] = useState<string | null>(null);

  const exportDiagnostics = async () => {
    setSavedTo(null);
    const result = await run(() => api.exportDiagnostics());
    if (result.ok && result.value.file) setSavedTo(result.value.file);
  };

  return (
    <section className="stack" aria-label={t('diagnostics.title')}>
      <h3>{t('diagnostics.title')}</h3>
      <p>{t('diagnostics.hint')}</p>
      <div className="field-row">
        <label>
          {t('diagnostics.logsFolder')}
          <input readOnly value={logsDir} className="mono" />
        </label>
        {bridgeKind === 'electron' ? (
          <>
            <button type="button" disabled={pending} onClick={() => void run(() => api.openLogs())}>
              {t('diagnostics.openLogs')}
            </button>
            <button type="button" disabled={pending} onClick={() => void exportDiagnostics()}>
              {t('diagnostics.export')}
            </button>
          </>
        ) : (
          <>
            <a className="button" href={DIAGNOSTICS_PATHS.latestLog} download>
              {t('diagnostics.downloadLog')}
            </a>
            <a className="button" href={DIAGNOSTICS_PATHS.bundle} download>
              {t('diagnostics.export')}
            </a>
          </>
        )}
      </div>
      {savedTo && <p role="status">{t('diagnostics.saved', { file: savedTo })}</p>}
      {error && OWN_CODES.has(error.code) ? (
        <p role="alert" className="error">
          {t(`diagnostics.${error.code}`)}
        </p>
      ) : (
        <CommandErrorText error={error} />
      )}
    </section>
  );
}
