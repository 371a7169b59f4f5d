// Čeština: the words of the banner shown while another program holds the bill database.
import type { Translations } from './en';

export const databaseCs: Translations['database'] = {
  locked: 'Databázi účtů drží jiný program: Tableside nemůže ukládat platby.',
  what: 'Platby hostů se odmítají a platební služba je zkusí znovu. Zavřete program, který databázi drží (zálohování, antivirovou kontrolu, druhý Tableside); tato zpráva zmizí sama.',
};
