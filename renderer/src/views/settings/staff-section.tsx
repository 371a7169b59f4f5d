// Settings → Staff phones: the switch, pairing a phone with a QR code it scans (one use, 2
// minutes), the paired phones with their last-seen time, and revoking one. Every change is behind
// the manager PIN once one is set; main checks the unlock again.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { StaffPairingView, StaffPhoneView } from '../../../../preload/contract';
import { useApi, useAppState, useNow } from '../../services/app-context';
import { CommandErrorText } from '../common/command-error';
import { ConfirmActions } from '../common/confirm-actions';
import { Dialog } from '../common/dialog';
import { QrSvg } from '../common/qr-svg';
import { useCommand } from '../common/use-command';
import type { ManagerUnlock } from './use-manager-unlock';

type Role = StaffPhoneView['role'];

export function StaffSection({ unlock, pinSet }: { unlock: ManagerUnlock; pinSet: boolean }) {
  const { t } = useTranslation();
  const api = useApi();
  const staff = useAppState((s) => s.staff);
  const { run, error, pending } = useCommand();
  const [name, setName] = useState('');
  const [role, setRole] = useState<Role>('waiter');
  const [pairing, setPairing] = useState<StaffPairingView | null>(null);
  const [revoking, setRevoking] = useState<StaffPhoneView | null>(null);
  const canChange = !pinSet || !unlock.locked;
  const key = unlock.token ? { unlock: unlock.token } : {};

  const toggle = (on: boolean) => void run(() => api.setStaffPhones({ on, ...key }));
  const pair = async () => {
    const r = await run(() => api.pairStaffPhone({ name: name.trim(), role, ...key }));
    if (r.ok) {
      setPairing(r.value);
      setName('');
    }
  };
  const closePairing = () => {
    if (pairing) void api.cancelStaffPairing({ code: pairing.code });
    setPairing(null);
  };
  const revoke = async () => {
    if (!revoking) return;
    await run(() => api.revokeStaffPhone({ deviceId: revoking.id, ...key }));
    setRevoking(null);
  };

  return (
    <section className="stack" aria-label={t('staff.title')}>
      <h3>{t('staff.title')}</h3>
      <p>{t('staff.hint')}</p>
      <label className="check">
        <input type="checkbox" checked={staff.enabled} disabled={!canChange || pending} onChange={(e) => toggle(e.target.checked)} />
        {t('staff.on')}
      </label>
      {!canChange && <p className="muted">{t('staff.locked')}</p>}
      {staff.enabled && staff.address && <p className="mono url">{t('staff.address', { address: staff.address })}</p>}
      {staff.enabled && staff.problem && <p role="alert">{t(`staff.problem.${staff.problem}`)}</p>}
      {staff.enabled && (
        <form
          className="field-row"
          onSubmit={(e) => {
            e.preventDefault();
            void pair();
          }}
        >
          <label>
            {t('staff.name')}
            <input value={name} maxLength={40} placeholder={t('staff.namePlaceholder')} onChange={(e) => setName(e.target.value)} />
          </label>
          <label>
            {t('staff.role')}
            <select value={role} onChange={(e) => setRole(e.target.value as Role)}>
              <option value="waiter">{t('staff.roles.waiter')}</option>
              <option value="manager">{t('staff.roles.manager')}</option>
            </select>
          </label>
          <button type="submit" disabled={!canChange || pending || name.trim() === '' || !staff.address}>
            {t('staff.pair')}
          </button>
        </form>
      )}
      <DeviceList devices={staff.devices} canRevoke={canChange && !pending} onRevoke={setRevoking} />
      <CommandErrorText error={error} />
      {pairing && <PairingDialog pairing={pairing} onClose={closePairing} />}
      {revoking && (
        <Dialog title={t('staff.revokeTitle', { name: revoking.name })} onClose={() => setRevoking(null)}>
          <p>{t('staff.revokeConfirm')}</p>
          <ConfirmActions label={t('staff.revokeYes')} danger pending={pending} onConfirm={revoke} onBack={() => setRevoking(null)} />
        </Dialog>
      )}
    </section>
  );
}

function DeviceList({ devices, canRevoke, onRevoke }: { devices: StaffPhoneView[]; canRevoke: boolean; onRevoke(d: StaffPhoneView): void }) {
  const { t, i18n } = useTranslation();
  return (
    <>
      <h4>{t('staff.devices')}</h4>
      {devices.length === 0 ? (
        <p className="muted">{t('staff.none')}</p>
      ) : (
        <ul className="stack" aria-label={t('staff.devices')}>
          {devices.map((d) => (
            <li key={d.id} className="field-row">
              <strong>{d.name}</strong>
              <span>{t(`staff.roles.${d.role}`)}</span>
              <span>{t(d.connected ? 'staff.connected' : 'staff.notConnected')}</span>
              <span className="muted">
                {d.lastSeenAt ? t('staff.lastSeen', { when: new Date(d.lastSeenAt).toLocaleString(i18n.language) }) : t('staff.neverSeen')}
              </span>
              <button type="button" disabled={!canRevoke} onClick={() => onRevoke(d)}>
                {t('staff.revoke')}
              </button>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

/** The QR code the phone scans, large enough from arm's length, with the seconds it has left. */
function PairingDialog({ pairing, onClose }: { pairing: StaffPairingView; onClose(): void }) {
  const { t } = useTranslation();
  const now = useNow();
  const seconds = Math.max(0, Math.ceil((Date.parse(pairing.expiresAt) - now) / 1000));
  return (
    <Dialog title={t('staff.pairTitle', { name: pairing.name })} onClose={onClose}>
      {seconds > 0 ? (
        <>
          <p>{t('staff.pairScan')}</p>
          <QrSvg url={pairing.url} label={t('staff.qrLabel', { name: pairing.name })} className="staff-pair-qr" />
          <p role="timer">{t('staff.expiresIn', { seconds })}</p>
        </>
      ) : (
        <p role="status">{t('staff.expired')}</p>
      )}
      <button type="button" onClick={onClose}>
        {t('staff.close')}
      </button>
    </Dialog>
  );
}
