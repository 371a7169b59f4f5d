// English: the words of the banner shown while another program holds the bill database.
export const databaseEn = {
  locked: 'Another program is holding the bill database: Tableside cannot save payments.',
  what: 'Guests’ payments are refused and the payment service tries them again. Close the program that holds the database (a backup, an antivirus scan, a second Tableside); this message goes away by itself.',
};
