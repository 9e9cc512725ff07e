import { createTheme } from '@mui/material/styles';

/** Where the user's light/dark/system choice is kept (localStorage); the widget never reads it. */
export const COLOR_SCHEME_STORAGE_KEY = 'siteseer.colorScheme';

/**
 * Light and dark schemes, switched by a class on <html>: 'system' (the default) follows the
 * browser's setting, and the user menu can pin light or dark (kept in localStorage, applied at
 * once, no reload).
 */
export const theme = createTheme({
  cssVariables: { colorSchemeSelector: 'class' },
  colorSchemes: {
    light: {
      palette: {
        // MUI's #1976d2 is 4.6:1 on white but 4.4:1 under a text button's hover tint (axe flags a
        // hovered "Next"); blue 800 is 5.8:1, and the analytics frames' accent already.
        primary: { main: '#1565c0' },
      },
    },
    dark: {
      palette: {
        // MUI's dark error red with white text is 3.7:1; dark text on it passes WCAG AA (delete buttons).
        error: { main: '#f44336', contrastText: 'rgba(0, 0, 0, 0.87)' },
        // A filled success alert (the toasts) is white on success.dark: MUI's #388e3c is 4.1:1.
        success: { main: '#66bb6a', dark: '#2e7d32' },
        // The top bar's dark surface, lighter than the page so the bar stands out, with white text.
        AppBar: { darkBg: '#1e2a38', darkColor: '#ffffff' },
      },
    },
  },
  typography: {
    h1: { fontSize: '2rem', fontWeight: 500 },
    h2: { fontSize: '1.5rem', fontWeight: 500 },
    h3: { fontSize: '1.25rem', fontWeight: 500 },
  },
});
