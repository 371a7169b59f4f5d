import { describe, expect, it } from 'vitest';
import { sameJson } from './same-json.js';

describe('sameJson', () => {
  it('equal JSON values in any key order are the same', () => {
    const a = JSON.parse('{"id":"B1","items":[{"id":"beer","price":"62.50","tags":[]}],"name":null,"allowTip":true}') as unknown;
    const b = JSON.parse('{"allowTip":true,"name":null,"items":[{"tags":[],"price":"62.50","id":"beer"}],"id":"B1"}') as unknown;
    expect(sameJson(a, b)).toBe(true);
    expect(sameJson('x', 'x')).toBe(true);
    expect(sameJson(null, null)).toBe(true);
  });

  it('any difference (value, type, missing or extra key, array length or order) is not', () => {
    const base = { id: 'B1', items: [{ id: 'beer', quantity: '2' }], n: 1 };
    expect(sameJson(base, { ...base, id: 'B2' })).toBe(false);
    expect(sameJson(base, { ...base, n: '1' })).toBe(false);
    expect(sameJson(base, { id: 'B1', items: base.items })).toBe(false);
    expect(sameJson(base, { ...base, extra: undefined })).toBe(false);
    expect(
      sameJson(base, {
        ...base,
        items: [
          { id: 'beer', quantity: '2' },
          { id: 'beer', quantity: '2' },
        ],
      }),
    ).toBe(false);
    expect(sameJson([1, 2], [2, 1])).toBe(false);
    expect(sameJson([], {})).toBe(false);
    expect(sameJson({}, [])).toBe(false);
    expect(sameJson({ a: null }, { a: {} })).toBe(false);
  });

  it('nesting deeper than it checks answers false (the caller then validates)', () => {
    let a: unknown = 'leaf';
    let b: unknown = 'leaf';
    for (let i = 0; i < 40; i++) {
      a = [a];
      b = [b];
    }
    expect(sameJson(a, b)).toBe(false);
    expect(sameJson(a, a)).toBe(true); // the very same object is trivially the same
  });
});
