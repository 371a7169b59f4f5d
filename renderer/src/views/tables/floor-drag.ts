// Pointer dragging of a table card onto the floor plan: a press that moves more than a few pixels
// is a drag (its release places the table), a press that does not is a click (it opens the bill).
import type { PointerEvent as ReactPointerEvent } from 'react';

export interface PlanPoint {
  x: number;
  y: number;
}

const DRAG_PX = 5;
const clamp = (v: number) => Math.min(1, Math.max(0, v));
/** Three decimals: a thousandth of the plan is finer than a finger, and the stored value stays short. */
const round = (v: number) => Math.round(v * 1000) / 1000;

/** Where a point of the screen is on the plan, as fractions of its width and height (0..1). */
export function pointOnPlan(plan: DOMRect, clientX: number, clientY: number): PlanPoint | null {
  if (plan.width <= 0 || plan.height <= 0) return null;
  if (clientX < plan.left || clientX > plan.right || clientY < plan.top || clientY > plan.bottom) return null;
  return { x: round(clamp((clientX - plan.left) / plan.width)), y: round(clamp((clientY - plan.top) / plan.height)) };
}

/** A keyboard nudge (Shift+arrow) of a table's place; an unplaced table starts in the middle. */
export function nudge(from: PlanPoint | null, key: string, step = 0.02): PlanPoint | null {
  const p = from ?? { x: 0.5, y: 0.5 };
  const dx = key === 'ArrowRight' ? step : key === 'ArrowLeft' ? -step : 0;
  const dy = key === 'ArrowDown' ? step : key === 'ArrowUp' ? -step : 0;
  if (dx === 0 && dy === 0) return null;
  return { x: round(clamp(p.x + dx)), y: round(clamp(p.y + dy)) };
}

/**
 * Starts tracking a press on a card. `onMove` follows a drag (to draw the card under the pointer),
 * `onDrop` gets the release point of a drag; a press that did not move is left to the click.
 */
export function startPress(e: ReactPointerEvent<HTMLElement>, handlers: { onMove(x: number, y: number): void; onDrop(x: number, y: number): void }): void {
  if (e.button !== 0) return;
  const el = e.currentTarget;
  const start = { x: e.clientX, y: e.clientY };
  let dragging = false;
  el.setPointerCapture?.(e.pointerId);
  const move = (ev: PointerEvent) => {
    if (!dragging && Math.hypot(ev.clientX - start.x, ev.clientY - start.y) < DRAG_PX) return;
    dragging = true;
    handlers.onMove(ev.clientX, ev.clientY);
  };
  const up = (ev: PointerEvent) => {
    el.removeEventListener('pointermove', move);
    el.removeEventListener('pointerup', up);
    el.removeEventListener('pointercancel', cancel);
    if (dragging) handlers.onDrop(ev.clientX, ev.clientY);
  };
  const cancel = () => {
    el.removeEventListener('pointermove', move);
    el.removeEventListener('pointerup', up);
    el.removeEventListener('pointercancel', cancel);
  };
  el.addEventListener('pointermove', move);
  el.addEventListener('pointerup', up);
  el.addEventListener('pointercancel', cancel);
}
