import { describe, expect, it } from 'vitest';
import { BASE_CARD, cardOrigin, floorLayout } from './floor-layout';

const ids = (n: number) => Array.from({ length: n }, (_, i) => `t${i + 1}`);

interface Box {
  id: string;
  left: number;
  top: number;
  w: number;
  h: number;
}

function boxes(list: string[], placed: Record<string, { x: number; y: number }>, width: number, height: number): Box[] {
  const layout = floorLayout(list, (id) => placed[id] ?? null, width, height);
  return list.map((id) => ({ id, ...cardOrigin(layout.at.get(id)!, width, height, layout.cardW, layout.cardH), w: layout.cardW, h: layout.cardH }));
}

const overlaps = (a: Box, b: Box) => a.left < b.left + b.w && b.left < a.left + a.w && a.top < b.top + b.h && b.top < a.top + a.h;

describe('floor layout', () => {
  it.each([
    [1330, 560],
    [640, 520],
    [340, 440],
  ])('60 tables, four placed apart, on a %ix%i plan: every card on the plan, none overlapping', (width, height) => {
    const placed = { t1: { x: 0.1, y: 0.1 }, t2: { x: 0.9, y: 0.1 }, t47: { x: 0.5, y: 0.5 }, t60: { x: 0.9, y: 0.9 } };
    const all = boxes(ids(60), placed, width, height);
    for (const b of all) {
      expect(b.left).toBeGreaterThanOrEqual(0);
      expect(b.top).toBeGreaterThanOrEqual(0);
      expect(b.left + b.w).toBeLessThanOrEqual(width);
      expect(b.top + b.h).toBeLessThanOrEqual(height);
    }
    const clashes = all.flatMap((a, i) =>
      all
        .slice(i + 1)
        .filter((b) => overlaps(a, b))
        .map((b) => `${a.id}/${b.id}`),
    );
    expect(clashes).toEqual([]);
  });

  it('keeps the stored place of a placed table and never draws cards larger than the grid would grow them', () => {
    const layout = floorLayout(['a', 'b'], (id) => (id === 'a' ? { x: 0.25, y: 0.75 } : null), 1300, 600);
    expect(layout.at.get('a')).toEqual({ x: 0.25, y: 0.75 });
    expect(layout.auto.has('a')).toBe(false);
    expect(layout.auto.has('b')).toBe(true);
    expect(layout.cardW).toBeLessThanOrEqual(BASE_CARD.w * 1.3);
    expect(layout.cardH).toBeLessThanOrEqual(BASE_CARD.h * 1.3);
  });

  it('shrinks the cards with the plan', () => {
    const wide = floorLayout(ids(60), () => null, 1330, 560);
    const narrow = floorLayout(ids(60), () => null, 340, 440);
    expect(narrow.cardW).toBeLessThan(wide.cardW);
    expect(narrow.cardH).toBeLessThan(wide.cardH);
  });
});
