import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { SecretStore } from '../base/host-types.js';
import type { Logger } from '../base/log.js';
import { writePrivateFile } from '../base/private-files.js';

/**
 * The API key at rest in the app: encrypted with Electron's safeStorage (DPAPI on Windows) in
 * <userData>/api-key.bin. Written only when encryption is available: the app never falls back to
 * plain text (that fallback exists only in the headless host, with a warning).
 * Takes safeStorage as a parameter so this file imports no electron and is tested in Node.
 */

export const API_KEY_FILE = 'api-key.bin';

/** The part of Electron's safeStorage used here. */
export interface SafeStorageLike {
  isEncryptionAvailable(): boolean;
  encryptString(plainText: string): Buffer;
  decryptString(encrypted: Buffer): string;
}

export function createSafeStorageSecrets(dataDir: string, safe: SafeStorageLike, log: Logger): SecretStore {
  const file = path.join(dataDir, API_KEY_FILE);
  return {
    encrypted: true,
    load(): string | null {
      if (!existsSync(file)) return null;
      if (!safe.isEncryptionAvailable()) {
        log.warn({ mod: 'secrets' }, 'secure storage unavailable: the stored API key cannot be read');
        return null;
      }
      try {
        const key = safe.decryptString(readFileSync(file));
        return key === '' ? null : key;
      } catch (e) {
        // A key encrypted for another Windows user or machine cannot be read: ask for it again.
        log.warn({ mod: 'secrets', err: (e as Error).name }, 'stored API key could not be decrypted; enter it again in Settings');
        return null;
      }
    },
    save(apiKey: string | null): void {
      if (apiKey === null) {
        rmSync(file, { force: true });
        return;
      }
      if (!safe.isEncryptionAvailable()) {
        throw new Error('This computer offers no secure storage for the API key. Sign in to Windows with your user account and try again.');
      }
      mkdirSync(dataDir, { recursive: true });
      // Write then rename (0600), so a crash never leaves half a key behind.
      writePrivateFile(file, safe.encryptString(apiKey));
    },
  };
}
