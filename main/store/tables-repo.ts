import type { Database } from 'better-sqlite3';
import type { TableRecord } from './records.js';

interface TableRow {
  id: string;
  name: string;
  area: string | null;
}

/** Restaurant tables: prepared once, plain reads and writes; rules live in bill-ops.ts. */
export function createTablesRepo(db: Database) {
  const get = db.prepare<[string], TableRow>('SELECT id, name, area FROM tables WHERE id = ?');
  const list = db.prepare<[], TableRow>('SELECT id, name, area FROM tables ORDER BY position, id');
  const nextPosition = db.prepare<[], { p: number }>('SELECT COALESCE(MAX(position), 0) + 1 AS p FROM tables');
  const insert = db.prepare('INSERT INTO tables (id, name, area, position) VALUES (?, ?, ?, ?)');
  const update = db.prepare('UPDATE tables SET name = ?, area = ? WHERE id = ?');
  const remove = db.prepare('DELETE FROM tables WHERE id = ?');

  return {
    get(id: string): TableRecord | null {
      return get.get(id) ?? null;
    },
    list(): TableRecord[] {
      return list.all();
    },
    /** Returns true when the table is new. */
    upsert(table: TableRecord): boolean {
      if (get.get(table.id)) {
        update.run(table.name, table.area, table.id);
        return false;
      }
      insert.run(table.id, table.name, table.area, nextPosition.get()?.p ?? 1);
      return true;
    },
    remove(id: string): boolean {
      return remove.run(id).changes > 0;
    },
  };
}

export type TablesRepo = ReturnType<typeof createTablesRepo>;
