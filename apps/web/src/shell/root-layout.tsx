import Box from '@mui/material/Box';
import { Outlet } from 'react-router';
import { Footer } from './footer.tsx';
import { ScreenTitleContext, useRouteTitle } from './page-title.ts';

/** Every page: the routed content, then the footer; the page title follows the route. */
export function RootLayout() {
  const setScreenTitle = useRouteTitle();
  return (
    <ScreenTitleContext value={setScreenTitle}>
      <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: '100vh' }}>
        <Box sx={{ flex: 1, display: 'flex', flexDirection: 'column' }}>
          <Outlet />
        </Box>
        <Footer />
      </Box>
    </ScreenTitleContext>
  );
}
