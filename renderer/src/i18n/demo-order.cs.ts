// Demo režim: objednávka za hosta.
import type { Translations } from './en';
import type { demoOrderEn } from './demo-order.en';

export const demoOrderCs: Translations<typeof demoOrderEn> = {
  title: 'Demo: objednat za hosta',
  intro: 'Host si objedná z menu v telefonu. Objednávka zazvoní v záložce Objednávky, kde ji přijmete nebo odmítnete.',
  where: 'Kam objednávka jde',
  toTable: 'Ke stolu (na jeho účet)',
  pickup: 'S sebou (placeno předem)',
  table: 'Objednávka ke stolu',
  pickTable: 'Vyberte stůl…',
  pickupAt: 'Čas vyzvednutí',
  search: 'Najít položku',
  noMenu: 'Menu je prázdné: pokladna ho posílá přes PUT /v1/menu.',
  noMatch: 'V menu nic neodpovídá.',
  more: 'Dalších položek: {{count}}. Zužte seznam hledáním.',
  item: 'Položka',
  price: 'Cena',
  quantity: 'Množství',
  quantityOf: 'Množství položky {{name}} k objednání',
  soldOut: 'vyprodáno',
  items: 'Položky',
  note: 'Poznámka pro kuchyni',
  place: 'Objednat',
  placedTable: 'Objednávka odeslána: {{total}} je na účtu stolu {{table}}. Přijměte ji nebo odmítněte v Objednávkách.',
  placedPickup: 'Objednávka zaplacena ({{total}}) a odeslána. Přijměte ji nebo odmítněte v Objednávkách.',
  cancelled: 'Objednávku se nepodařilo založit a byla zrušena; zaplacená objednávka byla vrácena.',
  refused: {
    ITEM_UNAVAILABLE: 'Pokladna objednávku odmítla, vyprodáno: {{items}}.',
    ORDERS_PAUSED: 'Pokladna objednávku odmítla: objednávky jsou pozastavené (Objednávky → Pozastavit objednávky).',
    TABLE_NOT_FOUND: 'Pokladna objednávku odmítla: tento stůl neexistuje.',
    NOT_ON_MENU: 'Služba zatím nemá {{items}} v menu: změna menu k ní dorazí během několika sekund. Zkuste to znovu.',
    other: 'Pokladna objednávku odmítla (kód {{code}}).',
  },
};
