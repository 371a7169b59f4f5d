// Čeština: the words of the addItem screen.
import type { Translations } from './en';
export const addItemCs: Translations['addItem'] = {
  title: 'Přidat položku',
  fromMenu: 'Menu',
  freeText: 'Vlastní text…',
  name: 'Název',
  price: 'Cena',
  quantity: 'Množství',
  add: 'Přidat',
};
