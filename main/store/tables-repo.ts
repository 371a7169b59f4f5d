import type { Database } from 'better-sqlite3';
import type { TableRecord } from './records.js';
import type { WriteTx } from './tx.js';

interface TableRow {
  id: string;
  name: string;
  area: string | null;
}

/** Restaurant tables, read half: prepared once, plain reads; rules live in bill-ops.ts. */
export function createTablesReader(db: Database) {
  const get = db.prepare<[string], TableRow>('SELECT id, name, area FROM tables WHERE id = ?');
  const list = db.prepare<[], TableRow>('SELECT id, name, area FROM tables ORDER BY position, id');
  return {
    get(id: string): TableRecord | null {
      return get.get(id) ?? null;
    },
    list(): TableRecord[] {
      return list.all();
    },
  };
}

/** Restaurant tables, write half: each function takes the transaction it writes in. */
export function createTablesWriter(db: Database) {
  const exists = db.prepare<[string], { one: number }>('SELECT 1 AS one FROM tables WHERE id = ?');
  const nextPosition = db.prepare<[], { p: number }>('SELECT COALESCE(MAX(position), 0) + 1 AS p FROM tables');
  const insert = db.prepare('INSERT INTO tables (id, name, area, position) VALUES (?, ?, ?, ?)');
  const update = db.prepare('UPDATE tables SET name = ?, area = ? WHERE id = ?');
  const remove = db.prepare('DELETE FROM tables WHERE id = ?');
  return {
    /** Returns true when the table is new. */
    upsert(_tx: WriteTx, table: TableRecord): boolean {
      if (exists.get(table.id)) {
        update.run(table.name, table.area, table.id);
        return false;
      }
      insert.run(table.id, table.name, table.area, nextPosition.get()?.p ?? 1);
      return true;
    },
    remove(_tx: WriteTx, id: string): boolean {
      return remove.run(id).changes > 0;
    },
  };
}

export type TablesReader = ReturnType<typeof createTablesReader>;
export type TablesWriter = ReturnType<typeof createTablesWriter>;
