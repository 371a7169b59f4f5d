import type { Database } from 'better-sqlite3';

/** One schema step. `up` runs inside the migration's transaction; never edit a shipped one, add the next. */
export interface Migration {
  version: number;
  name: string;
  up(db: Database): void;
}
