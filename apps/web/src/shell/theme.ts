import { createTheme } from '@mui/material/styles';

/**
 * Light and dark schemes, chosen by the system setting through a CSS media query (no stored
 * preference, no flash of the wrong scheme on load).
 */
export const theme = createTheme({
  cssVariables: { colorSchemeSelector: 'media' },
  colorSchemes: { light: true, dark: true },
  typography: {
    h1: { fontSize: '2rem', fontWeight: 500 },
    h2: { fontSize: '1.5rem', fontWeight: 500 },
    h3: { fontSize: '1.25rem', fontWeight: 500 },
  },
});
