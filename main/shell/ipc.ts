import { ipcMain, type IpcMainInvokeEvent, type WebContents } from 'electron';
import type { CommandName, CommandResult, CompanionApi, Snapshot } from '../../preload/contract.js';
import { EVENT_CHANNEL, SHOWN_CHANNEL, SNAPSHOT_CHANNEL, commandChannel } from '../../preload/channels.js';
import { COMMAND_NAMES, commandRecord } from '../../preload/names.js';
import type { Logger } from '../base/log.js';
import { runCommand } from '../adapters/ui-bridge/command-schemas.js';
import { forwardToShownPages } from '../adapters/ui-bridge/shown-pages.js';
import { isTrustedSender, type AppOrigins } from './trusted-url.js';

/**
 * Main's side of the preload contract: one ipcMain.handle per command of COMMAND_NAMES (the list
 * the preload is built from too), each refusing frames that are not our pages and
 * validating its argument with the schemas the browser-mode bridge uses too.
 */

type CommandHandlers = Record<CommandName, (input: unknown) => Promise<CommandResult<unknown>>>;

/** One handler per command of COMMAND_NAMES, each validating its input before calling the core. */
export function commandHandlers(api: CompanionApi, log: Logger): CommandHandlers {
  return commandRecord((name) => (input: unknown) => runCommand(api, name, input, log));
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
  for (const name of COMMAND_NAMES) {
    const handler = handlers[name];
    ipcMain.handle(commandChannel(name), (event, input: unknown) => (trusted(event, name) ? handler(input) : UNTRUSTED_SENDER));
  }
  ipcMain.handle(SNAPSHOT_CHANNEL, (event): Promise<Snapshot> => {
    if (!trusted(event, 'getSnapshot')) throw new Error(UNTRUSTED_SENDER.error.message);
    return api.getSnapshot();
  });

  // The window in the tray (hidden) is sent no views, and while no window is shown none are built.
  const pages = forwardToShownPages({
    api,
    pages: () => options.eventTargets().filter((contents) => !contents.isDestroyed()),
    send: (contents, event) => contents.send(EVENT_CHANNEL, event),
    keyOf: (contents) => contents.id,
  });
  ipcMain.handle(SHOWN_CHANNEL, (event, shown: unknown) => {
    if (!trusted(event, 'setShown') || typeof shown !== 'boolean') return;
    pages.setShown(event.sender, shown);
  });

  return () => {
    pages.stop();
    ipcMain.removeHandler(SHOWN_CHANNEL);
    for (const name of COMMAND_NAMES) ipcMain.removeHandler(commandChannel(name));
    ipcMain.removeHandler(SNAPSHOT_CHANNEL);
  };
}
