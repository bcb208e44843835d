/** One part of a language's catalog, split by the build (catalog-parts.ts beside vite.config.ts). */
declare module 'virtual:curio-catalog/*' {
  const catalog: Record<string, unknown>;
  export default catalog;
}
