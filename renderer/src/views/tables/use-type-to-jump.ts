// Type a table's number or name anywhere on the Tables tab (outside a text field) and focus goes
// to its card; Enter then opens it. Keys typed within JUMP_PAUSE_MS of each other add up ("1", "2" = 12).
import { useEffect, useRef, useState } from 'react';

export const JUMP_PAUSE_MS = 1200;

function isTextField(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

/** A key that types into the jump buffer: one printable character, no shortcut modifiers. */
function typedChar(e: KeyboardEvent): string | null {
  if (e.altKey || e.ctrlKey || e.metaKey || e.key.length !== 1) return null;
  if (e.key === ' ' || isTextField(e.target)) return null;
  // A dialog keeps its keys. The bill sheet's buttons take none but Enter and Space, so a number
  // typed while one has the focus (as after Escape on the close dialog) still jumps.
  if (e.target instanceof HTMLElement && e.target.closest('[role="dialog"]')) return null;
  if (e.target instanceof HTMLElement && e.target.closest('.bill-sheet') && !e.target.closest('button, a')) return null;
  return e.key;
}

/** Calls `onText` with the text typed so far; returns it (for the hint line) while it lasts. */
export function useTypeToJump(enabled: boolean, onText: (text: string) => void): string {
  const [text, setText] = useState('');
  const buffer = useRef({ text: '', at: 0 });
  const latest = useRef(onText);
  useEffect(() => {
    latest.current = onText;
  }, [onText]);

  useEffect(() => {
    if (!enabled) return undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onKey = (e: KeyboardEvent) => {
      const char = typedChar(e);
      if (char === null) {
        // Enter opens what was typed (the focused card's own click); the next number starts afresh.
        if ((e.key === 'Escape' || e.key === 'Enter') && buffer.current.text) clear();
        return;
      }
      e.preventDefault();
      buffer.current = { text: buffer.current.text + char, at: Date.now() };
      setText(buffer.current.text);
      latest.current(buffer.current.text);
      clearTimeout(timer);
      timer = setTimeout(clear, JUMP_PAUSE_MS);
    };
    const clear = () => {
      clearTimeout(timer);
      buffer.current = { text: '', at: 0 };
      setText('');
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      clear();
    };
  }, [enabled]);
  return text;
}
