import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { apiKeyFor } from '../../main/headless/api-key-source.js';
import { parseHeadlessArgs, type HeadlessArgs } from '../../main/headless/args.js';
import { settingsOverrides } from '../../main/headless/run-options.js';

const parse = (argv: string[]): HeadlessArgs => {
  const parsed = parseHeadlessArgs(argv);
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.args;
};

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

describe('headless flags', () => {
  it('no flags: no overrides at all, so the data dir decides', () => {
    expect(settingsOverrides(parse(['--data-dir', 'D']))).toEqual({});
  });

  it('only what a flag names overrides the file', () => {
    expect(settingsOverrides(parse(['--service-url', 'https://s.example.com', '--transport', 'longpoll', '--pos-api-port', '0']))).toEqual({
      environment: 'sandbox',
      serviceUrl: 'https://s.example.com',
      transport: 'longpoll',
      posApiPort: 0,
    });
  });

  it('the key: --api-key, else the first line of --api-key-file, else TABLESIDE_API_KEY, else none', () => {
    const dir = mkdtempSync(join(tmpdir(), 'tableside-args-'));
    dirs.push(dir);
    const file = join(dir, 'key');
    writeFileSync(file, 'file-file-file-file-file\r\nsecond line\n');
    const env = { TABLESIDE_API_KEY: ' envk-envk-envk-envk-envk ' };
    expect(apiKeyFor(parse(['--api-key', 'flag-flag-flag-flag-flag']), env)).toBe('flag-flag-flag-flag-flag');
    expect(apiKeyFor(parse(['--api-key-file', file]), env)).toBe('file-file-file-file-file');
    expect(apiKeyFor(parse([]), env)).toBe('envk-envk-envk-envk-envk');
    expect(apiKeyFor(parse([]), { TABLESIDE_API_KEY: '' })).toBeUndefined();
    writeFileSync(file, '\n');
    expect(() => apiKeyFor(parse(['--api-key-file', file]), {})).toThrow(`--api-key-file ${file} is empty`);
  });

  it('refuses the key given twice', () => {
    expect(parseHeadlessArgs(['--api-key', 'a', '--api-key-file', 'f'])).toMatchObject({ ok: false, error: expect.stringContaining('give the API key once') as unknown });
  });
});
