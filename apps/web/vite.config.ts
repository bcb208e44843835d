import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { catalogParts, coreCatalogLanguage } from './catalog-parts';

const API_TARGET = process.env.CURIO_API_URL ?? 'http://localhost:3001';
const PROXIED = ['/auth', '/functions', '/realtime', '/storage', '/img', '/s/', '/health', '/ready', '/dev/outbox'];

/** Preloads the Latin subsets of the two variable fonts (hashed names are only known after bundling). */
function preloadLatinFonts(): Plugin {
  return {
    name: 'curio:preload-latin-fonts',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        if (!ctx.bundle) return;
        return Object.keys(ctx.bundle)
          .filter((file) => /(fraunces|inter)-latin-wght-normal.*\.woff2$/.test(file))
          .map((file) => ({
            tag: 'link',
            attrs: { rel: 'preload', as: 'font', type: 'font/woff2', href: `/${file}`, crossorigin: '' },
            injectTo: 'head' as const,
          }));
      },
    },
  };
}

/**
 * Names each language's core catalog chunk in a meta tag, so that theme-init.js can preload the one the
 * page will show beside the entry (the entry only asks for it once it runs).
 */
function catalogChunks(): Plugin {
  return {
    name: 'curio:catalog-chunks',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        if (!ctx.bundle) return;
        const pairs: string[] = [];
        for (const chunk of Object.values(ctx.bundle)) {
          const lang = chunk.type === 'chunk' ? coreCatalogLanguage(chunk.facadeModuleId) : undefined;
          if (lang) pairs.push(`${lang}=/${chunk.fileName}`);
        }
        return [{ tag: 'meta', attrs: { name: 'curio-catalogs', content: pairs.sort().join(' ') }, injectTo: 'head-prepend' as const }];
      },
    },
  };
}

export default defineConfig({
  plugins: [react(), tailwindcss(), catalogParts(), preloadLatinFonts(), catalogChunks()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    reportCompressedSize: true,
    chunkSizeWarningLimit: 250,
  },
  server: {
    port: 5173,
    strictPort: true,
    proxy: Object.fromEntries(PROXIED.map((prefix) => [prefix, { target: API_TARGET, changeOrigin: false }])),
  },
});
