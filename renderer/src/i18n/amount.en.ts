// English: the words of the amount input, wherever money is typed.
export const amountEn = {
  reads: 'Reads as {{amount}}',
  ask: 'Did you mean {{grouped}} or {{decimal}}?',
  invalid: 'Not an amount: type it as 1,250.50',
  tooPrecise: 'Too many decimal places (at most {{count}}): nothing is rounded',
  choose: 'choose which amount you meant',
};
