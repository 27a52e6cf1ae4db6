import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, externalizeDepsPlugin } from 'electron-vite';
import type { Plugin, Rollup } from 'vite';
import { rendererCsp } from './src/main/policy/csp';

const root = fileURLToPath(new URL('.', import.meta.url));

/** Native or heavy modules that must stay outside the bundle (rebuilt for Electron at packaging). */
const nativeModules = ['better-sqlite3-multiple-ciphers', 'sharp', 'get-windows', 'screenshot-desktop', 'tesseract.js'];

/**
 * zod ships `@__PURE__` comments in places Rollup cannot use; Rollup drops them and says so on every
 * build. Harmless, and not ours to fix: keep every other warning.
 */
function onwarn(warning: Rollup.RollupLog, warn: Rollup.LoggingFunction): void {
  if (warning.code === 'INVALID_ANNOTATION' && warning.id?.includes('/node_modules/zod/')) return;
  warn(warning);
}

/** Writes the CSP into index.html as a <meta> tag: file:// pages get no response headers. */
function cspMetaTag(): Plugin {
  let devServerUrl: string | undefined;
  return {
    name: 'workflow-shadow:csp-meta',
    configureServer(server) {
      server.httpServer?.once('listening', () => {
        devServerUrl = server.resolvedUrls?.local[0];
      });
    },
    transformIndexHtml: {
      order: 'pre',
      handler: (_html, context) => [
        {
          tag: 'meta',
          attrs: {
            'http-equiv': 'Content-Security-Policy',
            content: rendererCsp({ devServerUrl: context.server ? (devServerUrl ?? 'http://localhost:5173') : undefined }),
          },
          injectTo: 'head-prepend',
        },
      ],
    },
  };
}

export default defineConfig({
  main: {
    plugins: [externalizeDepsPlugin({ include: nativeModules })],
    build: {
      outDir: 'out/main',
      rollupOptions: {
        onwarn,
        // OCR runs in a child process forked from its own entry (see core/ocr/ocr-process-recognizer.ts).
        input: { index: resolve(root, 'src/main/index.ts'), 'ocr-process': resolve(root, 'src/core/ocr/ocr-process.ts') },
        output: { format: 'es', entryFileNames: '[name].js' },
      },
    },
  },
  preload: {
    build: {
      outDir: 'out/preload',
      rollupOptions: {
        onwarn,
        input: { index: resolve(root, 'src/preload/index.ts') },
        // Sandboxed preloads cannot load ES modules; everything but electron is bundled in.
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: resolve(root, 'src/renderer'),
    base: './',
    plugins: [react(), cspMetaTag()],
    build: {
      outDir: resolve(root, 'out/renderer'),
      emptyOutDir: true,
      // electron-vite leaves the renderer unminified; minified it loads in a third of the bytes.
      minify: 'esbuild',
      rollupOptions: { onwarn, input: { index: resolve(root, 'src/renderer/index.html') } },
    },
  },
});
