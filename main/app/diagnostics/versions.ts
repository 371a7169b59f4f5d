import { existsSync, readFileSync } from 'node:fs';
import os from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface Versions {
  app: string | null;
  electron: string | null;
  chrome: string | null;
  node: string;
  os: { platform: string; release: string; arch: string; version: string };
}

/** Our package.json's version: found walking up from this file (source, dist/ or app.asar alike). */
export function readAppVersion(from = dirname(fileURLToPath(import.meta.url))): string | null {
  for (let dir = from; ; dir = dirname(dir)) {
    const file = join(dir, 'package.json');
    if (existsSync(file)) {
      const pkg = JSON.parse(readFileSync(file, 'utf8')) as { name?: string; version?: string };
      if (pkg.name === 'tableside') return pkg.version ?? null;
    }
    if (dirname(dir) === dir) return null;
  }
}

/** What support asks first: which build, on which runtime, on which Windows. */
export function collectVersions(overrides: Partial<Versions> = {}): Versions {
  const versions = process.versions as NodeJS.ProcessVersions & { electron?: string; chrome?: string };
  return {
    app: readAppVersion(),
    electron: versions.electron ?? null,
    chrome: versions.chrome ?? null,
    node: versions.node,
    os: { platform: os.platform(), release: os.release(), arch: os.arch(), version: os.version() },
    ...overrides,
  };
}
