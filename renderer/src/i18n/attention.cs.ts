// Čeština: the words of the attention screen.
import type { Translations } from './en';
export const attentionCs: Translations['attention'] = {
  title: 'K vyřešení',
  count: 'Čeká: {{count}}',
  none: 'Nic není k vyřešení. Platby, zámky i vrácení peněz jsou vyřízené.',
  listLabel: 'Co je k vyřešení, od nejstaršího',
  since: 'Od {{time}}',
  noTable: 'Bez stolu',
  tip: 'spropitné {{money}}',
  kind: {
    capture: 'Čeká na stržení',
    'unsettled-payment': 'Nevyřízená platba',
    'lock-held': 'Účet je zamčený příliš dlouho',
    'settled-bill': 'Uzavřeno s nedoplatkem',
    'refund-refused': 'Vrácení peněz odmítnuto',
    'service-error': 'Chyba platební služby',
    'receipt-pending': 'Účtenka zatím není u platební služby',
    'receipt-awaited': 'Čeká se na účtenku hlavní pokladny',
    'pos-unsynced': 'Zatím není v hlavní pokladně',
  },
  explain: {
    capture: 'Host zaplatil {{money}}; peníze jsou jen blokované, dokud je nestrhnete.',
    'unsettled-payment': 'Platební služba o této platbě {{money}} přestala dávat zprávy. Zeptejte se jí znovu.',
    'lock-held': 'Platba {{money}} zahájená před dlouhou dobou stále zamyká tento účet: hosté u stolu nemohou platit. Pokud nikdo neplatí, odemkněte ho.',
    'settled-bill': 'Při uzavření účtu zbývalo zaplatit {{money}}: {{method}}.',
    'refund-refused': 'Platební služba odmítla vrátit {{money}} ({{code}}). Vraťte peníze jinak a pak potvrďte.',
    'service-error': 'Platební služba hlásí: {{message}}',
    serviceErrorWithCode: 'Platební služba hlásí {{code}}: {{message}}',
    'receipt-pending':
      'Platební služba zatím nepřijala účtenku hlavní pokladny na {{money}}; Tableside ji posílá dál ({{attempts}} pokusů, naposledy: {{code}}).',
    receiptRefused:
      'Platební služba odmítla účtenku hlavní pokladny na {{money}} ({{code}}). Hlavní pokladna musí poslat opravenou; po jejím odeslání potvrďte.',
    'receipt-awaited':
      'Host zaplatil {{money}}, ale hlavní pokladna k platbě zatím neposlala účtenku. Zkontrolujte hlavní pokladnu a její tiskárnu; hlášení zmizí samo, jakmile účtenka dorazí, nebo potvrďte, pokud se to vyřešilo jinak.',
    'pos-unsynced':
      'Host zaplatil {{money}}, ale hlavní pokladna platbu zatím nepřevzala. Zkontrolujte, že hlavní pokladna běží a je připojená k Tableside. Platba je zde v bezpečí; hlášení zmizí samo, jakmile ji pokladna převezme.',
  },
  refusal: {
    GONE: 'uplynula 3hodinová lhůta pro vrácení',
    CONFLICT: 'platbu v tomto stavu nelze vrátit',
    NOT_FOUND: 'služba platbu nezná',
    FORBIDDEN: 'platba patří jiné restauraci',
  },
  method: {
    cash: 'doplaceno hotově',
    'card-at-counter': 'zaplaceno kartou na pokladně',
    'written-off': 'odepsáno',
    walkout: 'odchod bez placení',
  },
  note: 'Poznámka: {{note}}',
  action: {
    capture: 'Strhnout {{money}}',
    'retry-recovery': 'Zeptat se služby znovu',
    'release-lock': 'Odemknout účet',
    acknowledge: 'Potvrdit',
  },
  actionOf: 'pro {{table}}',
  noteLabel: 'Poznámka (nepovinná)',
  notePlaceholder: 'Co se s tím udělalo',
  confirmAcknowledge: 'Potvrdit',
  cancel: 'Zrušit',
  outcome: {
    paid: 'Služba hlásí, že je zaplaceno: účet je aktualizovaný.',
    unlocked: 'Služba hlásí, že platba skončila nezaplacená: položky jsou odemčené.',
    expired: 'Zámek byl příliš starý: položky jsou odemčené.',
    open: 'Služba hlásí, že host stále platí. Zeptejte se znovu za minutu.',
  },
  error: {
    LOCK_NOT_STALE: 'Host možná ještě platí: účet lze odemknout, až bude zámek starý {{minutes}} minut.',
    NOT_PENDING: 'Tato platba už skončila: seznam se aktualizuje sám.',
    AWAITING_CAPTURE: 'Tato platba čeká na stržení: strhněte ji.',
    ACTION_REQUIRED: 'Tady je potřeba provést akci, ne jen potvrdit.',
    NOT_FOUND: 'Tohle už je vyřízené: seznam se aktualizuje sám.',
  },
};
