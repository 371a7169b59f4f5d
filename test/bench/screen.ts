import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { BRIDGE_PATH } from '../../preload/names.js';

/** What the screen has heard so far. */
export interface ScreenState {
  /** Payments the screen was told are PAID (distinct ids). */
  paid: string[];
  /** Tables the screen heard a paid notice for (distinct ids): a hidden screen still hears them. */
  noticed: string[];
  /** Events heard, by type. */
  heard: Record<string, number>;
}

/** The cashier's screen as the host sees it: the browser-mode bridge, attached and hearing every event. */
export interface Screen {
  state(): Promise<ScreenState>;
  /** Resolves true once `n` payments were shown PAID, false if that has not happened within `deadlineMs`. */
  shownPaid(n: number, deadlineMs: number): Promise<boolean>;
  /** Resolves true once a paid notice was heard for every one of `tables`, false if not within `deadlineMs`. */
  noticedPaid(tables: readonly string[], deadlineMs: number): Promise<boolean>;
  /** The page says it is shown or hidden (the window in the tray), as the renderer does; resolves on main's answer. */
  setShown(shown: boolean): Promise<void>;
  close(): Promise<void>;
}

/**
 * The screen's process: trades the one-time token for the cookie (303), opens the bridge with that
 * cookie and the page's Origin, reads every frame, and answers the bench over IPC.
 */
const SCREEN_SCRIPT = `
const WebSocket = require('ws');
const [ui, bridgePath] = process.argv.slice(1);
const paid = new Set(), noticed = new Set(), heard = {};
const waiters = new Set();
const answers = new Map();
let nextId = 1;
const reply = (q, result) => process.send({ q, result });
const reach = (q, reached, deadlineMs) => {
  const check = () => { if (reached()) done(true); };
  const timer = setTimeout(() => done(false), deadlineMs);
  const done = (ok) => { clearTimeout(timer); waiters.delete(check); reply(q, ok); };
  waiters.add(check);
  check();
};
(async () => {
  const url = new URL(ui);
  const res = await fetch(url, { redirect: 'manual' });
  const cookie = (res.headers.get('set-cookie') || '').split(';')[0];
  if (res.status !== 303 || !cookie) throw new Error('UI token not traded for a cookie: ' + res.status);
  const socket = new WebSocket('ws://' + url.host + bridgePath, { headers: { cookie, origin: url.origin } });
  socket.on('message', (data) => {
    const frame = JSON.parse(data.toString('utf8'));
    if (typeof frame.id === 'number') answers.get(frame.id)?.(frame);
    const event = frame.event;
    if (!event) return;
    heard[event.type] = (heard[event.type] || 0) + 1;
    if (event.type === 'payment' && event.payment && event.payment.state === 'PAID') paid.add(event.payment.id);
    if (event.type === 'notice' && event.notice && event.notice.kind === 'paid' && event.notice.tableId) noticed.add(event.notice.tableId);
    for (const w of [...waiters]) w();
  });
  socket.on('close', () => process.exit(0));
  await new Promise((resolve, reject) => { socket.once('open', resolve); socket.once('error', reject); });
  process.on('message', (m) => {
    if (m.op === 'state') return reply(m.q, { paid: [...paid], noticed: [...noticed], heard });
    if (m.op === 'shownPaid') return reach(m.q, () => paid.size >= m.n, m.deadlineMs);
    if (m.op === 'noticedPaid') return reach(m.q, () => m.tables.every((t) => noticed.has(t)), m.deadlineMs);
    if (m.op === 'setShown') {
      const id = nextId++;
      answers.set(id, (frame) => { answers.delete(id); reply(m.q, frame.result === null ? null : JSON.stringify(frame)); });
      return socket.send(JSON.stringify({ id, cmd: 'setShown', input: m.shown }));
    }
    if (m.op === 'close') socket.close();
  });
  process.send({ q: 0, result: 'attached' });
})().catch((e) => { console.error(e); process.exit(1); });
`;

const root = fileURLToPath(new URL('../..', import.meta.url));

/**
 * Attaches a screen to a host started with its browser-mode UI (`ui`: the printed address with its
 * one-time token), the way a browser does, in a process of its own as the cashier's screen is
 * (Chromium's renderer): the frames it reads and parses cost the sandbox and the guests nothing,
 * so a screen's cost shows in the host's figures only. From then on the host turns every commit
 * into the renderer's events for it (main/adapters/ui-bridge/event-fanout.ts), as with the window open.
 */
export async function attachScreen(ui: string): Promise<Screen> {
  const child: ChildProcess = spawn(process.execPath, ['-e', SCREEN_SCRIPT, ui, BRIDGE_PATH], { cwd: root, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const pending = new Map<number, (result: unknown) => void>();
  let nextQ = 1;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.on('message', (m: { q: number; result: unknown }) => {
    pending.get(m.q)?.(m.result);
    pending.delete(m.q);
  });
  const ask = <T>(message: Record<string, unknown>): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      const q = nextQ++;
      pending.set(q, (result) => resolve(result as T));
      child.send({ ...message, q }, (err) => err && reject(err));
    });
  await new Promise<void>((resolve, reject) => {
    pending.set(0, () => resolve());
    child.once('exit', (code) => reject(new Error(`the screen process exited (${code}) before it attached`)));
  });
  return {
    state: () => ask<ScreenState>({ op: 'state' }),
    shownPaid: (n, deadlineMs) => ask<boolean>({ op: 'shownPaid', n, deadlineMs }),
    noticedPaid: (tables, deadlineMs) => ask<boolean>({ op: 'noticedPaid', tables, deadlineMs }),
    async setShown(shown) {
      const refused = await ask<string | null>({ op: 'setShown', shown });
      if (refused !== null) throw new Error(`setShown(${shown}) not taken: ${refused}`);
    },
    async close() {
      if (child.exitCode !== null) return;
      child.send({ op: 'close', q: -1 });
      await exited;
    },
  };
}
