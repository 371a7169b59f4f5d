// Printing QR cards: the sheet for many tables, or one table's card in one click (from the QR list
// and from the tables side sheet: `usePrintTableQr().printTableQr(tableId)`). Electron prints
// through main; a browser opens the sheet in a new tab, which prints itself.
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PrintMode } from '../../../../preload/contract';
import { useApi, useServices } from '../../services/app-context';
import { useCommand, type CommandRunner } from '../common/use-command';

export function printSheetUrl(tableIds: string[]): string {
  const params = new URLSearchParams({ tables: tableIds.join(',') });
  params.set('autoprint', '1');
  return `print.html?${params.toString()}`;
}

export interface QrPrinter {
  /** Prints the cards; answers the sentence to show when it worked, null when it failed. */
  print(tableIds: string[], mode: PrintMode): Promise<string | null>;
  /** One table's card: creates its code first when it has none. */
  printTableQr(tableId: string): Promise<string | null>;
  command: CommandRunner;
  done: string | null;
}

export function usePrintTableQr(): QrPrinter {
  const { t } = useTranslation();
  const api = useApi();
  const { bridgeKind, openWindow } = useServices();
  const command = useCommand();
  const { run } = command;
  const [done, setDone] = useState<string | null>(null);

  const print = useCallback(
    async (tableIds: string[], mode: PrintMode) => {
      setDone(null);
      let text: string | null = null;
      if (bridgeKind === 'browser') {
        openWindow(printSheetUrl(tableIds));
        text = t('qr.printOpened');
      } else {
        const result = await run(() => api.printQrSheet({ tableIds, mode }));
        if (result.ok) text = result.value.pdfPath ? t('qr.pdfSaved', { path: result.value.pdfPath }) : t('qr.printSent');
      }
      setDone(text);
      return text;
    },
    [api, bridgeKind, openWindow, run, t],
  );

  const printTableQr = useCallback(
    async (tableId: string) => {
      const codes = await run(() => api.listQrCodes());
      if (!codes.ok) return null;
      if (!codes.value.find((c) => c.tableId === tableId)?.url) {
        const created = await run(() => api.createQrCodes({ tableIds: [tableId] }));
        if (!created.ok) return null;
      }
      return print([tableId], 'dialog');
    },
    [api, print, run],
  );

  return { print, printTableQr, command, done };
}
