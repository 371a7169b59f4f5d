import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { SecretStore } from '../../base/host-types.js';
import type { Logger } from '../../base/log.js';
import { writePrivateFile } from '../../base/private-files.js';

/**
 * The headless/dev fallback: the API key in a 0600 file. The Electron shell uses safeStorage
 * instead; this one warns once so nobody mistakes it for encryption.
 */
export function createPlainSecretStore(dataDir: string, log: Logger): SecretStore {
  const file = join(dataDir, 'api-key.txt');
  let warned = false;
  const warn = () => {
    if (!warned) log.warn({ mod: 'secrets', file }, 'API key kept unencrypted (headless mode); use the desktop app to encrypt it');
    warned = true;
  };
  return {
    encrypted: false,
    load() {
      if (!existsSync(file)) return null;
      warn();
      const key = readFileSync(file, 'utf8').trim();
      return key || null;
    },
    save(apiKey) {
      if (apiKey === null) return rmSync(file, { force: true });
      warn();
      writePrivateFile(file, apiKey);
    },
  };
}

/** "••••-••••-••••-••••-ab12": enough for the cashier to recognise the key, useless to anyone else. */
export function maskApiKey(apiKey: string | null): string | null {
  if (!apiKey) return null;
  const tail = apiKey.slice(-4);
  return `${apiKey.slice(0, -4).replace(/[a-z0-9]/gi, '•')}${tail}`;
}
