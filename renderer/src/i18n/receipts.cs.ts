// Účtenky: okno s účtenkou a tištěná účtenka, její předání platební službě, režim
// účtenek v Nastavení.
import type { Translations } from './en';
import type { receiptsEn } from './receipts.en';

export const receiptsCs: Translations<typeof receiptsEn> = {
  open: 'Účtenka',
  openFor: 'Účtenka platby u {{table}}',
  title: 'Účtenka {{serial}}',
  loading: 'Načítám účtenku…',
  close: 'Zavřít',
  print: 'Vytisknout účtenku',
  printMode: 'Tisknout na',
  printSent: 'Účtenka byla odeslána na tiskárnu.',
  printOpened: 'Účtenka se otevřela na nové kartě: vytiskněte ji odtud.',
  pdfSaved: 'Uloženo jako PDF: {{path}}',
  table: 'Stůl',
  bill: 'Účet',
  time: 'Vystaveno',
  serial: 'Číslo účtenky',
  item: 'Položka',
  quantity: 'Množství',
  unitPrice: 'Cena za kus',
  lineTotal: 'Celkem',
  total: 'Celkem',
  tip: 'Spropitné',
  totalWithTip: 'Zaplaceno se spropitným',
  fiscal: 'Fiskální údaje',
  source: {
    companion: 'Účtenku vytvořil Tableside pro platební službu.',
    pos: 'Fiskální účtenka z hlavní pokladny.',
  },
  delivery: {
    service: 'Účtenku pro hosta vystaví platební služba.',
    'waiting-for-pos': 'Čeká se, až hlavní pokladna pošle fiskální účtenku.',
    sending: 'Platební služba ji zatím nepřijala: Tableside to zkouší dál (zatím {{attempts}} pokusů).',
    delivered: 'Platební služba účtenku má.',
    refused: 'Platební služba tuto účtenku odmítla ({{code}}). Hlavní pokladna musí poslat opravenou.',
  },
  errors: {
    RECEIPT_NOT_FOUND: 'Tato platba nemá účtenku: nedošla dál než k zahájení platby.',
    UNSUPPORTED: 'Tisk odsud vyžaduje desktopovou aplikaci. V prohlížeči použijte Tisk na stránce účtenky.',
  },
  settings: {
    label: 'Fiskální účtenku vystavuje',
    QERKO_GENERATED: 'Platební služba (výchozí)',
    POSTPONED: 'Naše hlavní pokladna (každou účtenku pošle do Tableside)',
    hint: 'Hlavní pokladnu zvolte, když zákon vyžaduje fiskální účtenku z vaší pokladny. Každou účtenku pošle do místního POS API (PUT /v1/payments/{id}/receipt) a Tableside ji předá dál.',
  },
  sheet: {
    failed: 'Účtenku se nepodařilo načíst: {{message}}',
    back: 'Zpět',
  },
};
