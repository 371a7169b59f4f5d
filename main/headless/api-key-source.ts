import { readFileSync } from 'node:fs';
import type { HeadlessArgs } from './args.js';

/** The environment variable that carries the API key when neither flag does. */
export const API_KEY_ENV = 'TABLESIDE_API_KEY';

/** This run's key: --api-key, else the first line of --api-key-file, else TABLESIDE_API_KEY; undefined = the stored one. */
export function apiKeyFor(args: HeadlessArgs, env: Record<string, string | undefined>): string | undefined {
  if (args.apiKey) return args.apiKey;
  if (args.apiKeyFile) {
    const key = readFileSync(args.apiKeyFile, 'utf8').split(/\r?\n/)[0]?.trim();
    if (!key) throw new Error(`--api-key-file ${args.apiKeyFile} is empty: put the API key on its first line`);
    return key;
  }
  const fromEnv = env[API_KEY_ENV]?.trim();
  return fromEnv || undefined;
}
