// Adresa pro telefony v ukázkovém režimu na stránce QR kódů.
import type { Translations } from './en';
import type { a11yEn } from './a11y.en';

export const a11yCs: Translations<typeof a11yEn> = {
  demoPhones: 'Ukázka: telefony ve stejné síti otevřou tyto kódy na adrese {{address}}.',
  demoThisComputer: 'Ukázka: tyto kódy se otevřou jen na tomto počítači ({{address}}): nemá síťovou adresu, na kterou by telefon dosáhl.',
};
