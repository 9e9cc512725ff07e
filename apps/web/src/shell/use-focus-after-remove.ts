import { useEffect, useRef } from 'react';

/**
 * Keeps keyboard focus in a list or table whose entries each have a remove button. The pressed
 * button goes away with its entry, which sends a keyboard user back to the top of the page; after
 * the removal, the remove button of the entry now in its place (or of the one before) takes focus,
 * else `fallback()` (the input that adds entries). Remove buttons are marked with `data-remove`
 * inside the element given `containerRef`; `count` is the number of entries. While `paused` (a
 * confirmation dialog open, which holds focus), the move waits for it to close.
 */
export function useFocusAfterRemove<T extends HTMLElement>(
  count: number,
  fallback: (container: T | null) => HTMLElement | null,
  paused = false,
) {
  const containerRef = useRef<T>(null);
  const removedAt = useRef<{ index: number; count: number } | undefined>(undefined);
  const fallbackRef = useRef(fallback);
  fallbackRef.current = fallback;
  // A passive effect: it runs after a closing dialog's own focus restore (to the removed button).
  useEffect(() => {
    const removed = removedAt.current;
    // Still open or not yet removed (a saved user goes once the server's list comes back): wait.
    if (paused || !removed || count === removed.count) return;
    removedAt.current = undefined;
    // Only a removal of one entry moves focus (an add leaves it be).
    if (count !== removed.count - 1) return;
    const buttons = [
      ...(containerRef.current?.querySelectorAll<HTMLElement>('[data-remove]:not(:disabled)') ?? []),
    ];
    (
      buttons[Math.min(removed.index, buttons.length - 1)] ?? fallbackRef.current(containerRef.current)
    )?.focus();
  }, [count, paused]);
  return {
    containerRef,
    /** Call with the removed entry's index, just before removing it. */
    removing: (index: number) => {
      removedAt.current = { index, count };
    },
  };
}
