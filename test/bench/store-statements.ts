import BetterSqlite3, { type Statement } from 'better-sqlite3';

/** One statement run: its SQL, whether it returned raw rows, and its arguments. */
export interface StatementRun {
  source: string;
  raw: boolean;
  method: 'all' | 'get';
  args: unknown[];
}

type Reader = (this: Statement, ...args: unknown[]) => unknown;

/**
 * Records the SQL statements the store really runs, so a baseline can run exactly those on a bare
 * connection (and follows the store when its statements change). Installs itself on
 * better-sqlite3's Statement prototype: call before the store is created (raw() is noted when the
 * store prepares), then wrap each call to record in `capture`.
 */
export function statementRecorder() {
  const probe = new BetterSqlite3(':memory:');
  const proto = Object.getPrototypeOf(probe.prepare('SELECT 1')) as Record<'all' | 'get' | 'raw', Reader>;
  probe.close();
  const rawOn = new WeakSet<Statement>();
  let runs: StatementRun[] | null = null;
  const original = { all: proto.all, get: proto.get, raw: proto.raw };
  proto.raw = function (this: Statement, ...args: unknown[]) {
    if (args[0] === false) rawOn.delete(this);
    else rawOn.add(this);
    return original.raw.apply(this, args);
  };
  for (const method of ['all', 'get'] as const) {
    proto[method] = function (this: Statement, ...args: unknown[]) {
      runs?.push({ source: this.source, raw: rawOn.has(this), method, args });
      return original[method].apply(this, args);
    };
  }
  return {
    /** Runs `fn` and returns the statements it ran, in order. */
    capture(fn: () => unknown): StatementRun[] {
      runs = [];
      try {
        fn();
        return runs;
      } finally {
        runs = null;
      }
    },
    /** Puts better-sqlite3 back as it was. */
    uninstall(): void {
      Object.assign(proto, original);
    },
  };
}

/** A bare read-only connection that replays recorded statement runs (each prepared once). */
export function statementReplayer(file: string) {
  const db = new BetterSqlite3(file, { readonly: true });
  const prepared = new Map<string, Statement>();
  const prepare = (run: StatementRun) => {
    const key = `${run.raw ? 'raw' : 'obj'}:${run.source}`;
    let s = prepared.get(key);
    if (!s) {
      s = db.prepare(run.source);
      if (run.raw) s.raw(true);
      prepared.set(key, s);
    }
    return s;
  };
  return {
    replay(runs: StatementRun[]): void {
      for (const run of runs) {
        const s = prepare(run);
        if (run.method === 'all') s.all(...run.args);
        else s.get(...run.args);
      }
    },
    statements: () => prepared.size,
    close: () => db.close(),
  };
}
