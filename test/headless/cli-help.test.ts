import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { HEADLESS_FLAGS } from '../../main/headless/args.js';

/**
 * `--help` on the command-line entries a newcomer runs: usage with every flag and exit 0; an
 * unknown flag is one line saying so, one line pointing at --help, and exit 2.
 */
const run = promisify(execFile);
const SLOW = 60_000;

async function cli(file: string, args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', file, ...args], { timeout: SLOW });
    return { code: 0, stdout, stderr };
  } catch (e) {
    const failed = e as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

/** The flags the sandbox's parseArgs knows, read from its source. */
function sandboxFlags(): string[] {
  const source = readFileSync('sandbox/cli.ts', 'utf8');
  const options = source.slice(source.indexOf('options: {'), source.indexOf('strict: true'));
  return [...options.matchAll(/^\s+'?([a-z-]+)'?: \{ type:/gm)].map((m) => m[1]!);
}

describe('--help and unknown flags', () => {
  for (const [name, file, flags] of [
    ['headless', 'main/headless/cli.ts', Object.keys(HEADLESS_FLAGS)],
    ['sandbox', 'sandbox/cli.ts', sandboxFlags()],
  ] as const) {
    it(
      `npm run ${name} -- --help lists every flag and exits 0`,
      async () => {
        const { code, stdout } = await cli(file, ['--help']);
        expect(code).toBe(0);
        expect(stdout).toMatch(new RegExp(`^Usage: npm run ${name} -- \\[flags\\]`));
        expect(flags.length).toBeGreaterThan(5);
        for (const flag of [...flags, 'help']) expect(stdout).toMatch(new RegExp(`^  --${flag}\\b`, 'm'));
      },
      SLOW,
    );

    it(
      `npm run ${name} refuses an unknown flag in one line, points at --help and exits 2`,
      async () => {
        const { code, stdout, stderr } = await cli(file, ['--no-such-flag']);
        expect(code).toBe(2);
        expect(stdout).toBe('');
        const lines = stderr.trim().split('\n');
        expect(lines).toHaveLength(2);
        expect(lines[0]).toMatch(new RegExp(`^${name}: Unknown option '--no-such-flag'`));
        expect(lines[1]).toBe(`Run \`npm run ${name} -- --help\` for the flags.`);
      },
      SLOW,
    );
  }
});
