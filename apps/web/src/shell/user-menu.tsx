import AccountCircle from '@mui/icons-material/AccountCircle';
import IconButton from '@mui/material/IconButton';
import { lazy, Suspense, useId, useState } from 'react';

// The panel (popover, lists, links) loads when first wanted: hovering or focusing the button
// starts the load, so it is usually there by the time of the click.
const loadPanel = () => import('./user-menu-panel.tsx');
const UserMenuPanel = lazy(async () => ({ default: (await loadPanel()).UserMenuPanel }));

/** The user menu's button; its panel (user-menu-panel.tsx) says who is signed in and offers logout. */
export function UserMenu({ onSetMaintenance }: { onSetMaintenance: () => void }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  // Mounted from the first opening on, so closing still animates.
  const [opened, setOpened] = useState(false);
  const panelId = useId();
  const preload = () => void loadPanel();

  return (
    <>
      <IconButton
        color="inherit"
        aria-label="User menu"
        aria-haspopup="dialog"
        aria-expanded={anchor ? 'true' : 'false'}
        aria-controls={anchor ? panelId : undefined}
        onPointerEnter={preload}
        onFocus={preload}
        onClick={(event) => {
          setOpened(true);
          setAnchor(event.currentTarget);
        }}
      >
        <AccountCircle />
      </IconButton>
      {opened && (
        <Suspense fallback={null}>
          <UserMenuPanel
            anchor={anchor}
            panelId={panelId}
            onClose={() => setAnchor(null)}
            onSetMaintenance={onSetMaintenance}
          />
        </Suspense>
      )}
    </>
  );
}
