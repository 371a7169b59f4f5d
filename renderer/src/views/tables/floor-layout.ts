// Where each card goes on the floor plan and how big the cards are, from the room the plan has:
// the cards shrink with the plan (a bill open beside it) so that tables placed apart stay apart,
// and tables without a place fill a grid of free slots on the plan instead of a tray under it.
import type { PlanPoint } from './floor-drag';

/** The compact card's size on the grid; the plan never draws them larger than this times MAX_SCALE. */
export const BASE_CARD = { w: 100, h: 51 };
const MAX_SCALE = 1.3;
const GAP = 6;

export interface FloorLayout {
  cardW: number;
  cardH: number;
  /** Every table's centre on the plan (fractions): its stored place, or a free slot. */
  at: Map<string, PlanPoint>;
  /** The tables that sit in a slot because they have no place yet. */
  auto: Set<string>;
}

interface Slots {
  cols: number;
  rows: number;
  w: number;
  h: number;
}

/** The slot grid with the largest cards that gives every table (and room for the placed ones) a slot. */
function slotGrid(count: number, width: number, height: number): Slots {
  let best: Slots = { cols: 1, rows: Math.max(1, count), w: 0, h: 0 };
  let bestScale = -1;
  for (let cols = 1; cols <= Math.max(1, count); cols++) {
    const rows = Math.max(1, Math.ceil(count / cols));
    const w = Math.min(width / cols - GAP, BASE_CARD.w * MAX_SCALE);
    const h = Math.min(height / rows - GAP, BASE_CARD.h * MAX_SCALE);
    const scale = Math.min(w / BASE_CARD.w, h / BASE_CARD.h);
    if (scale > bestScale) {
      bestScale = scale;
      best = { cols, rows, w: Math.max(0, w), h: Math.max(0, h) };
    }
  }
  return best;
}

/** The slots of a grid that no placed card covers, and the card size the grid allows. */
function freeSlots(slots: Slots, points: { x: number; y: number }[], width: number, height: number): { cardW: number; cardH: number; free: PlanPoint[] } {
  // No wider than a compact card in proportion: a tall narrow slot keeps its cards card-shaped.
  const cardW = Math.min(slots.w, (slots.h / BASE_CARD.h) * BASE_CARD.w * 1.25);
  const cardH = slots.h;
  const free: PlanPoint[] = [];
  for (let r = 0; r < slots.rows; r++) {
    for (let c = 0; c < slots.cols; c++) {
      const x = ((c + 0.5) / slots.cols) * width;
      const y = ((r + 0.5) / slots.rows) * height;
      const covered = points.some((t) => Math.abs(t.x - x) < cardW + GAP && Math.abs(t.y - y) < cardH + GAP);
      if (!covered) free.push({ x: (c + 0.5) / slots.cols, y: (r + 0.5) / slots.rows });
    }
  }
  return { cardW, cardH, free };
}

/** `ids` in the order cards are laid out; `placed` their stored places (null = none yet). */
export function floorLayout(ids: readonly string[], placed: (id: string) => PlanPoint | null, width: number, height: number): FloorLayout {
  const at = new Map<string, PlanPoint>();
  const auto = new Set<string>();
  if (width <= 0 || height <= 0 || ids.length === 0) return { cardW: BASE_CARD.w, cardH: BASE_CARD.h, at, auto };
  const placedIds = ids.filter((id) => placed(id) !== null);
  const points = placedIds.map((id) => {
    const p = placed(id)!;
    at.set(id, p);
    return { x: p.x * width, y: p.y * height };
  });
  const unplaced = ids.length - placedIds.length;
  // Start with a slot for every table and one more per placed table (a placed card covers a slot
  // or more); while the free slots are too few, try a finer grid.
  let grid = { cardW: 0, cardH: 0, free: [] as PlanPoint[] };
  for (let count = ids.length + placedIds.length; count <= 4 * ids.length + 4; count += Math.max(1, placedIds.length)) {
    grid = freeSlots(slotGrid(count, width, height), points, width, height);
    if (grid.free.length >= unplaced) break;
  }
  const { cardW, cardH, free } = grid;
  let next = 0;
  for (const id of ids) {
    if (at.has(id)) continue;
    const slot = free[next++] ?? { x: 0.5, y: 0.5 };
    at.set(id, slot);
    auto.add(id);
  }
  return { cardW, cardH, at, auto };
}

/** The left/top (px) of a card centred at `p`, kept wholly on the plan. */
export function cardOrigin(p: PlanPoint, width: number, height: number, cardW: number, cardH: number): { left: number; top: number } {
  const clamp = (v: number, lo: number, hi: number) => Math.min(Math.max(v, lo), Math.max(lo, hi));
  return { left: clamp(p.x * width - cardW / 2, 0, width - cardW), top: clamp(p.y * height - cardH / 2, 0, height - cardH) };
}
