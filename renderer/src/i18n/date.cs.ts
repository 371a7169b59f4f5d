// Čeština: the words of the date field, wherever a day is picked.
import type { Translations } from './en';
export const dateCs: Translations['date'] = {
  previousDay: 'Předchozí den',
  nextDay: 'Následující den',
  invalid: 'Toto není datum: zadejte ho jako 29. 11. 2026',
  impossible: 'Takový den neexistuje: zkontrolujte den a měsíc',
  afterMax: 'Vyberte {{max}} nebo dřívější den',
};
