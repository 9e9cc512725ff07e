import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Toolbar from '@mui/material/Toolbar';
import { Suspense, useState } from 'react';
import { Outlet, Link as RouterLink } from 'react-router';
import { MaintenanceBanner } from './maintenance/maintenance-banner.tsx';
import { MaintenanceDialog } from './maintenance/maintenance-dialog.tsx';
import { TopNav } from './top-nav.tsx';
import { UserMenu } from './user-menu.tsx';

/** A centred spinner while a screen loads. */
export function Loading({ label = 'Loading' }: { label?: string }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
      <CircularProgress aria-label={label} />
    </Box>
  );
}

/** The signed-in layout: top navigation and user menu, the maintenance banner, then the screen. */
export function AppShell() {
  const [maintenanceOpen, setMaintenanceOpen] = useState(false);
  return (
    <>
      <AppBar position="static" component="header" enableColorOnDark>
        <Toolbar sx={{ gap: 2, flexWrap: 'wrap' }}>
          <Link component={RouterLink} to="/" color="inherit" underline="none" variant="h6">
            Siteseer
          </Link>
          <TopNav />
          <UserMenu onSetMaintenance={() => setMaintenanceOpen(true)} />
        </Toolbar>
      </AppBar>
      <MaintenanceBanner />
      <Container component="main" maxWidth="xl" sx={{ py: 3, flex: 1 }}>
        <Suspense fallback={<Loading />}>
          <Outlet />
        </Suspense>
      </Container>
      <MaintenanceDialog open={maintenanceOpen} onClose={() => setMaintenanceOpen(false)} />
    </>
  );
}
