import { randomBytes, randomUUID } from 'node:crypto';

const ALNUM = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** Random lowercase alphanumerics; rejection sampling keeps the distribution even. */
export function randomAlnum(length: number): string {
  let out = '';
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < 252 && out.length < length) out += ALNUM[byte % 36];
    }
  }
  return out;
}

/** API key in the format seen in the public docs: five groups of four. */
export function newApiKey(): string {
  return Array.from({ length: 5 }, () => randomAlnum(4)).join('-');
}

export const newId = (): string => randomUUID();
