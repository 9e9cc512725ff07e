import MenuIcon from '@mui/icons-material/Menu';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { NavigationItem } from '@siteseer/core';
import { topNavigation } from '@siteseer/core';
import { useId, useState } from 'react';
import { NavLink } from 'react-router';
import { useFeatures, useViewer } from './session-data.ts';

const ITEMS: Record<NavigationItem, { label: string; to: string; end?: boolean }> = {
  dashboard: { label: 'Dashboard', to: '/', end: true },
  'my-account': { label: 'My Account', to: '/account/view' },
  administration: { label: 'Administration', to: '/admin' },
  features: { label: 'Features', to: '/features' },
  documentation: { label: 'Documentation', to: '/documentation' },
};

/**
 * The top navigation: which entries show is core's decision (features and super admin). Below the
 * medium breakpoint (phones, narrow tablets) a Menu button opens them as a list instead of links
 * stacked over several rows of the bar.
 */
export function TopNav() {
  const viewer = useViewer();
  const features = useFeatures();
  const narrow = useMediaQuery(useTheme().breakpoints.down('md'));
  const items = topNavigation(viewer, features).map((item) => ({ key: item, ...ITEMS[item] }));
  return (
    <Box component="nav" aria-label="Main" sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, flex: 1 }}>
      {narrow ? (
        <PhoneMenu items={items} />
      ) : (
        items.map(({ key, label, to, end }) => (
          <Button
            key={key}
            component={NavLink}
            to={to}
            end={end}
            color="inherit"
            sx={{ '&.active': { textDecoration: 'underline', textUnderlineOffset: '6px' } }}
          >
            {label}
          </Button>
        ))
      )}
    </Box>
  );
}

function PhoneMenu({ items }: { items: { key: string; label: string; to: string; end?: boolean }[] }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const close = () => setAnchor(null);
  return (
    <>
      <IconButton
        color="inherit"
        aria-label="Menu"
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : 'false'}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        <MenuIcon />
      </IconButton>
      <Menu id={menuId} anchorEl={anchor} open={anchor !== null} onClose={close}>
        {items.map(({ key, label, to, end }) => (
          <MenuItem
            key={key}
            component={NavLink}
            to={to}
            end={end}
            onClick={close}
            sx={{ minWidth: 200, '&.active': { fontWeight: 600 } }}
          >
            {label}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
