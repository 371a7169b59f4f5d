// Čeština: the words of the amount input, wherever money is typed.
import type { Translations } from './en';
export const amountCs: Translations['amount'] = {
  reads: 'Čte se jako {{amount}}',
  ask: 'Myslíte {{grouped}}, nebo {{decimal}}?',
  invalid: 'Toto není částka: zadejte ji jako 1 250,50',
  tooPrecise: 'Příliš mnoho desetinných míst (nejvýše {{count}}): nic se nezaokrouhluje',
  choose: 'vyberte, kterou částku jste mysleli',
};
