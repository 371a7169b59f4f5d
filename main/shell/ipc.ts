import { ipcMain, type IpcMainInvokeEvent, type WebContents } from 'electron';
import type { CommandName, CommandResult, CompanionApi, Snapshot } from '../../preload/contract.js';
import { EVENT_CHANNEL, SNAPSHOT_CHANNEL, commandChannel } from '../../preload/channels.js';
import type { Logger } from '../log.js';
import { runCommand } from '../ui-server/command-schemas.js';
import { isTrustedSender, type AppOrigins } from './trusted-url.js';

/**
 * Main's side of the preload contract: one ipcMain.handle per command from a typed record (a
 * missing command is a compile error), each refusing frames that are not our pages and
 * validating its argument with the schemas the browser-mode bridge uses too.
 */

type CommandHandlers = { [K in CommandName]: (input: unknown) => Promise<CommandResult<unknown>> };

export function commandHandlers(api: CompanionApi, log: Logger): CommandHandlers {
  return {
    openBill: (input) => runCommand(api, 'openBill', input, log),
    addItem: (input) => runCommand(api, 'addItem', input, log),
    setItemQuantity: (input) => runCommand(api, 'setItemQuantity', input, log),
    removeItem: (input) => runCommand(api, 'removeItem', input, log),
    closeBill: (input) => runCommand(api, 'closeBill', input, log),
    cancelPayment: (input) => runCommand(api, 'cancelPayment', input, log),
    capturePayment: (input) => runCommand(api, 'capturePayment', input, log),
    acknowledgeNotice: (input) => runCommand(api, 'acknowledgeNotice', input, log),
    listQrCodes: (input) => runCommand(api, 'listQrCodes', input, log),
    createQrCodes: (input) => runCommand(api, 'createQrCodes', input, log),
    deleteQrCode: (input) => runCommand(api, 'deleteQrCode', input, log),
    printQrSheet: (input) => runCommand(api, 'printQrSheet', input, log),
    testPrint: (input) => runCommand(api, 'testPrint', input, log),
    listPrinters: (input) => runCommand(api, 'listPrinters', input, log),
    saveSettings: (input) => runCommand(api, 'saveSettings', input, log),
    checkApiKey: (input) => runCommand(api, 'checkApiKey', input, log),
    regeneratePosApiToken: (input) => runCommand(api, 'regeneratePosApiToken', input, log),
    reconnect: (input) => runCommand(api, 'reconnect', input, log),
    guestPay: (input) => runCommand(api, 'guestPay', input, log),
  };
}

export const UNTRUSTED_SENDER = {
  ok: false,
  error: { code: 'FORBIDDEN', message: 'This page may not control Tableside. Restart the app.' },
} as const;

export interface IpcOptions {
  api: CompanionApi;
  origins: AppOrigins;
  log: Logger;
  /** The windows that receive pushed events (the main window and an open print sheet). */
  eventTargets: () => WebContents[];
}

/** Registers the handlers and the event forwarding; returns a function that removes both. */
export function registerIpc(options: IpcOptions): () => void {
  const { api, origins, log } = options;
  const trusted = (event: IpcMainInvokeEvent, what: string): boolean => {
    const url = event.senderFrame?.url;
    if (isTrustedSender(url, origins)) return true;
    log.warn({ mod: 'ipc', what, url: (url ?? 'none').slice(0, 200) }, 'IPC from an untrusted frame refused');
    return false;
  };

  const handlers = commandHandlers(api, log);
  const names = Object.keys(handlers) as CommandName[];
  for (const name of names) {
    const handler = handlers[name];
    ipcMain.handle(commandChannel(name), (event, input: unknown) => (trusted(event, name) ? handler(input) : UNTRUSTED_SENDER));
  }
  ipcMain.handle(SNAPSHOT_CHANNEL, (event): Promise<Snapshot> => {
    if (!trusted(event, 'getSnapshot')) throw new Error(UNTRUSTED_SENDER.error.message);
    return api.getSnapshot();
  });

  const unsubscribe = api.onEvent((event) => {
    for (const contents of options.eventTargets()) {
      if (!contents.isDestroyed()) contents.send(EVENT_CHANNEL, event);
    }
  });

  return () => {
    unsubscribe();
    for (const name of names) ipcMain.removeHandler(commandChannel(name));
    ipcMain.removeHandler(SNAPSHOT_CHANNEL);
  };
}
