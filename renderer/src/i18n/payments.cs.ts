// Čeština: the words of the payments screen.
import type { Translations } from './en';
export const paymentsCs: Translations['payments'] = {
  title: 'Dnešní platby',
  none: 'Dnes zatím žádné platby.',
  time: 'Čas',
  table: 'Stůl',
  bill: 'Účet',
  amount: 'Částka',
  tip: 'Spropitné',
  tipShort: 'spropitné {{tip}}',
  provider: 'Poskytovatel',
  stateColumn: 'Stav',
  actions: 'Akce',
  state: {
    STARTED: 'Zahájena',
    PROCESSED: 'Zpracovává se',
    PAID: 'Zaplacena',
    CANCELLED: 'Zrušena',
  },
  closedState: {
    DECLINED: 'Zamítnuta',
    other: 'Nedokončena',
  },
  cancel: 'Zrušit platbu',
  cancelTitle: 'Zrušit tuto platbu?',
  cancelConfirm: 'Host dostane zpět {{amount}} a položky se vrátí na účet: {{table}}.',
  timeLeft: 'Zbývá času na zrušení: {{time}}',
  cancelYes: 'Zrušit platbu',
  windowOver: 'Tříhodinová lhůta na zrušení uplynula; vraťte platbu v platebním portálu.',
  notCancellable: 'Tuto platbu zde nelze zrušit.',
  capture: 'Strhnout',
  awaitingCapture: {
    state: 'Čeká na stržení',
    action: 'Strhnout',
    actionFor: 'Strhnout {{amount}} ({{table}})',
  },
};
