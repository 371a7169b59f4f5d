/**
 * Why the core could not start, as a code and parameters: the hosts word it (headless: one stderr
 * line; the shell: its log and tray), never a stack trace.
 */
export type PortRole = 'posApi' | 'webhook' | 'ui';

export type StartupProblem =
  | { code: 'PORT_IN_USE'; port: number; role: PortRole }
  | { code: 'NATIVE_BINDING_MISSING'; path: string }
  /** The data folder had a bill database (its marker or its backups say so) and its file is gone or empty. */
  | { code: 'DATABASE_MISSING'; path: string; backup?: string | undefined }
  /** Another program held the bill database's write lock for longer than the start waits. */
  | { code: 'DATABASE_LOCKED'; path: string; seconds: number };

export class StartupError extends Error {
  constructor(readonly problem: StartupProblem) {
    super(describeStartupProblem(problem));
    this.name = 'StartupError';
  }
}

const PORT_WHAT: Record<PortRole, { name: string; flag: string; setting: string }> = {
  posApi: { name: 'the local POS API', flag: '--pos-api-port', setting: 'Settings → Local POS API port' },
  webhook: { name: 'the webhook receiver', flag: '--webhook-port', setting: 'Settings → Webhook port' },
  ui: { name: 'the browser-mode UI', flag: '--ui-port', setting: '--ui-port' },
};

/** One English sentence: what failed, what probably holds it, and what changes it. */
export function describeStartupProblem(problem: StartupProblem): string {
  if (problem.code === 'NATIVE_BINDING_MISSING') {
    return `The SQLite engine (better-sqlite3 built for this app) is missing at ${problem.path}: reinstall Tableside.`;
  }
  if (problem.code === 'DATABASE_MISSING') {
    const restore = problem.backup
      ? `restore the newest backup, ${problem.backup}, with --restore-backup latest (headless) or Settings → Backups, or put the file back`
      : 'put the file back (no backup was found in its backups folder)';
    return `The bill database ${problem.path} is missing or empty although this data folder had one (DATABASE_MISSING): ${restore}. Tableside does not start with an empty database in its place.`;
  }
  if (problem.code === 'DATABASE_LOCKED') {
    return `The bill database ${problem.path} stayed locked by another program for ${problem.seconds} s (DATABASE_LOCKED): close the other Tableside or the program that has it open (a database viewer, a backup tool), then start again.`;
  }
  const what = PORT_WHAT[problem.role];
  return `Port ${problem.port} for ${what.name} is already in use, probably by another Tableside or another program: stop it, or choose another port with ${what.flag} (${what.setting}).`;
}

/** A listen error that says "port taken" becomes a StartupError naming the port; anything else passes through. */
export function portInUse(e: unknown, role: PortRole, port: number): unknown {
  const err = e as NodeJS.ErrnoException & { port?: number };
  if (err?.code !== 'EADDRINUSE') return e;
  return new StartupError({ code: 'PORT_IN_USE', port: err.port ?? port, role });
}
