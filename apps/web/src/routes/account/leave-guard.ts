import { useRef } from 'react';
import { useBlocker } from 'react-router';

/** The unsaved-changes question while leaving: whether it is asked, and its two answers. */
export interface LeaveGuard {
  asking: boolean;
  /** Yes: drop the changes (`onLeave`) and go where the user was going. */
  leave: () => void;
  /** Cancel: stay, changes kept. */
  stay: () => void;
  /** The next navigation goes without asking (Save moving to the new account's page). */
  allowNextNavigation: () => void;
}

/**
 * Asks the spec's unsaved-changes question (2.7) before any navigation away from unsaved changes:
 * Done, and also the top navigation, a link or Back, which would lose them just the same. Done
 * simply navigates and lets this ask.
 */
export function useLeaveGuard(unsaved: boolean, onLeave: () => void): LeaveGuard {
  // Read when a navigation starts, which may come before the render that follows a change.
  const unsavedNow = useRef(unsaved);
  unsavedNow.current = unsaved;
  const allowed = useRef(false);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      !allowed.current &&
      unsavedNow.current &&
      (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
  );
  return {
    asking: blocker.state === 'blocked',
    leave: () => {
      onLeave();
      blocker.proceed?.();
    },
    stay: () => blocker.reset?.(),
    allowNextNavigation: () => {
      allowed.current = true;
    },
  };
}
