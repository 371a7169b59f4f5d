import type { BrowserWindow, Dialog, MessageBoxOptions } from 'electron';
import type { CompanionApi, Language, PaymentView } from '../../preload/contract.js';

/**
 * The cashier's Quit (tray) asks first while guests are paying or bills are open: with Tableside
 * off the service cannot reach the till, so a guest's payment stalls. Only that Quit asks: the OS
 * session end and an update's restart quit without waiting for anyone (main.ts calls app.quit()).
 */

export interface OpenWork {
  /** Guest payments STARTED or PROCESSED (the same states the update policy waits for). */
  paying: number;
  /** Tables with an open bill: the day is still running. */
  openTables: number;
}

const IN_PROGRESS: ReadonlySet<PaymentView['state']> = new Set(['STARTED', 'PROCESSED']);

export async function openWork(api: Pick<CompanionApi, 'getSnapshot'>): Promise<OpenWork> {
  const snapshot = await api.getSnapshot();
  return {
    paying: snapshot.payments.filter((p) => IN_PROGRESS.has(p.state)).length,
    openTables: snapshot.tables.filter((t) => t.openBillIds.length > 0).length,
  };
}

const WORDS = {
  en: {
    paying: (n: number) => (n === 1 ? '1 guest is paying.' : `${n} guests are paying.`),
    open: (n: number) => (n === 1 ? '1 table has an open bill.' : `${n} tables have open bills.`),
    question: 'Quit anyway?',
    detail: 'While Tableside is closed, guests cannot pay at the table.',
    buttons: ['Quit', 'Keep running'] as const,
  },
  cs: {
    paying: (n: number) => (n === 1 ? 'Platí 1 host.' : n < 5 ? `Platí ${n} hosté.` : `Platí ${n} hostů.`),
    open: (n: number) => (n === 1 ? '1 stůl má otevřený účet.' : n < 5 ? `${n} stoly mají otevřené účty.` : `${n} stolů má otevřené účty.`),
    question: 'Přesto ukončit?',
    detail: 'Dokud je Tableside zavřený, hosté u stolu nezaplatí.',
    buttons: ['Ukončit', 'Nechat běžet'] as const,
  },
} as const;

/** The question, naming what is open, or null when nothing is (Quit then quits at once). */
export function quitQuestion(work: OpenWork, language: Language): MessageBoxOptions | null {
  const words = WORDS[language];
  const open: string[] = [];
  if (work.paying > 0) open.push(words.paying(work.paying));
  if (work.openTables > 0) open.push(words.open(work.openTables));
  if (open.length === 0) return null;
  return {
    type: 'question',
    message: `${open.join(' ')} ${words.question}`,
    detail: words.detail,
    buttons: [...words.buttons],
    // Enter and Esc keep it running: quitting is the choice that needs a click.
    defaultId: 1,
    cancelId: 1,
    noLink: true,
  };
}

export interface QuitGuardOptions {
  dialog: Pick<Dialog, 'showMessageBox'>;
  work(): Promise<OpenWork>;
  language(): Language;
  window(): BrowserWindow | null;
}

/** True when the app may quit: nothing open, or the cashier said Quit. A failed read of the work asks nothing. */
export async function confirmQuit(options: QuitGuardOptions): Promise<boolean> {
  const work = await options.work().catch(() => null);
  const question = work === null ? null : quitQuestion(work, options.language());
  if (question === null) return true;
  const win = options.window();
  const answer =
    win && !win.isDestroyed() && win.isVisible() ? await options.dialog.showMessageBox(win, question) : await options.dialog.showMessageBox(question);
  return answer.response === 0;
}
