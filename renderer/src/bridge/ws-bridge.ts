// CompanionApi over the local WebSocket of browser mode. Reconnects with backoff and tells the
// store (onReconnect) so it re-fetches the snapshot; commands sent while down answer a clear error.
// A frame it cannot use is reported to `warn` (console.warn by default), never dropped silently.
import type { BridgeCommand, CommandName, CompanionApi, CompanionEvent, PageLink, Unsubscribe } from '../../../preload/contract';
import { parseCommandResult } from '../../../preload/commands';
import { commandRecord } from '../../../preload/names';
import type { ResyncSource } from '../store/connect-store';
import { decodeServerMessage, encodeRequest, malformedAnswer, offlineError, reconnectDelay, timeoutError, type ServerMessage } from './ws-protocol';

/** The bridge's logger hook: what was dropped and why. */
export type BridgeWarn = (what: string, detail: Record<string, unknown>) => void;

export interface WsBridgeOptions {
  url: string;
  timeoutMs?: number;
  warn?: BridgeWarn;
}

export type WsBridge = CompanionApi & ResyncSource & PageLink & { close(): void };

type Commands = { [K in CommandName]: CompanionApi[K] };

const consoleWarn: BridgeWarn = (what, detail) => console.warn(`[tableside bridge] ${what}`, detail);

interface Pending {
  resolve(value: unknown): void;
  reject(error: Error): void;
  timer: ReturnType<typeof setTimeout>;
  isCommand: boolean;
}

/**
 * Requests waiting for their answer. A command always resolves (with a CommandResult error when
 * the link drops or the answer is late); the snapshot rejects, as the store retries it itself.
 */
function createPendingTable(timeoutMs: number, warn: BridgeWarn) {
  const pending = new Map<number, Pending>();
  let nextId = 1;
  return {
    add(isCommand: boolean, write: (id: number) => void): Promise<unknown> {
      return new Promise<unknown>((resolve, reject) => {
        const id = nextId++;
        const timer = setTimeout(() => {
          pending.delete(id);
          if (isCommand) resolve(timeoutError());
          else reject(new Error('Tableside did not answer in time.'));
        }, timeoutMs);
        pending.set(id, { resolve, reject, timer, isCommand });
        write(id);
      });
    },
    settle(msg: Exclude<ServerMessage, { kind: 'event' }>): void {
      const p = msg.id === null ? undefined : pending.get(msg.id);
      if (!p || msg.id === null) {
        // An error without an id answers a frame the app could not read; a late answer has no waiter.
        warn(msg.kind === 'error' ? 'the app refused a frame' : 'an answer nobody waits for was dropped', {
          id: msg.id,
          ...(msg.kind === 'error' ? { code: msg.error.code } : {}),
        });
        return;
      }
      pending.delete(msg.id);
      clearTimeout(p.timer);
      if (msg.kind === 'result') p.resolve(msg.result);
      else if (p.isCommand) p.resolve({ ok: false, error: msg.error });
      else p.reject(new Error(msg.error.message || msg.error.code));
    },
    failAll(): void {
      for (const [id, p] of pending) {
        clearTimeout(p.timer);
        if (p.isCommand) p.resolve(offlineError());
        else p.reject(new Error('The link to Tableside closed; it reconnects by itself.'));
        pending.delete(id);
      }
    },
  };
}

interface LinkHandlers {
  onText(text: string): void;
  onOpen(reopened: boolean): void;
  onClose(): void;
}

/** One WebSocket at a time to `url`, reopened with backoff until closed by us. */
function createConnection(url: string, handlers: LinkHandlers) {
  const waitingForOpen = new Set<() => void>();
  let socket: WebSocket | null = null;
  let open = false;
  let everOpened = false;
  let attempt = 0;
  let closedByUs = false;

  const connect = (): void => {
    if (closedByUs) return;
    const ws = new WebSocket(url);
    socket = ws;
    ws.onopen = () => {
      open = true;
      attempt = 0;
      for (const w of waitingForOpen) w();
      waitingForOpen.clear();
      handlers.onOpen(everOpened);
      everOpened = true;
    };
    ws.onmessage = (e: MessageEvent) => {
      if (typeof e.data === 'string') handlers.onText(e.data);
    };
    ws.onclose = () => {
      open = false;
      socket = null;
      handlers.onClose();
      if (!closedByUs) setTimeout(connect, reconnectDelay(attempt++));
    };
  };
  connect();

  return {
    isOpen: () => open,
    whenOpen: (): Promise<void> => (open ? Promise.resolve() : new Promise<void>((resolve) => waitingForOpen.add(resolve))),
    send: (text: string) => socket?.send(text),
    close: () => {
      closedByUs = true;
      socket?.close();
    },
  };
}

function listenerSet<L>() {
  const listeners = new Set<L>();
  return {
    listeners,
    add(listener: L): Unsubscribe {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export function createWsBridge({ url, timeoutMs = 30_000, warn = consoleWarn }: WsBridgeOptions): WsBridge {
  const events = listenerSet<(e: CompanionEvent) => void>();
  const reconnects = listenerSet<() => void>();
  const pending = createPendingTable(timeoutMs, warn);

  const onText = (text: string): void => {
    const msg = decodeServerMessage(text);
    if (msg.kind === 'dropped') warn('a frame it could not use was dropped', { reason: msg.reason, ...(msg.detail ? { detail: msg.detail } : {}) });
    else if (msg.kind === 'event') for (const l of events.listeners) l(msg.event);
    else pending.settle(msg);
  };
  const link = createConnection(url, {
    onText,
    onOpen: (reopened) => {
      if (reopened) for (const l of reconnects.listeners) l();
    },
    onClose: () => pending.failAll(),
  });

  const send = (cmd: BridgeCommand, input: unknown, isCommand: boolean) => pending.add(isCommand, (id) => link.send(encodeRequest(id, cmd, input)));
  // An answer is checked against the command's table (preload/commands.ts) before a view sees it.
  const command = (name: CommandName) => async (input?: unknown) => {
    if (!link.isOpen()) return offlineError();
    const answer = await send(name, input, true);
    const checked = parseCommandResult(name, answer);
    if (checked) return checked;
    warn('an answer that is not a CommandResult was refused', { cmd: name });
    return malformedAnswer();
  };

  return {
    ...(commandRecord(command) as Commands),
    // The snapshot waits for the link instead of failing: it is what the app starts from.
    getSnapshot: async () => {
      await link.whenOpen();
      return (await send('getSnapshot', null, false)) as Awaited<ReturnType<CompanionApi['getSnapshot']>>;
    },
    // Waits for the link too: a new link starts out sending every view (main/adapters/ui-server/bridge.ts).
    setShown: async (shown: boolean) => {
      await link.whenOpen();
      await send('setShown', shown, false);
    },
    onEvent: (listener) => events.add(listener),
    onReconnect: (listener) => reconnects.add(listener),
    close: () => link.close(),
  };
}
