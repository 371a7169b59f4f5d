/**
 * Tests that need what only the Linux CI machine has (.ci/run: Debian, root, apt). The Windows
 * pipeline (.github/workflows/windows.yml) runs the suite with TABLESIDE_SKIP_LINUX_ONLY=1, which
 * leaves these out (vitest.config.ts); everywhere else they run as always. Each entry says what it
 * needs, so a test is only ever here for a tool, never because it fails. test/packaging/
 * windows-workflow.test.ts checks that every entry still names files that exist.
 */
export interface LinuxOnlyTest {
  /** A file or a glob, from the repository root, as vitest's `exclude` takes it. */
  readonly path: string;
  readonly needs: string;
}

export const LINUX_ONLY_TESTS: readonly LinuxOnlyTest[] = [
  { path: 'test/e2e/**', needs: "Debian's Chromium at /usr/bin/chromium and poppler's pdftoppm/pdftotext (apt)" },
  { path: 'test/disk/disk-watch.test.ts', needs: 'mounts a tmpfs as the data folder (root)' },
  { path: 'test/disk/full-disk-payment.test.ts', needs: 'mounts a 4 MB tmpfs and fills it (root)' },
  { path: 'test/soak/month.test.ts', needs: 'mounts a tmpfs for the full-disk fault (root)' },
  { path: 'test/packaging/package-smoke.test.ts', needs: 'a `--linux --dir` build run under Node as the stand-in Linux binary' },
  { path: 'test/bench/own-loop.test.ts', needs: 'reads the steal time from /proc/stat' },
  { path: 'test/headless/data-dir.test.ts', needs: 'POSIX file modes (0700/0600); Windows keeps files private by ACL' },
  { path: 'test/pos-api/token.test.ts', needs: 'POSIX file modes (0600); Windows keeps files private by ACL' },
  { path: 'test/settings/private-files.test.ts', needs: 'POSIX file modes (0700/0600); Windows keeps files private by ACL' },
];

/** Set by the Windows pipeline; any other value (or none) runs everything. */
export function skipsLinuxOnly(env: NodeJS.ProcessEnv = process.env): boolean {
  return env.TABLESIDE_SKIP_LINUX_ONLY === '1';
}
