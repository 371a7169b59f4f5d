// Čeština: the words of the print screen.
import type { Translations } from './en';
export const printCs: Translations['print'] = {
  scanToPay: 'Naskenujte a zaplaťte',
  cardCode: 'Kód {{code}}',
  failed: 'Arch se nepodařilo vytvořit: {{message}}. Zavřete okno a zkuste to znovu.',
  missing: 'Vybrané stoly bez QR kódu: {{n}}. Nejprve je vytvořte v QR kódech.',
  nothing: 'Žádný z vybraných stolů nemá QR kód. Vytvořte kódy v QR kódech a tiskněte znovu.',
  sheet: {
    print: 'Tisknout',
    back: 'Zpět',
    failed: 'Arch se nepodařilo vytvořit: {{reason}} Zavřete tuto záložku a zkuste to znovu.',
  },
};
