import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { writePrivateFile } from '../../base/private-files.js';

/** The local POS API's bearer token: 32 random bytes as hex, in <dataDir>/pos-api-token, readable by the user only. */
export const TOKEN_FILE = 'pos-api-token';
const TOKEN = /^[0-9a-f]{64}$/;

function write(dataDir: string): string {
  mkdirSync(dataDir, { recursive: true });
  const token = randomBytes(32).toString('hex');
  // Never in place: a power cut mid-write would leave the POS with a token that matches nothing.
  writePrivateFile(join(dataDir, TOKEN_FILE), `${token}\n`);
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
