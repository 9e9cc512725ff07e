import { useEffect, useRef } from 'react';

/**
 * Edit turns the page to edit mode and is itself replaced by Save, so the focused button goes away
 * and a keyboard or screen reader user is sent back to the top of the document. The page calls
 * `request` with Edit; once edit mode shows, the field given `inputRef` (the account name, the
 * first thing to change) takes focus. Opening an edit URL directly moves no focus.
 */
export function useFocusAfterEdit(editing: boolean) {
  const inputRef = useRef<HTMLInputElement>(null);
  const requested = useRef(false);
  useEffect(() => {
    if (!editing || !requested.current) return;
    requested.current = false;
    inputRef.current?.focus();
  }, [editing]);
  return {
    inputRef,
    request: () => {
      requested.current = true;
    },
  };
}
