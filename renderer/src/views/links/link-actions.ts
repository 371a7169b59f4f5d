// Copy a link's URL and print its sheet: Electron prints through main (hidden window); a browser
// opens print.html?link=<id> in a new tab, which prints itself (the page's cookie carries the session).
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApi, useServices } from '../../services/app-context';
import { useCommand, type CommandRunner } from '../common/use-command';

export function linkSheetUrl(linkId: string): string {
  return `print.html?${new URLSearchParams({ link: linkId, autoprint: '1' }).toString()}`;
}

export interface LinkActions {
  copy(url: string): Promise<void>;
  print(linkId: string): Promise<void>;
  /** The last action's outcome sentence (copied, printed, opened), or null. */
  done: string | null;
  /** A copy that failed (the clipboard refused): its sentence. */
  copyError: string | null;
  command: CommandRunner;
}

export function useLinkActions(): LinkActions {
  const { t } = useTranslation();
  const api = useApi();
  const { bridgeKind, openWindow, copyText } = useServices();
  const command = useCommand();
  const { run, setError } = command;
  const [done, setDone] = useState<string | null>(null);
  const [copyError, setCopyError] = useState<string | null>(null);

  const copy = useCallback(
    async (url: string) => {
      setDone(null);
      setCopyError(null);
      setError(null);
      try {
        await copyText(url);
        setDone(t('links.copied'));
      } catch {
        setCopyError(t('links.copyFailed'));
      }
    },
    [copyText, setError, t],
  );

  const print = useCallback(
    async (linkId: string) => {
      setDone(null);
      setCopyError(null);
      if (bridgeKind === 'browser') {
        openWindow(linkSheetUrl(linkId));
        setDone(t('links.printOpened'));
        return;
      }
      const result = await run(() => api.printPaymentLink({ linkId, mode: 'dialog' }));
      if (result.ok) setDone(result.value.pdfPath ? t('links.pdfSaved', { path: result.value.pdfPath }) : t('links.printSent'));
    },
    [api, bridgeKind, openWindow, run, t],
  );

  return { copy, print, done, copyError, command };
}
