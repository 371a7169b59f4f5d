import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { apiKeyFor } from '../../main/headless/api-key-source.js';
import { parseHeadlessArgs, settingsOverrides, type HeadlessArgs } from '../../main/headless/args.js';

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

  it("flags pass the Settings screen's rules: no key in clear off this machine, no bad Pos-Id or port", () => {
    const refused = (argv: string[]) => {
      const parsed = parseHeadlessArgs(argv);
      return parsed.ok ? null : parsed.error;
    };
    expect(refused(['--service-url', 'http://sandbox.example.com'])).toMatch(/^--service-url: must be an https URL/);
    expect(refused(['--service-url', 'http://192.168.1.20:8080'])).toMatch(/^--service-url: must be an https URL/);
    expect(refused(['--service-name', 'Qerko Prod'])).toMatch(/^--service-name: must be lower-case/);
    // What the screen accepts, the flags accept: https anywhere, http on this machine only.
    expect(refused(['--service-url', 'https://sandbox.example.com'])).toBeNull();
    expect(refused(['--service-url', 'http://127.0.0.1:8080'])).toBeNull();
    expect(refused(['--service-url', 'http://localhost:8080'])).toBeNull();
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
    expect(parseHeadlessArgs(['--api-key', 'a', '--api-key-file', 'f'])).toMatchObject({
      ok: false,
      error: expect.stringContaining('give the API key once') as unknown,
    });
  });
});
