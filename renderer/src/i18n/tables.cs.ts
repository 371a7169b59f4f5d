// Čeština: the words of the tables screen.
import type { Translations } from './en';
export const tablesCs: Translations['tables'] = {
  none: 'Zatím žádné stoly. Pokladna je vytvoří s prvním účtem.',
  noArea: 'Ostatní stoly',
  numbered: 'Stůl {{name}}',
  unknown: 'Neznámý stůl',
  state: {
    free: 'Volný',
    open: 'Otevřený',
    'in-payment': 'Probíhá platba',
    'partly-paid': 'Částečně zaplaceno',
    paid: 'Zaplaceno',
  },
  filterLabel: 'Zobrazit stoly',
  filter: {
    all: 'Vše',
    open: 'Otevřené',
    'in-payment': 'Probíhá platba',
    'partly-paid': 'Částečně zaplacené',
    paid: 'Zaplacené',
    attention: 'Vyžaduje pozornost',
  },
  noneInFilter: 'Ve výběru „{{filter}}“ teď není žádný stůl.',
  layoutLabel: 'Zobrazení',
  layout: {
    grid: 'Mřížka',
    floor: 'Plánek',
  },
  jumpHint: 'Napište číslo stolu a přejdete na něj, Enter ho otevře',
  jumping: 'Stůl {{text}}…',
  noMatch: 'Stůl „{{text}}“ neexistuje',
  attention: 'Vyžaduje pozornost',
  paidAt: 'Zaplaceno {{amount}} v {{time}}',
  paidTime: 'placeno {{time}}',
  autoCloseBills: 'Zavřít účet sám, jakmile je na něm vše zaplaceno',
  hideBill: 'Skrýt účet',
  floor: {
    hint: 'Přetáhněte stůl na jeho místo, nebo na něm stiskněte Shift+šipky.',
    planLabel: 'Plánek podniku',
    unplaced: 'Zatím mimo plánek',
  },
};
