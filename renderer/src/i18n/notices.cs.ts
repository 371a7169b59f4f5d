// Čeština: the words of the notices screen.
import type { Translations } from './en';
export const noticesCs: Translations['notices'] = {
  title: 'Oznámení',
  paid: '{{table}} zaplatil {{amount}}',
  paidWithTip: '{{table}} zaplatil {{amount}} + {{tip}} spropitné',
  cancelled: 'Platba {{amount}} u stolu {{table}} byla zrušena: položky jsou zpět na účtu.',
  declined: 'Platba u stolu {{table}} byla zamítnuta: host může zkusit znovu nebo zaplatit u pokladny.',
  serviceError: 'Platební služba hlásí chybu: {{message}}',
  acknowledge: 'OK',
  more: '+{{n}} dalších',
  showFewer: 'Zobrazit jen nejnovější',
  acknowledgeAll: 'Potvrdit vše ({{n}})',
  showEach: 'Zobrazit jednotlivě',
  paidGroup: {
    one: '{{n}} stůl zaplacen · {{amount}}',
    few: '{{n}} stoly zaplaceny · {{amount}}',
    many: '{{n}} stolu zaplaceno · {{amount}}',
    other: '{{n}} stolů zaplaceno · {{amount}}',
  },
  problems: {
    one: '{{n}} problém',
    few: '{{n}} problémy',
    many: '{{n}} problému',
    other: '{{n}} problémů',
  },
  orderOverdue: '{{order}}: objednávka čeká příliš dlouho, odpovězte v Objednávkách',
  action: {
    open: 'Otevřít {{table}}',
    paidPart: '{{table}} zaplatil {{amount}} z {{total}}, zbývá {{due}}',
    paidPartWithTip: '{{table}} zaplatil {{amount}} z {{total}}, zbývá {{due}} (+ {{tip}} spropitné)',
    refundedMark: 'vráceno',
    refunded: '{{table}}: platba {{amount}} byla vrácena, položky jsou zpět na účtu.',
    failed: '{{table}}: platba {{amount}} {{reason}}, položky jsou zpět na účtu.',
    reason: {
      ABANDONED: 'byla opuštěna (služba ji ukončila, aniž by pokladně dala vědět)',
      CANCELLED: 'byla zrušena před zaplacením',
      LOCK_EXPIRED: 'vypršela',
      NOT_FOUND: 'se ztratila (spojení se přerušilo; služba o ní nemá záznam)',
      other: 'nebyla dokončena ({{state}})',
    },
    capture: '{{table}}: strhnout {{amount}}',
  },
};
