import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadOrCreateToken, regenerateToken, TOKEN_FILE } from '../../main/adapters/pos-api/index.js';
import { tempDir } from '../store/helpers.js';

describe('the POS API token file', () => {
  let cleanup = () => {};
  afterEach(() => cleanup());

  it('creates a 32-byte hex token readable by the user only, keeps it, and regenerates it', () => {
    const tmp = tempDir();
    cleanup = tmp.cleanup;
    const dir = join(tmp.dir, 'data');
    const token = loadOrCreateToken(dir);
    expect(token).toMatch(/^[0-9a-f]{64}$/);
    const file = join(dir, TOKEN_FILE);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(loadOrCreateToken(dir)).toBe(token);
    const next = regenerateToken(dir);
    expect(next).not.toBe(token);
    expect(readFileSync(file, 'utf8').trim()).toBe(next);
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it('replaces a damaged token file', () => {
    const tmp = tempDir();
    cleanup = tmp.cleanup;
    writeFileSync(join(tmp.dir, TOKEN_FILE), 'short', { mode: 0o644 });
    const token = loadOrCreateToken(tmp.dir);
    expect(token).toMatch(/^[0-9a-f]{64}$/);
    expect(statSync(join(tmp.dir, TOKEN_FILE)).mode & 0o777).toBe(0o600);
  });
});
