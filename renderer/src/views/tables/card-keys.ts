// Arrow keys between cards (roving tabindex): Left/Right step through the cards in reading
// order, Up/Down go to the card above or below (by where the cards are on screen), Home/End.

const CARD = '[data-table-id]';

function cardsIn(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(CARD)];
}

/** The card straight below (down) or above (up); null when there is no other row that way. */
function verticalNeighbour(cards: HTMLElement[], from: HTMLElement, down: boolean): HTMLElement | null {
  const a = from.getBoundingClientRect();
  const rows = cards.map((c) => ({ c, r: c.getBoundingClientRect() })).filter(({ r }) => (down ? r.top > a.top + 1 : r.top < a.top - 1));
  if (rows.length === 0) return null;
  const rowTop = down ? Math.min(...rows.map(({ r }) => r.top)) : Math.max(...rows.map(({ r }) => r.top));
  const row = rows.filter(({ r }) => Math.abs(r.top - rowTop) <= 1);
  row.sort((x, y) => Math.abs(x.r.left - a.left) - Math.abs(y.r.left - a.left));
  return row[0]?.c ?? null;
}

function target(cards: HTMLElement[], index: number, key: string): HTMLElement | null {
  const current = cards[index];
  if (!current) return null;
  switch (key) {
    case 'ArrowRight':
      return cards[index + 1] ?? null;
    case 'ArrowLeft':
      return cards[index - 1] ?? null;
    case 'Home':
      return cards[0] ?? null;
    case 'End':
      return cards[cards.length - 1] ?? null;
    case 'ArrowDown':
    case 'ArrowUp': {
      const down = key === 'ArrowDown';
      // Without layout (no geometry: every card at 0,0) a vertical key steps like a horizontal one.
      return (
        verticalNeighbour(cards, current, down) ?? (cards.every((c) => c.getBoundingClientRect().top === 0) ? (cards[index + (down ? 1 : -1)] ?? null) : null)
      );
    }
    default:
      return null;
  }
}

/** Moves focus for an arrow key pressed on a card; true when the key was used. */
export function moveBetweenCards(
  root: HTMLElement,
  event: { key: string; target: EventTarget | null; altKey: boolean; ctrlKey: boolean; metaKey: boolean; shiftKey: boolean },
): boolean {
  if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return false;
  const cards = cardsIn(root);
  const index = cards.indexOf(event.target as HTMLElement);
  if (index < 0) return false;
  const next = target(cards, index, event.key);
  if (!next) return false;
  next.focus();
  return true;
}

/** Focuses the card of a table in `root`; false when it is not shown (filtered out). */
export function focusCard(root: HTMLElement | null, tableId: string): boolean {
  // Compared, not put into a selector: a POS table id may hold any character.
  const card = root ? cardsIn(root).find((c) => c.dataset.tableId === tableId) : undefined;
  if (!card) return false;
  card.focus();
  card.scrollIntoView?.({ block: 'nearest' });
  return true;
}
