import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { CHECKPOINT_AFTER_COMMITS, CHECKPOINT_WHEN_QUIET_MS } from '../../main/store/checkpoints.js';
import { tempStore } from './helpers.js';

/** The tables the database file holds on its own (a copy without its WAL): what was checkpointed. */
function tablesInMainFile(file: string, dir: string): string[] {
  const copy = join(dir, `main-only-${Math.random().toString(36).slice(2)}.sqlite`);
  copyFileSync(file, copy);
  const db = new Database(copy, { readonly: true });
  try {
    // Before any checkpoint the file does not even hold the schema (the migrations are in the WAL).
    if (!db.prepare("SELECT 1 FROM sqlite_master WHERE name = 'tables'").get()) return [];
    return (db.prepare('SELECT id FROM tables ORDER BY id').all() as { id: string }[]).map((r) => r.id);
  } finally {
    db.close();
  }
}

describe('WAL checkpoints wait for a quiet moment (not inside a rush commit)', () => {
  let cleanup = () => {};
  afterEach(() => cleanup());

  it('the WAL is copied into the database file CHECKPOINT_WHEN_QUIET_MS after the last commit, not before', () => {
    const t = tempStore();
    cleanup = t.cleanup;
    t.store.upsertTable({ id: 'ta', name: 'A' });
    t.clock.advance(CHECKPOINT_WHEN_QUIET_MS / 2);
    t.store.upsertTable({ id: 'tb', name: 'B' }); // the quiet second starts again
    t.clock.advance(CHECKPOINT_WHEN_QUIET_MS - 1);
    expect(tablesInMainFile(t.file, t.dir)).toEqual([]);
    t.clock.advance(1);
    expect(tablesInMainFile(t.file, t.dir)).toEqual(['ta', 'tb']);
    expect(t.clock.pending()).toBe(0);
  });

  it('a store never quiet checkpoints at its CHECKPOINT_AFTER_COMMITS-th commit', async () => {
    const t = tempStore();
    cleanup = t.cleanup;
    // Group commits synced off the event loop: the same commits, without an fsync each.
    const commit = (id: string) => t.store.groupCommit(() => t.store.upsertTable({ id, name: id }), { writes: ['upsertTable'] }).durable;
    const synced: Promise<void>[] = [];
    for (let i = 0; i < CHECKPOINT_AFTER_COMMITS - 1; i++) synced.push(commit(`t${i}`));
    await Promise.all(synced);
    expect(tablesInMainFile(t.file, t.dir)).toEqual([]);
    await commit('last');
    expect(tablesInMainFile(t.file, t.dir)).toHaveLength(CHECKPOINT_AFTER_COMMITS);
  });
});
