import { createTheme } from '@mui/material/styles';

/**
 * Light and dark schemes, chosen by the system setting through a CSS media query (no stored
 * preference, no flash of the wrong scheme on load).
 */
export const theme = createTheme({
  cssVariables: { colorSchemeSelector: 'media' },
  colorSchemes: {
    light: true,
    // MUI's dark error red with white text is 3.7:1; dark text on it passes WCAG AA (delete buttons).
    dark: { palette: { error: { main: '#f44336', contrastText: 'rgba(0, 0, 0, 0.87)' } } },
  },
  typography: {
    h1: { fontSize: '2rem', fontWeight: 500 },
    h2: { fontSize: '1.5rem', fontWeight: 500 },
    h3: { fontSize: '1.25rem', fontWeight: 500 },
  },
});
