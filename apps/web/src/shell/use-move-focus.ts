import { useCallback, useLayoutEffect, useRef } from 'react';

export type MoveDirection = 'up' | 'down';

/**
 * Keeps keyboard focus on an item moved with its Move up / Move down buttons. Re-rendered in its
 * new place, the item's button can lose focus (a moved node is blurred, and at either end of the
 * list the pressed button is now disabled), which sends a keyboard user back to the top of the
 * page. After the move, the item's button in the same direction takes focus, or the other one
 * when that is disabled.
 */
export function useMoveFocus() {
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const pending = useRef<{ key: string; direction: MoveDirection } | undefined>(undefined);

  useLayoutEffect(() => {
    const request = pending.current;
    if (!request) return;
    pending.current = undefined;
    const same = buttons.current.get(`${request.direction}:${request.key}`);
    const other = buttons.current.get(`${request.direction === 'up' ? 'down' : 'up'}:${request.key}`);
    const target = same && !same.disabled ? same : other;
    if (target && !target.disabled && target !== document.activeElement) target.focus();
  });

  /** The ref callback of an item's Move button. */
  const buttonRef = useCallback(
    (key: string, direction: MoveDirection) => (element: HTMLButtonElement | null) => {
      if (element) buttons.current.set(`${direction}:${key}`, element);
      else buttons.current.delete(`${direction}:${key}`);
    },
    [],
  );

  /** Says which item's button was pressed; call it with the move. */
  const moved = useCallback((key: string, direction: MoveDirection) => {
    pending.current = { key, direction };
  }, []);

  return { buttonRef, moved };
}
