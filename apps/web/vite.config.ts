import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The API serves the portal from apps/web/dist; in development, Vite proxies the API paths to a
// running `pnpm start` (SITESEER_API_URL, default http://127.0.0.1:8080) so the portal and the API
// share one origin, as in production (the OIDC redirect URI is `{origin}/auth/callback`).
const apiTarget = process.env.SITESEER_API_URL ?? 'http://127.0.0.1:8080';
const proxied = [
  '/api',
  '/oidc',
  '/interaction',
  '/config.json',
  '/auth/forgot-password',
  '/auth/set-password',
  // The widget bundle, which the documentation's live examples load from the install snippet's URL.
  '/widget',
];

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
  },
  server: {
    proxy: Object.fromEntries(proxied.map((path) => [path, { target: apiTarget, changeOrigin: false }])),
  },
});
