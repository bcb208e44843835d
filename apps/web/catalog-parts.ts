import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { pickPart, type CatalogPart } from './src/locales/parts';

const PREFIX = 'virtual:curio-catalog/';
// The resolved id's last segment names the chunk: en-core-<hash>.js, zh-CN-rest-<hash>.js.
const RESOLVED = '\0curio-catalog/';
const LOCALES = fileURLToPath(new URL('./src/locales/', import.meta.url));

/**
 * `import('virtual:curio-catalog/<lang>/<core|rest>')`: one part of a language's catalog
 * (src/locales/<lang>.json split by src/locales/parts.ts), each a chunk of its own.
 */
export function catalogParts(): Plugin {
  return {
    name: 'curio:catalog-parts',
    enforce: 'pre',
    resolveId(id) {
      if (!id.startsWith(PREFIX)) return null;
      return RESOLVED + id.slice(PREFIX.length).replace('/', '-');
    },
    load(id) {
      if (!id.startsWith(RESOLVED)) return null;
      const name = id.slice(RESOLVED.length);
      const lang = name.slice(0, name.lastIndexOf('-'));
      const part = name.slice(name.lastIndexOf('-') + 1) as CatalogPart;
      if (!/^[\w-]+$/.test(lang) || (part !== 'core' && part !== 'rest')) throw new Error(`Unknown catalog part: ${id}`);
      const file = `${LOCALES}${lang}.json`;
      this.addWatchFile(file);
      const catalog = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
      // JSON.parse of a string literal is faster to start than the same object as code.
      return `export default JSON.parse(${JSON.stringify(JSON.stringify(pickPart(catalog, part)))});`;
    },
  };
}

/** The language of a core catalog chunk, from its module id (for the preload meta tag). */
export function coreCatalogLanguage(moduleId: string | null | undefined): string | undefined {
  return moduleId?.startsWith(RESOLVED) && moduleId.endsWith('-core') ? moduleId.slice(RESOLVED.length, -'-core'.length) : undefined;
}

/** The language of a catalog's rest chunk, from its module id. */
export function restCatalogLanguage(moduleId: string | null | undefined): string | undefined {
  return moduleId?.startsWith(RESOLVED) && moduleId.endsWith('-rest') ? moduleId.slice(RESOLVED.length, -'-rest'.length) : undefined;
}
