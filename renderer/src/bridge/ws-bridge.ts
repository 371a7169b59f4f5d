// CompanionApi over the local WebSocket of browser mode. Reconnects with backoff and tells the
// store (onReconnect) so it re-fetches the snapshot; commands sent while down answer a clear error.
import type { CommandName, CompanionApi, CompanionEvent, Unsubscribe } from '../../../preload/contract';
import type { ResyncSource } from '../store/connect-store';
import { decodeServerMessage, encodeRequest, offlineError, reconnectDelay, timeoutError, type BridgeCommand } from './ws-protocol';

export interface WsBridgeOptions {
  url: string;
  timeoutMs?: number;
}

export type WsBridge = CompanionApi & ResyncSource & { close(): void };

interface Pending {
  resolve(value: unknown): void;
  reject(error: Error): void;
  timer: ReturnType<typeof setTimeout>;
  isCommand: boolean;
}

export function createWsBridge({ url, timeoutMs = 30_000 }: WsBridgeOptions): WsBridge {
  const eventListeners = new Set<(e: CompanionEvent) => void>();
  const reconnectListeners = new Set<() => void>();
  const pending = new Map<number, Pending>();
  const waitingForOpen = new Set<() => void>();
  let socket: WebSocket | null = null;
  let open = false;
  let everOpened = false;
  let attempt = 0;
  let nextId = 1;
  let closedByUs = false;

  const failAll = () => {
    for (const [id, p] of pending) {
      clearTimeout(p.timer);
      if (p.isCommand) p.resolve(offlineError());
      else p.reject(new Error('The link to Tableside closed; it reconnects by itself.'));
      pending.delete(id);
    }
  };

  const onMessage = (text: string) => {
    const msg = decodeServerMessage(text);
    if (!msg) return;
    if (msg.kind === 'event') {
      for (const l of eventListeners) l(msg.event);
      return;
    }
    const p = pending.get(msg.id);
    if (!p) return;
    pending.delete(msg.id);
    clearTimeout(p.timer);
    if (msg.kind === 'result') p.resolve(msg.result);
    else if (p.isCommand) p.resolve({ ok: false, error: msg.error });
    else p.reject(new Error(msg.error.message || msg.error.code));
  };

  const connect = () => {
    if (closedByUs) return;
    const ws = new WebSocket(url);
    socket = ws;
    ws.onopen = () => {
      open = true;
      attempt = 0;
      for (const w of waitingForOpen) w();
      waitingForOpen.clear();
      if (everOpened) for (const l of reconnectListeners) l();
      everOpened = true;
    };
    ws.onmessage = (e: MessageEvent) => {
      if (typeof e.data === 'string') onMessage(e.data);
    };
    ws.onclose = () => {
      open = false;
      socket = null;
      failAll();
      if (!closedByUs) setTimeout(connect, reconnectDelay(attempt++));
    };
  };

  const send = (cmd: BridgeCommand, input: unknown, isCommand: boolean) =>
    new Promise<unknown>((resolve, reject) => {
      const id = nextId++;
      const timer = setTimeout(() => {
        pending.delete(id);
        if (isCommand) resolve(timeoutError());
        else reject(new Error('Tableside did not answer in time.'));
      }, timeoutMs);
      pending.set(id, { resolve, reject, timer, isCommand });
      socket?.send(encodeRequest(id, cmd, input));
    });

  const command = <K extends CommandName>(name: K) =>
    ((input?: unknown) => (open ? send(name, input, true) : Promise.resolve(offlineError()))) as CompanionApi[K];

  const commands: { [K in CommandName]: CompanionApi[K] } = {
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
  };

  connect();

  return {
    ...commands,
    // The snapshot waits for the link instead of failing: it is what the app starts from.
    getSnapshot: async () => {
      if (!open) await new Promise<void>((resolve) => waitingForOpen.add(resolve));
      return (await send('getSnapshot', null, false)) as Awaited<ReturnType<CompanionApi['getSnapshot']>>;
    },
    onEvent: (listener): Unsubscribe => {
      eventListeners.add(listener);
      return () => eventListeners.delete(listener);
    },
    onReconnect: (listener): Unsubscribe => {
      reconnectListeners.add(listener);
      return () => reconnectListeners.delete(listener);
    },
    close: () => {
      closedByUs = true;
      socket?.close();
    },
  };
}
