import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { catalogParts, coreCatalogLanguage, restCatalogLanguage } from './catalog-parts';

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
 * page will show beside the entry (the entry only asks for it once it runs); and the rest parts in
 * another, which every page but the landing page waits for.
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
        const rest: string[] = [];
        for (const chunk of Object.values(ctx.bundle)) {
          if (chunk.type !== 'chunk') continue;
          const lang = coreCatalogLanguage(chunk.facadeModuleId);
          if (lang) pairs.push(`${lang}=/${chunk.fileName}`);
          const restLang = restCatalogLanguage(chunk.facadeModuleId);
          if (restLang) rest.push(`${restLang}=/${chunk.fileName}`);
        }
        return [
          { tag: 'meta', attrs: { name: 'curio-catalogs', content: pairs.sort().join(' ') }, injectTo: 'head-prepend' as const },
          { tag: 'meta', attrs: { name: 'curio-catalogs-rest', content: rest.sort().join(' ') }, injectTo: 'head-prepend' as const },
        ];
      },
    },
  };
}

/** The pages the server names the scripts of in their HTML (apps/server/src/modules/pages). */
const PRELOADED_PAGES = ['landing', 'explore', 'item', 'profile'];

/**
 * Writes page-preloads.json: for each of those pages, its route chunk and the chunks it imports that
 * the entry does not (index.html preloads the entry's), so that the server can name them in the page's
 * HTML instead of the browser finding them only after the entry has run.
 */
function pagePreloads(): Plugin {
  return {
    name: 'curio:page-preloads',
    // The browser's build only: the server-side bundle's chunks are no page's scripts.
    apply: (_config, { command, isSsrBuild }) => command === 'build' && !isSsrBuild,
    generateBundle(_options, bundle) {
      const chunks = new Map(Object.values(bundle).flatMap((c) => (c.type === 'chunk' ? [[c.fileName, c] as const] : [])));
      const closure = (file: string, into = new Set<string>()) => {
        if (into.has(file)) return into;
        into.add(file);
        for (const dep of chunks.get(file)?.imports ?? []) closure(dep, into);
        return into;
      };
      const entry = new Set<string>();
      for (const c of chunks.values()) if (c.isEntry) closure(c.fileName, entry);
      const pages: Record<string, string[]> = {};
      for (const name of PRELOADED_PAGES) {
        const route = [...chunks.values()].find((c) => c.facadeModuleId?.endsWith(`/src/app/routes/${name}.tsx`));
        if (!route) throw new Error(`No chunk for the ${name} route`);
        pages[name] = [...closure(route.fileName)].filter((f) => !entry.has(f)).map((f) => `/${f}`);
      }
      this.emitFile({ type: 'asset', fileName: 'page-preloads.json', source: `${JSON.stringify(pages, null, 2)}\n` });
    },
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), tailwindcss(), catalogParts(), preloadLatinFonts(), catalogChunks(), pagePreloads()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    reportCompressedSize: true,
    chunkSizeWarningLimit: isSsrBuild ? 2000 : 250,
    // The server-side bundle is no site: public/ is the browser's build's to copy.
    copyPublicDir: !isSsrBuild,
    rolldownOptions: {
      // A zod call whose result nothing uses is dropped (no code calls zod for a side effect): an unused
      // schema is then not built when its module loads. Only where its arguments are free of effects too:
      // a schema made with the contract's own helpers (text(), textOrList()) stays. About 750 bytes
      // gzipped of the lazily loaded chunks; the pages' constants live apart from the schemas (limits.ts).
      treeshake: { manualPureFunctions: ['z'] },
    },
  },
  // The server-side bundle (src/prerender.tsx) carries its dependencies: the server renders a guest's
  // profile with it (apps/server/src/modules/pages), also where the web app's packages are not installed.
  ssr: { noExternal: true },
  server: {
    port: 5173,
    strictPort: true,
    proxy: Object.fromEntries(PROXIED.map((prefix) => [prefix, { target: API_TARGET, changeOrigin: false }])),
  },
}));
