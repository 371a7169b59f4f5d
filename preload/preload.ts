import { contextBridge, ipcRenderer } from 'electron';
import type { CommandName, CompanionApi, CompanionEvent } from './contract.js';
import { EVENT_CHANNEL, SNAPSHOT_CHANNEL, commandChannel } from './channels.js';

/**
 * The renderer's window.companion: every CompanionApi verb as a named IPC channel, nothing else
 * (no raw ipcRenderer, no generic invoke). Main validates every argument and checks the sender.
 */

const command =
  <K extends CommandName>(name: K) =>
  (input?: unknown) =>
    ipcRenderer.invoke(commandChannel(name), input) as ReturnType<CompanionApi[K]>;

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
  openBill: command('openBill'),
  addItem: command('addItem'),
  setItemQuantity: command('setItemQuantity'),
  removeItem: command('removeItem'),
  closeBill: command('closeBill'),
  cancelPayment: command('cancelPayment'),
  capturePayment: command('capturePayment'),
  acknowledgeNotice: command('acknowledgeNotice'),
  listQrCodes: command('listQrCodes'),
  createQrCodes: command('createQrCodes'),
  deleteQrCode: command('deleteQrCode'),
  printQrSheet: command('printQrSheet'),
  testPrint: command('testPrint'),
  listPrinters: command('listPrinters'),
  saveSettings: command('saveSettings'),
  checkApiKey: command('checkApiKey'),
  regeneratePosApiToken: command('regeneratePosApiToken'),
  reconnect: command('reconnect'),
  guestPay: command('guestPay'),
} satisfies CompanionApi;

contextBridge.exposeInMainWorld('companion', api);
