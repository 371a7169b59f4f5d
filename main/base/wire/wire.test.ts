import { describe, expect, it } from 'vitest';
import { Bill, MethodCallRequest, METHOD_ARGS, parseWith } from './index.js';

describe('wire parsers', () => {
  it('accept and drop unknown fields', () => {
    const r = parseWith(MethodCallRequest, { uuid: 'a', method: 'noop', args: [], extra: { nested: 1 } });
    expect(r).toEqual({ ok: true, value: { uuid: 'a', method: 'noop', args: [] } });
  });

  it('name the offending field', () => {
    const r = parseWith(Bill, { id: 'b1', currency: 'CZK', items: [{ id: 'i', name: 'Beer', price: 62.5, quantity: '1' }] });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toMatch(/^items\[0\]\.price: /);
  });

  it('reject money as a JS number and accept decimal text', () => {
    expect(parseWith(Bill, { id: 'b', currency: 'CZK', items: [{ id: 'i', name: 'x', price: '62.50', quantity: '0.5' }] }).ok).toBe(true);
    expect(parseWith(Bill, { id: 'b', currency: 'czk', items: [] }).ok).toBe(false);
  });

  it('default the deprecated idCustomer and tolerate extra arguments', () => {
    expect(parseWith(METHOD_ARGS.getTableContents, ['12']).ok).toBe(true);
    expect(parseWith(METHOD_ARGS.getTableContents, ['12', null, 'extra'])).toEqual({ ok: true, value: ['12', null, 'extra'] });
    expect(parseWith(METHOD_ARGS.getTableContents, [12]).ok).toBe(false);
  });
});
