// The renderer: the app page, the QR print sheet and the waiters' phone page (staff.html), each a page of its own.
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

const here = (p) => fileURLToPath(new URL(p, import.meta.url));

export default defineConfig({
  root: here('.'),
  base: './',
  plugins: [react()],
  build: {
    outDir: here('../dist/renderer'),
    emptyOutDir: true,
    rollupOptions: { input: { index: here('index.html'), print: here('print.html'), staff: here('staff.html') } },
  },
});
