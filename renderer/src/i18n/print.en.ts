// English: the words of the print screen.
export const printEn = {
  scanToPay: 'Scan to pay',
  cardCode: 'Code {{code}}',
  failed: 'The sheet could not be made: {{message}}. Close this window and try again.',
  missing: '{{n}} selected table(s) have no QR code: create them in QR codes first.',
  nothing: 'None of the selected tables has a QR code. Create codes in QR codes, then print again.',
  sheet: {
    print: 'Print',
    back: 'Back',
    failed: 'The sheet could not be made: {{reason}} Close this tab and try again.',
  },
};
