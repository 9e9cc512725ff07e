import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { NavigationItem } from '@siteseer/core';
import { topNavigation } from '@siteseer/core';
import { NavLink } from 'react-router';
import { useFeatures, useViewer } from './session-data.ts';

const ITEMS: Record<NavigationItem, { label: string; to: string; end?: boolean }> = {
  dashboard: { label: 'Dashboard', to: '/', end: true },
  'my-account': { label: 'My Account', to: '/account/view' },
  administration: { label: 'Administration', to: '/admin' },
  features: { label: 'Features', to: '/features' },
  documentation: { label: 'Documentation', to: '/documentation' },
};

/** The top navigation: which entries show is core's decision (features and super admin). */
export function TopNav() {
  const viewer = useViewer();
  const features = useFeatures();
  return (
    <Box component="nav" aria-label="Main" sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, flex: 1 }}>
      {topNavigation(viewer, features).map((item) => {
        const { label, to, end } = ITEMS[item];
        return (
          <Button
            key={item}
            component={NavLink}
            to={to}
            end={end}
            color="inherit"
            sx={{ '&.active': { textDecoration: 'underline', textUnderlineOffset: '6px' } }}
          >
            {label}
          </Button>
        );
      })}
    </Box>
  );
}
