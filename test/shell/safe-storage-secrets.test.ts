import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { silentLogger } from '../../main/base/log.js';
import { API_KEY_FILE, createSafeStorageSecrets, type SafeStorageLike } from '../../main/shell/safe-storage-secrets.js';

/** Stands in for Electron's safeStorage (the one allowed fake): real AES-GCM with a per-"user" key. */
function standInSafeStorage(available = true): SafeStorageLike & { available: boolean } {
  const key = randomBytes(32);
  return {
    available,
    isEncryptionAvailable() {
      return this.available;
    },
    encryptString(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return Buffer.concat([iv, cipher.getAuthTag(), body]);
    },
    decryptString(data) {
      const decipher = createDecipheriv('aes-256-gcm', key, data.subarray(0, 12));
      decipher.setAuthTag(data.subarray(12, 28));
      return Buffer.concat([decipher.update(data.subarray(28)), decipher.final()]).toString('utf8');
    },
  };
}

const KEY = 'ab12-cd34-ef56-gh78-ij90';
let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'tableside-secrets-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('safeStorage secret store', () => {
  it('keeps the key encrypted in api-key.bin and reads it back', () => {
    const store = createSafeStorageSecrets(dir, standInSafeStorage(), silentLogger());
    expect(store.encrypted).toBe(true);
    expect(store.load()).toBeNull();
    store.save(KEY);
    const file = path.join(dir, API_KEY_FILE);
    expect(readFileSync(file).includes(Buffer.from(KEY))).toBe(false);
    if (process.platform !== 'win32') expect(statSync(file).mode & 0o077).toBe(0);
    expect(store.load()).toBe(KEY);
    expect(existsSync(`${file}.tmp`)).toBe(false);
  });

  it('forgets the key when saved as null', () => {
    const store = createSafeStorageSecrets(dir, standInSafeStorage(), silentLogger());
    store.save(KEY);
    store.save(null);
    expect(existsSync(path.join(dir, API_KEY_FILE))).toBe(false);
    expect(store.load()).toBeNull();
  });

  it('refuses to store the key in plain text when encryption is unavailable', () => {
    const safe = standInSafeStorage(false);
    const store = createSafeStorageSecrets(dir, safe, silentLogger());
    expect(() => store.save(KEY)).toThrow(/no secure storage.*try again/);
    expect(existsSync(path.join(dir, API_KEY_FILE))).toBe(false);
  });

  it('answers null (ask again) for a key encrypted by another user, never throwing', () => {
    createSafeStorageSecrets(dir, standInSafeStorage(), silentLogger()).save(KEY);
    const otherUser = createSafeStorageSecrets(dir, standInSafeStorage(), silentLogger());
    expect(otherUser.load()).toBeNull();
  });
});
