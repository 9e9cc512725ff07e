import AppBar from '@mui/material/AppBar';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Toolbar from '@mui/material/Toolbar';
import { lazy, Suspense, useState } from 'react';
import { Outlet, Link as RouterLink } from 'react-router';
import { Loading } from './loading.tsx';
import { MaintenanceBanner } from './maintenance/maintenance-banner.tsx';
import { TopNav } from './top-nav.tsx';
import { UserMenu } from './user-menu.tsx';

// Only super admins with the feature open it, and its form (react-hook-form, zod, text fields)
// weighs more than the rest of the shell: it loads when first opened.
const MaintenanceDialog = lazy(async () => ({
  default: (await import('./maintenance/maintenance-dialog.tsx')).MaintenanceDialog,
}));

/** The signed-in layout: top navigation and user menu, the maintenance banner, then the screen. */
export function AppShell() {
  const [maintenanceOpen, setMaintenanceOpen] = useState(false);
  // Mounted from the first opening on, so closing still animates and a cancelled form keeps its text.
  const [maintenanceOpened, setMaintenanceOpened] = useState(false);
  return (
    <>
      <AppBar position="static" component="header">
        <Toolbar sx={{ gap: 2, flexWrap: 'wrap' }}>
          <Link component={RouterLink} to="/" color="inherit" underline="none" variant="h6">
            Siteseer
          </Link>
          <TopNav />
          <UserMenu
            onSetMaintenance={() => {
              setMaintenanceOpened(true);
              setMaintenanceOpen(true);
            }}
          />
        </Toolbar>
      </AppBar>
      <MaintenanceBanner />
      <Container component="main" maxWidth="xl" sx={{ py: 3, flex: 1 }}>
        <Suspense fallback={<Loading />}>
          <Outlet />
        </Suspense>
      </Container>
      {maintenanceOpened && (
        <Suspense fallback={null}>
          <MaintenanceDialog open={maintenanceOpen} onClose={() => setMaintenanceOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
