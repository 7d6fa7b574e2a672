import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { signedInChunks } from './chunks';
import { contractLean } from './contract-lean';
import { firstCalls } from './first-calls';
import { precompress } from './precompress';

const apiOrigin = 'http://localhost:3000';

/** Everything the server answers besides the web app itself; the dev server forwards it. */
const proxiedPrefixes = [
  '/store',
  '/public',
  '/health',
  '/registration-funnel',
  '/event-track',
  '/track',
  '/tour-guide',
  '/__dev',
  '/docs',
  // The public site and the privacy policy are ready HTML from the server (areas/site).
  '/v3',
  '/privacy-policy',
  '/robots.txt',
  '/sitemap.xml',
];

export default defineConfig({
  plugins: [react(), contractLean(), firstCalls(), precompress()],
  server: {
    port: 5173,
    proxy: {
      ...Object.fromEntries(
        proxiedPrefixes.map((prefix) => [prefix, { target: apiOrigin, changeOrigin: true }]),
      ),
      '/socket.io': { target: apiOrigin, ws: true, changeOrigin: true },
    },
  },
  build: {
    outDir: 'dist',
    // Each screen is a React.lazy chunk (src/app/router.tsx); the entry holds only the router,
    // the providers and the overlays every page needs.
    chunkSizeWarningLimit: 300,
    // Every browser the portal supports preloads modules itself (issue 18: the login page's bytes).
    modulePreload: { polyfill: false },
    sourcemap: false,
    rolldownOptions: { output: { codeSplitting: signedInChunks() } },
  },
});
