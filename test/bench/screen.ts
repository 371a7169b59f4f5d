import { WebSocket } from 'ws';
import { BRIDGE_PATH } from '../../preload/names.js';

/** The cashier's screen as the host sees it: the browser-mode bridge, attached and hearing every event. */
export interface Screen {
  /** Payments the screen was told are PAID (distinct ids). */
  paidShown(): Set<string>;
  /** Tables the screen heard a paid notice for (distinct ids): a hidden screen still hears them. */
  paidNoticed(): Set<string>;
  /** Events heard, by type. */
  heard(): Record<string, number>;
  /** Resolves true once `n` payments were shown PAID, false if that has not happened within `deadlineMs`. */
  shownPaid(n: number, deadlineMs: number): Promise<boolean>;
  /** Resolves true once a paid notice was heard for every one of `tables`, false if not within `deadlineMs`. */
  noticedPaid(tables: readonly string[], deadlineMs: number): Promise<boolean>;
  /** The page says it is shown or hidden (the window in the tray), as the renderer does; resolves on main's answer. */
  setShown(shown: boolean): Promise<void>;
  close(): Promise<void>;
}

/**
 * Attaches a screen to a host started with its browser-mode UI (`ui`: the printed address with its
 * one-time token), the way a browser does: the token is traded for the cookie (303), then the bridge
 * WebSocket opens with that cookie and the page's Origin. From then on the host turns every commit
 * into the renderer's events for it (main/ui-bridge/event-fanout.ts), as with the Electron window open.
 */
export async function attachScreen(ui: string): Promise<Screen> {
  const url = new URL(ui);
  const res = await fetch(url, { redirect: 'manual' });
  const cookie = res.headers.get('set-cookie')?.split(';')[0];
  if (res.status !== 303 || !cookie) throw new Error(`UI token not traded for a cookie: ${res.status}`);
  const socket = new WebSocket(`ws://${url.host}${BRIDGE_PATH}`, { headers: { cookie, origin: url.origin } });
  const paid = new Set<string>();
  const noticed = new Set<string>();
  const heard: Record<string, number> = {};
  const waiters = new Set<() => void>();
  const answers = new Map<number, (frame: { result?: unknown; error?: unknown }) => void>();
  let nextId = 1;
  socket.on('message', (data) => {
    const text = Buffer.isBuffer(data) ? data.toString('utf8') : Buffer.from(data as ArrayBuffer).toString('utf8');
    const frame = JSON.parse(text) as {
      id?: number;
      result?: unknown;
      error?: unknown;
      event?: { type: string; payment?: { id: string; state: string }; notice?: { kind: string; tableId?: string | null } };
    };
    if (typeof frame.id === 'number') answers.get(frame.id)?.(frame);
    const event = frame.event;
    if (!event) return;
    heard[event.type] = (heard[event.type] ?? 0) + 1;
    if (event.type === 'payment' && event.payment?.state === 'PAID') paid.add(event.payment.id);
    if (event.type === 'notice' && event.notice?.kind === 'paid' && event.notice.tableId) noticed.add(event.notice.tableId);
    for (const w of [...waiters]) w();
  });
  const reach = (reached: () => boolean, deadlineMs: number) =>
    new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => done(false), deadlineMs);
      const check = () => {
        if (reached()) done(true);
      };
      const done = (ok: boolean) => {
        clearTimeout(timer);
        waiters.delete(check);
        resolve(ok);
      };
      waiters.add(check);
      check();
    });
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  return {
    paidShown: () => paid,
    paidNoticed: () => noticed,
    heard: () => ({ ...heard }),
    shownPaid: (n, deadlineMs) => reach(() => paid.size >= n, deadlineMs),
    noticedPaid: (tables, deadlineMs) => reach(() => tables.every((t) => noticed.has(t)), deadlineMs),
    async setShown(shown) {
      const id = nextId++;
      const answer = new Promise<{ result?: unknown; error?: unknown }>((resolve) => answers.set(id, resolve));
      socket.send(JSON.stringify({ id, cmd: 'setShown', input: shown }));
      const frame = await answer;
      answers.delete(id);
      if (frame.result !== null) throw new Error(`setShown(${shown}) not taken: ${JSON.stringify(frame)}`);
    },
    async close() {
      if (socket.readyState === socket.CLOSED) return;
      const closed = new Promise((resolve) => socket.once('close', resolve));
      socket.close();
      await closed;
    },
  };
}
