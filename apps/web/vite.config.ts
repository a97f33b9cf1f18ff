import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

const apiTarget = process.env.API_URL ?? 'http://localhost:3000';
const BRAND_700 = '#0369a1';
const SLATE_50 = '#f8fafc';

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    react(),
    tailwindcss(),
    // Installable app (issue 9): manifest, icons and src/pwa/sw.ts with the build's file list.
    // The pre-render build (--ssr) needs none of it.
    VitePWA({
      disable: !!isSsrBuild,
      strategies: 'injectManifest',
      srcDir: 'src/pwa',
      filename: 'sw.ts',
      // src/pwa/register-sw.ts registers it after the page has loaded.
      injectRegister: false,
      // The icons are in globPatterns already.
      includeManifestIcons: false,
      manifest: {
        name: 'AeroPool',
        short_name: 'AeroPool',
        description: "Share a cab to or from Bengaluru's Kempegowda airport and split the fare.",
        id: '/',
        start_url: '/dashboard',
        scope: '/',
        display: 'standalone',
        theme_color: BRAND_700,
        background_color: SLATE_50,
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          {
            src: '/icons/maskable-512.png',
            sizes: '512x512',
            type: 'image/png',
            purpose: 'maskable',
          },
        ],
      },
      injectManifest: {
        rollupFormat: 'iife',
        // Scripts, styles, images and the offline page. No other HTML: index.html is the empty
        // shell, while the server answers each path with its own (pre-rendered) page.
        globPatterns: ['**/*.{js,css,svg,png,webp,woff2}', 'offline.html'],
        globIgnores: ['sw.js', 'apple-touch-icon.png'],
      },
    }),
  ],
  server: {
    port: 5173,
    proxy: {
      '/api': apiTarget,
      '/socket.io': { target: apiTarget, ws: true },
    },
  },
  // The manifest lets build/prerender.ts modulepreload each pre-rendered page's route chunk.
  // The public pages of first visits have their own entry (src/island): build/prerender.ts puts it
  // in their pre-rendered HTML instead of the app's, so the first load is React and the page only.
  build: {
    outDir: 'dist',
    sourcemap: true,
    manifest: true,
    rolldownOptions: isSsrBuild
      ? {}
      : { input: { index: 'index.html', island: 'src/island/main.tsx' } },
  },
}));
