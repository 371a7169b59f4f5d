// The manager PIN in front of the integration settings: choose one on first
// use, enter it to unlock, lock again. Enter in a PIN field acts here, never saves the form.
import { useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatClock } from '../../format/time-text';
import { SettingsErrorText } from './settings-error-text';
import type { ManagerUnlock } from './use-manager-unlock';

// A new PIN; main checks the same rule (an older, shorter PIN still unlocks).
const PIN_RULE = /^\d{6,8}$/;

function onEnter(action: () => void) {
  return (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key !== 'Enter') return;
    e.preventDefault();
    action();
  };
}

export function ManagerPinPanel({ pinSet, unlock }: { pinSet: boolean; unlock: ManagerUnlock }) {
  const { t, i18n } = useTranslation();
  if (!unlock.locked) {
    return (
      <div className="pin-panel unlocked">
        <p>{t('settings.pin.unlockedUntil', { time: formatClock(new Date(unlock.until ?? 0).toISOString(), i18n.language) })}</p>
        <button type="button" onClick={unlock.lock}>
          {t('settings.pin.lock')}
        </button>
      </div>
    );
  }
  return pinSet ? <UnlockForm unlock={unlock} /> : <ChoosePin unlock={unlock} />;
}

function UnlockForm({ unlock }: { unlock: ManagerUnlock }) {
  const { t } = useTranslation();
  const [pin, setPin] = useState('');
  const submit = () => {
    void unlock.unlockWith(pin.trim()).then((ok) => ok && setPin(''));
  };
  return (
    <div className="pin-panel">
      <p className="muted">{t('settings.pin.lockedHint')}</p>
      <div className="field-row">
        <label>
          {t('settings.pin.label')}
          <input
            type="password"
            inputMode="numeric"
            autoComplete="off"
            className="pin"
            value={pin}
            onChange={(e) => setPin(e.target.value)}
            onKeyDown={onEnter(submit)}
          />
        </label>
        <button type="button" disabled={unlock.command.pending} onClick={submit}>
          {t('settings.pin.unlock')}
        </button>
      </div>
      <SettingsErrorText error={unlock.command.error} />
      <p className="muted small">{t('settings.pin.forgot')}</p>
    </div>
  );
}

function ChoosePin({ unlock }: { unlock: ManagerUnlock }) {
  const { t } = useTranslation();
  const [pin, setPin] = useState('');
  const [repeat, setRepeat] = useState('');
  const submit = () => {
    // Checked here for a quick answer; main checks the rule again.
    if (!PIN_RULE.test(pin.trim())) return unlock.command.setError({ code: 'PIN_FORMAT', message: '' });
    if (pin.trim() !== repeat.trim()) return unlock.command.setError({ code: 'input', message: t('settings.pin.mismatch') });
    void unlock.setPin(pin.trim());
  };
  return (
    <div className="pin-panel">
      <h4>{t('settings.pin.setTitle')}</h4>
      <p className="muted">{t('settings.pin.setHint')}</p>
      <div className="field-row">
        <label>
          {t('settings.pin.newPin')}
          <input
            type="password"
            inputMode="numeric"
            autoComplete="new-password"
            className="pin"
            value={pin}
            onChange={(e) => setPin(e.target.value)}
            onKeyDown={onEnter(submit)}
          />
        </label>
        <label>
          {t('settings.pin.repeat')}
          <input
            type="password"
            inputMode="numeric"
            autoComplete="new-password"
            className="pin"
            value={repeat}
            onChange={(e) => setRepeat(e.target.value)}
            onKeyDown={onEnter(submit)}
          />
        </label>
        <button type="button" disabled={unlock.command.pending} onClick={submit}>
          {t('settings.pin.set')}
        </button>
      </div>
      <SettingsErrorText error={unlock.command.error} />
    </div>
  );
}
