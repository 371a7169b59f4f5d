// The bill's commands and their answers in words; the manager's PIN unlock and Close bill.
import { useCallback, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatClock } from '../format/time-text';
import type { CommandErrorCode } from './session';
import { useController, useStaff } from './staff-context';

export type ActionResult = { ok: true; done?: string } | { ok: false; code: CommandErrorCode };

/** The last command's outcome and a runner that records it. */
export function useAction(): [ActionResult | null, (action: () => Promise<ActionResult>) => void] {
  const [result, setResult] = useState<ActionResult | null>(null);
  const run = useCallback((action: () => Promise<ActionResult>) => {
    setResult(null);
    void action().then(setResult);
  }, []);
  return [result, run];
}

export function ActionMessage({ result }: { result: ActionResult | null }) {
  const { t } = useTranslation();
  if (!result) return null;
  if (!result.ok)
    return (
      <p role="alert" className="staff-error">
        {t(`errors.${result.code}`)}
      </p>
    );
  return result.done ? (
    <p role="status" className="staff-done">
      {t(result.done)}
    </p>
  ) : null;
}

function UnlockForm({ run }: { run(action: () => Promise<ActionResult>): void }) {
  const { t } = useTranslation();
  const controller = useController();
  const [pin, setPin] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const entered = pin;
    setPin('');
    run(() => controller.managerUnlock(entered).then((o) => (o.ok ? { ok: true } : o)));
  };
  return (
    <form className="staff-unlock" onSubmit={submit}>
      <label>
        {t('manager.pin')}
        <input type="password" inputMode="numeric" autoComplete="off" value={pin} onChange={(e) => setPin(e.target.value)} />
      </label>
      <button type="submit" disabled={!pin}>
        {t('manager.unlock')}
      </button>
    </form>
  );
}

export function ManagerActions({
  tableId,
  unlocked,
  hasBill,
  run,
}: {
  tableId: string;
  unlocked: boolean;
  hasBill: boolean;
  run(action: () => Promise<ActionResult>): void;
}) {
  const { t, i18n } = useTranslation();
  const controller = useController();
  const until = useStaff((s) => s.managerUntil);
  return (
    <section className="staff-manager" aria-label={t('manager.title')}>
      <h3>{t('manager.title')}</h3>
      {unlocked && until ? (
        <>
          <p>{t('manager.unlockedUntil', { time: formatClock(until, i18n.language) })}</p>
          {hasBill && (
            <button
              type="button"
              className="staff-close-bill"
              onClick={() => run(() => controller.closeBill(tableId).then((o) => ({ ...o, done: 'bill.closed' })))}
            >
              {t('bill.close')}
            </button>
          )}
        </>
      ) : (
        <UnlockForm run={run} />
      )}
    </section>
  );
}
