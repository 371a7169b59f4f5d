// The sounds of notices: one per store update that brings new ones (the problem pattern when any
// of them is a problem, else the paid one), and, with a reminder interval set, the problem pattern
// again every interval while a problem notice stays unacknowledged.
import { useEffect } from 'react';
import { useAppState, useServices } from '../../services/app-context';
import { watchNewNotices } from '../../store/notice-watcher';
import { isProblem } from './notice-text';

export function useNoticeSounds(): void {
  const { store, beep } = useServices();
  const sound = useAppState((s) => s.settings?.sound ?? false);
  const reminderSeconds = useAppState((s) => s.settings?.reminderSeconds ?? 0);
  const problemOpen = useAppState((s) => Object.values(s.notices).some((n) => !n.acknowledged && isProblem(n)));

  useEffect(
    () =>
      watchNewNotices(store, (fresh) => {
        if (store.getState().settings?.sound) beep(fresh.some(isProblem) ? 'problem' : 'paid');
      }),
    [store, beep],
  );

  // The interval restarts when a problem appears or the setting changes, so the first reminder
  // comes a full interval after the problem, never sooner.
  useEffect(() => {
    if (!sound || !problemOpen || reminderSeconds <= 0) return;
    const timer = setInterval(() => beep('problem'), reminderSeconds * 1000);
    return () => clearInterval(timer);
  }, [sound, problemOpen, reminderSeconds, beep]);
}
