import type { Language } from '../../../preload/contract.js';
import type { UpdateStatus } from './update-policy.js';

/**
 * What the tray shows about updates: a status line (only when there is something to say) and the
 * "Restart now" item (only when an update is downloaded). Pure, so it is tested in Node; the shell's
 * tray.ts only applies it.
 */

export interface UpdateTrayLook {
  /** A disabled line in the tray menu, or null when updates have nothing to say. */
  statusLine: string | null;
  /** The label of the "Restart now" item, or null when there is nothing to install. */
  restartLabel: string | null;
}

const WORDS = {
  en: {
    downloading: (v: string) => `Downloading update ${v}…`,
    ready: (v: string) => `Update ${v} ready: installs in the quiet hours or on quit`,
    waiting: (v: string) => `Update ${v} waits for the payment in progress`,
    installing: (v: string) => `Installing update ${v}…`,
    failed: (running: string) => `Update failed: still running ${running}`,
    restart: (v: string) => `Restart now to update to ${v}`,
  },
  cs: {
    downloading: (v: string) => `Stahuje se aktualizace ${v}…`,
    ready: (v: string) => `Aktualizace ${v} připravena: nainstaluje se v klidové době nebo při ukončení`,
    waiting: (v: string) => `Aktualizace ${v} čeká na dokončení platby`,
    installing: (v: string) => `Instaluje se aktualizace ${v}…`,
    failed: (running: string) => `Aktualizace selhala: běží dál verze ${running}`,
    restart: (v: string) => `Restartovat a aktualizovat na ${v}`,
  },
} satisfies Record<Language, Record<string, (v: string) => string>>;

export function updateTrayLook(status: UpdateStatus, language: Language = 'en'): UpdateTrayLook {
  const words = WORDS[language];
  switch (status.kind) {
    case 'downloading':
      return { statusLine: words.downloading(status.version), restartLabel: null };
    case 'ready': {
      const waiting = status.restartRequested && status.waitingFor.length > 0;
      return { statusLine: waiting ? words.waiting(status.version) : words.ready(status.version), restartLabel: words.restart(status.version) };
    }
    case 'installing':
      return { statusLine: words.installing(status.version), restartLabel: null };
    case 'failed':
      return { statusLine: words.failed(status.runningVersion), restartLabel: null };
    default:
      return { statusLine: null, restartLabel: null };
  }
}
