import { contextBridge, ipcRenderer } from 'electron';
import type { CommandName, CompanionApi, CompanionEvent, PageLink } from './contract.js';
import { EVENT_CHANNEL, SHOWN_CHANNEL, SNAPSHOT_CHANNEL, commandChannel } from './channels.js';
import { commandRecord } from './names.js';

/**
 * The renderer's window.companion: every CompanionApi verb as a named IPC channel, nothing else
 * (no raw ipcRenderer, no generic invoke). Main validates every argument and checks the sender.
 * The commands come from COMMAND_NAMES (names.ts), so adding one needs no line here.
 */

type Commands = { [K in CommandName]: CompanionApi[K] };

const command = (name: CommandName) => (input?: unknown) => ipcRenderer.invoke(commandChannel(name), input);

const api = {
  getSnapshot: () => ipcRenderer.invoke(SNAPSHOT_CHANNEL) as ReturnType<CompanionApi['getSnapshot']>,
  onEvent(listener: (event: CompanionEvent) => void) {
    // Only the event goes to the page, never the IpcRendererEvent (it carries the sender).
    const relay = (_event: unknown, payload: CompanionEvent) => listener(payload);
    ipcRenderer.on(EVENT_CHANNEL, relay);
    return () => {
      ipcRenderer.removeListener(EVENT_CHANNEL, relay);
    };
  },
  setShown: async (shown: boolean) => {
    await ipcRenderer.invoke(SHOWN_CHANNEL, shown === true);
  },
  ...(commandRecord(command) as Commands),
} satisfies CompanionApi & PageLink;

contextBridge.exposeInMainWorld('companion', api);
