import type { Language } from '../../preload/contract.js';
import type { CrashNoticeCode } from '../app/diagnostics/crash-policy.js';

/** The cashier's words for what the crash policy did (OS notification and tray line), en and cs. */
const WORDS: Record<Language, Record<CrashNoticeCode, { title: string; body: string; tray: string }>> = {
  en: {
    CORE_RESTARTED: { title: 'Tableside recovered from an error', body: 'The connection was restarted; payments continue.', tray: 'Recovered from an error' },
    CORE_FAILED: {
      title: 'Tableside stopped working',
      body: 'Payments are not being received. Quit Tableside from the tray and start it again; if it happens again, call support.',
      tray: 'Stopped: restart Tableside',
    },
    RENDERER_RELOADED: {
      title: 'The Tableside window was reloaded',
      body: 'It had stopped responding. Payments were not affected.',
      tray: 'Window reloaded after a problem',
    },
    RENDERER_FAILED: {
      title: 'The Tableside window keeps failing',
      body: 'Payments are still received. Open Tableside from the tray; if the window stays blank, restart the app.',
      tray: 'Window failed: open it from here',
    },
  },
  cs: {
    CORE_RESTARTED: { title: 'Tableside se zotavil z chyby', body: 'Spojení bylo obnoveno; platby pokračují.', tray: 'Zotaveno z chyby' },
    CORE_FAILED: {
      title: 'Tableside přestal pracovat',
      body: 'Platby se nepřijímají. Ukončete Tableside z lišty a spusťte jej znovu; pokud se to opakuje, volejte podporu.',
      tray: 'Zastaveno: spusťte Tableside znovu',
    },
    RENDERER_RELOADED: {
      title: 'Okno Tableside bylo znovu načteno',
      body: 'Přestalo odpovídat. Platby to neovlivnilo.',
      tray: 'Okno znovu načteno po problému',
    },
    RENDERER_FAILED: {
      title: 'Okno Tableside opakovaně selhává',
      body: 'Platby se dál přijímají. Otevřete Tableside z lišty; zůstane-li okno prázdné, spusťte aplikaci znovu.',
      tray: 'Okno selhalo: otevřete je odsud',
    },
  },
};

export function crashNoticeText(code: CrashNoticeCode, language: Language): { title: string; body: string; tray: string } {
  return WORDS[language][code];
}

/**
 * The tray's line for the last crash notice, with the time it happened, so a manager who opens the
 * tray the next morning still sees that the window was reloaded at 21:14. Pure: tested in Node.
 */
export function crashTrayLine(code: CrashNoticeCode, at: Date, language: Language): string {
  const time = new Intl.DateTimeFormat(language === 'cs' ? 'cs-CZ' : 'en-GB', { hour: '2-digit', minute: '2-digit' }).format(at);
  return `${WORDS[language][code].tray} (${time})`;
}
