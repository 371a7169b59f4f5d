import { mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildIfChanged, buildInputs, stampPath } from '../../scripts/build-stamp.mjs';

/**
 * `npm start` builds only what changed (scripts/build-stamp.mjs): on a checkout-shaped tree in a
 * temp folder, with a build that writes dist/ and counts its runs.
 */
let root: string;
let builds: number;
const build = () => {
  builds++;
  mkdirSync(path.join(root, 'dist'), { recursive: true });
  writeFileSync(path.join(root, 'dist', 'out.js'), `build ${builds}`);
};
const write = (file: string, text: string) => {
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  writeFileSync(path.join(root, file), text);
};

beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'tableside-stamp-'));
  builds = 0;
  write('main/app/companion.ts', 'export const a = 1;');
  write('renderer/src/App.tsx', 'export default 1;');
  write('renderer/vite.config.mjs', 'export default {};');
  write('preload/contract.ts', 'export {};');
  write('sandbox/cli.ts', '');
  write('scripts/build.mjs', '');
  write('scripts/make-icons.mjs', '');
  write('tsconfig.build.json', '{}');
  write('package-lock.json', '{}');
  write('README.md', '# readme');
  write('node_modules/x/index.js', '');
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('the build stamp', () => {
  it('builds on the first start, not on the second, and again once a source changed', async () => {
    expect(await buildIfChanged(root, build)).toBe(true);
    expect(await buildIfChanged(root, build)).toBe(false);
    expect(builds).toBe(1);
    expect(readFileSync(path.join(root, 'dist', 'out.js'), 'utf8')).toBe('build 1');

    write('main/app/companion.ts', 'export const a = 2;');
    expect(await buildIfChanged(root, build)).toBe(true);
    expect(builds).toBe(2);
    // A new file counts too, and so does a build script or the lock file.
    write('renderer/src/New.tsx', '');
    expect(await buildIfChanged(root, build)).toBe(true);
    write('package-lock.json', '{"v":2}');
    expect(await buildIfChanged(root, build)).toBe(true);
    expect(builds).toBe(4);
  });

  it('goes by content: a touched file with the same content, or a file the build does not read, does not rebuild', async () => {
    await buildIfChanged(root, build);
    const later = new Date(Date.now() + 60_000);
    utimesSync(path.join(root, 'main/app/companion.ts'), later, later);
    write('README.md', '# changed');
    write('scripts/make-icons.mjs', '// changed');
    write('node_modules/x/index.js', 'changed');
    expect(await buildIfChanged(root, build)).toBe(false);
    expect(builds).toBe(1);
  });

  it('writes no stamp when the build fails, so the next start builds again; an emptied dist/ rebuilds', async () => {
    await expect(
      buildIfChanged(root, () => {
        throw new Error('tsc failed');
      }),
    ).rejects.toThrow('tsc failed');
    expect(await buildIfChanged(root, build)).toBe(true);
    rmSync(path.join(root, 'dist'), { recursive: true });
    expect(await buildIfChanged(root, build)).toBe(true);
    expect(builds).toBe(2);
    expect(readFileSync(stampPath(root), 'utf8').trim()).toMatch(/^[0-9a-f]{64}$/);
  });

  it("lists the build's inputs: the sources, the build scripts, tsconfigs and the lock file", () => {
    expect(buildInputs(root)).toEqual([
      'main/app/companion.ts',
      'package-lock.json',
      'preload/contract.ts',
      'renderer/src/App.tsx',
      'renderer/vite.config.mjs',
      'sandbox/cli.ts',
      'scripts/build.mjs',
      'tsconfig.build.json',
    ]);
  });
});
