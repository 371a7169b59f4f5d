// Lišta nad stoly, kompaktní karty, boční panel účtu a plánek.
import type { Translations } from './en';
import type { tablesUiEn } from './tables-ui.en';

export const tablesUiCs: Translations<typeof tablesUiEn> = {
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
  layout: { grid: 'Mřížka', floor: 'Plánek' },
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
