import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** The local POS API's bearer token: 32 random bytes as hex, in <dataDir>/pos-api-token, readable by the user only. */
export const TOKEN_FILE = 'pos-api-token';
const TOKEN = /^[0-9a-f]{64}$/;

function write(dataDir: string): string {
  mkdirSync(dataDir, { recursive: true });
  const token = randomBytes(32).toString('hex');
  const file = join(dataDir, TOKEN_FILE);
  writeFileSync(file, `${token}\n`, { mode: 0o600 });
  chmodSync(file, 0o600); // writeFileSync keeps the mode of an existing file
  return token;
}

export function loadOrCreateToken(dataDir: string): string {
  try {
    const text = readFileSync(join(dataDir, TOKEN_FILE), 'utf8').trim();
    if (TOKEN.test(text)) return text;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
  }
  return write(dataDir);
}

/** A new token replaces the old one at once; give it to the running server with setToken. */
export function regenerateToken(dataDir: string): string {
  return write(dataDir);
}
