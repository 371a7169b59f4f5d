import { afterEach, beforeEach, describe, expect, expectTypeOf, it } from 'vitest';
import * as billOps from '../../main/store/bills-and-tables/bill-ops.js';
import type { asWriteTx } from '../../main/store/engine/tx.js';
import type { ReadTx, WriteRepos, WriteTx } from '../../main/store/repos/tx.js';
import { seedBill, tempStore } from './helpers.js';

/**
 * A write outside a transaction does not compile: writer functions take a WriteTx, and only the
 * transaction wrapper (transactions.ts) makes one. The `@ts-expect-error` lines below fail the
 * typecheck (`tsc -p tsconfig.json`, which includes test/) the day they start to compile.
 */
describe('writes only inside a transaction', () => {
  let t: ReturnType<typeof tempStore>;
  beforeEach(() => {
    t = tempStore();
    seedBill(t.store);
  });
  afterEach(() => t.cleanup());

  it('a ReadTx is not a WriteTx, and the store hands out only a ReadTx', () => {
    expectTypeOf<ReadTx>().not.toMatchTypeOf<WriteTx>();
    expectTypeOf(t.store.read).toEqualTypeOf<ReadTx>();
    // The reader halves have no writer functions at all.
    expect(Object.keys(t.store.read.bills)).not.toContain('setState');
    expect(Object.keys(t.store.read.payments)).not.toContain('setClosed');
  });

  it('writer functions and write operations refuse anything but a WriteTx, at compile time', () => {
    const read = t.store.read;
    const outside = [
      // @ts-expect-error: a store operation needs the WriteTx of a transaction, not the readers
      () => billOps.closeBill(read, 'b1'),
      // @ts-expect-error: a handle with every member but the brand, which only asWriteTx sets
      (unbranded: Parameters<typeof asWriteTx<WriteRepos>>[0]) => billOps.closeBill(unbranded, 'b1'),
      // @ts-expect-error: the reader half has no writer functions
      () => read.bills.setState(undefined, 'b1', 'CLOSED'),
    ];
    // Never run: they exist for the typecheck. The bill is untouched.
    expect(outside).toHaveLength(3);
    expect(t.store.getBill('b1')?.state).toBe('OPEN');
  });

  it('through the store, a write runs in its transaction', () => {
    expect(t.store.closeBill('b1').state).toBe('CLOSED');
    expect(t.store.getBill('b1')?.state).toBe('CLOSED');
  });
});
