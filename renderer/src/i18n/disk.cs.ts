// Čeština: the words of the low disk space banner.
import type { Translations } from './en';

export const diskCs: Translations['disk'] = {
  low: 'Disk je téměř plný: pro Tableside zbývá {{megabytes}} MB.',
  what: 'Platby, které nelze uložit, se odmítají a hosté to musí zkusit znovu. Uvolněte místo na tomto počítači (vysypte koš, smažte staré soubory); tato zpráva zmizí sama.',
};
