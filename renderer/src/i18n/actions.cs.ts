// Oznámení vedoucí ke stolu, platby čekající na stržení, bezpečné akce.
import type { Translations } from './en';
import type { actionsEn } from './actions.en';

export const actionsCs: Translations<typeof actionsEn> = {
  notice: {
    open: 'Otevřít {{table}}',
    paidPart: '{{table}} zaplatil {{amount}} z {{total}}, zbývá {{due}}',
    paidPartWithTip: '{{table}} zaplatil {{amount}} z {{total}}, zbývá {{due}} (+ {{tip}} spropitné)',
    refundedMark: 'vráceno',
    refunded: '{{table}}: platba {{amount}} byla vrácena, položky jsou zpět na účtu.',
    failed: '{{table}}: platba {{amount}} {{reason}}, položky jsou zpět na účtu.',
    reason: {
      LOCK_EXPIRED: 'vypršela',
      NOT_FOUND: 'se ztratila (spojení se přerušilo; služba o ní nemá záznam)',
      other: 'nebyla dokončena ({{state}})',
    },
    capture: '{{table}}: strhnout {{amount}}',
  },
  settings: {
    reminderSeconds: 'Připomínat nepotvrzené problémy každých (sekund, 0 = nikdy)',
    reminderRange: 'zadejte celé sekundy od 0 do 3600',
  },
  close: {
    whilePaying: 'Host tento účet právě platí: zavřete ho, až platba skončí.',
    stillDue: 'Na účtu zbývá zaplatit {{due}}.',
    how: 'Jak byl doplacen?',
    pickMethod: 'zvolte, jak byla zbývající částka vyrovnána',
    method: { cash: 'Hotově', 'card-at-counter': 'Kartou na pokladně', 'written-off': 'Odepsáno' },
    note: 'Poznámka (nepovinná)',
  },
  unsaved: {
    title: 'Uložit změněná nastavení?',
    text: 'Některá nastavení jsou změněná, ale neuložená.',
    stay: 'Zůstat',
    save: 'Uložit a odejít',
    discard: 'Zahodit změny',
  },
  capture: {
    state: 'Čeká na stržení',
    action: 'Strhnout',
    actionFor: 'Strhnout {{amount}} ({{table}})',
  },
};
