// English: the words of the date field, wherever a day is picked.
export const dateEn = {
  previousDay: 'Previous day',
  nextDay: 'Next day',
  invalid: 'Not a date: type it as 29/11/2026',
  impossible: 'There is no such day: check the day and the month',
  afterMax: 'Pick {{max}} or an earlier day',
};
