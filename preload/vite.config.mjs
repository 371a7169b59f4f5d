// Bundles the preload into one CommonJS file: a sandboxed preload can require only electron.
import { defineConfig } from 'vite';
import { fileURLToPath } from 'node:url';

export default defineConfig({
  build: {
    outDir: fileURLToPath(new URL('../dist/preload', import.meta.url)),
    emptyOutDir: true,
    minify: false,
    lib: { entry: fileURLToPath(new URL('./preload.ts', import.meta.url)), formats: ['cjs'], fileName: () => 'preload.cjs' },
    rollupOptions: { external: ['electron'] },
  },
});
