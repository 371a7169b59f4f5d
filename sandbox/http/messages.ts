/** Human messages of the sandbox's Error bodies, English by default, Czech for Accept-Language: cs. */
const MESSAGES = {
  unauthorized: {
    en: 'Invalid API key or Pos-Id: send "Authorization: Bearer <API key>" and a UUID in "Pos-Id".',
    cs: 'Neplatný API klíč nebo Pos-Id: pošlete "Authorization: Bearer <API klíč>" a UUID v "Pos-Id".',
  },
  badRequest: { en: 'Invalid request', cs: 'Neplatný požadavek' },
  tooLarge: { en: 'The request body is larger than 1 MiB.', cs: 'Tělo požadavku je větší než 1 MiB.' },
  notFound: { en: 'No such endpoint.', cs: 'Takový endpoint neexistuje.' },
  methodNotAllowed: { en: 'This method is not allowed on this path.', cs: 'Tato metoda není na této cestě povolena.' },
  localOnly: {
    en: "The sandbox's control routes answer only this computer.",
    cs: 'Ovládací cesty sandboxu odpovídají jen tomuto počítači.',
  },
  controlToken: {
    en: 'This sandbox listens on the network: its control routes need its token in "x-sandbox-token".',
    cs: 'Tento sandbox naslouchá v síti: jeho ovládací cesty vyžadují jeho token v "x-sandbox-token".',
  },
  noConnection: {
    en: 'No POS connection is open for this restaurant: start the companion, then try again.',
    cs: 'Pro tuto restauraci není otevřeno žádné spojení s pokladnou: spusťte aplikaci a zkuste to znovu.',
  },
} as const;

export type MessageKey = keyof typeof MESSAGES;
export type Lang = 'en' | 'cs';

export function langOf(acceptLanguage: string | undefined): Lang {
  return /^\s*cs\b/i.test(acceptLanguage ?? '') ? 'cs' : 'en';
}

export function message(key: MessageKey, lang: Lang): string {
  return MESSAGES[key][lang];
}
