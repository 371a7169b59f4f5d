// Čeština: the words of the diagnostics screen.
import type { Translations } from './en';
export const diagnosticsCs: Translations['diagnostics'] = {
  title: 'Protokoly a diagnostika',
  hint: 'Pro podporu: jeden zip s protokoly, nastavením (bez tajných údajů), verzemi a kontrolou databáze.',
  logsFolder: 'Složka protokolů',
  openLogs: 'Otevřít složku protokolů',
  downloadLog: 'Stáhnout poslední protokol',
  export: 'Exportovat diagnostiku',
  saved: 'Diagnostika uložena do {{file}}.',
  DIAGNOSTICS_NOT_WRITTEN: 'Soubor s diagnostikou se tam nepodařilo zapsat. Vyberte jinou složku, například Dokumenty.',
  LOGS_NOT_OPENED: 'Složka protokolů se neotevřela. Najdete ji na cestě uvedené výše.',
};
