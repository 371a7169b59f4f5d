import Database from 'better-sqlite3';

/**
 * Looks into the real bill store's delivery log (`deliveries` of main/store, the table the
 * receiver records outcomes in) through a second connection to the same SQLite file, as a
 * backup tool would: the tests see what is on disk, not what an object says.
 */
export function deliveryRows(file: string): { id: string; outcome: unknown; at: string }[] {
  const db = new Database(file, { readonly: true });
  try {
    return db
      .prepare<[], { id: string; outcome: string; at: string }>('SELECT id, outcome, at FROM deliveries ORDER BY at, id')
      .all()
      .map((r) => ({ ...r, outcome: JSON.parse(r.outcome) as unknown }));
  } finally {
    db.close();
  }
}

/**
 * Makes SQLite itself refuse every new delivery record (a trigger in the real file, as a full
 * disk or a broken file would): the store's write fails inside its transaction and the receiver
 * must answer 500. `release()` drops the trigger; the store's statements pick the change up.
 */
export function failDeliveryWrites(file: string): { release(): void } {
  const db = new Database(file);
  db.exec("CREATE TRIGGER IF NOT EXISTS test_refuse_deliveries BEFORE INSERT ON deliveries BEGIN SELECT RAISE(ABORT, 'test: the disk is full'); END");
  return {
    release() {
      if (!db.open) return;
      db.exec('DROP TRIGGER IF EXISTS test_refuse_deliveries');
      db.close();
    },
  };
}
