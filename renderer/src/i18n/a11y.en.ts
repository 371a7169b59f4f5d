// The demo's phone address on the QR view.
export const a11yEn = {
  demoPhones: 'Demo: phones on the same network open these codes at {{address}}.',
  demoThisComputer: 'Demo: these codes open only on this computer ({{address}}): it has no network address a phone could reach.',
};
