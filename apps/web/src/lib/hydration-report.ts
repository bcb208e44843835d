import type { ErrorInfo } from 'react';

/*
 * What the app does when React takes over a page rendered outside the browser (a pre-rendered page, a
 * guest's page rendered by the server) and its first render differs from the HTML: React renders the
 * differing part anew (a "recoverable error"). That must not happen (the server renders from the same
 * components and data), so it is reported: in development and in test builds with the error and the
 * component it happened in (console.error, which the end-to-end hydration check fails on); in production
 * once per page, as a short warning (React's production error is a number with a link, and a visitor's
 * console is no place for a stack).
 */

/** Builds that say everything: the development server, a development build and a `--mode test` build. */
const VERBOSE = import.meta.env.DEV || import.meta.env.MODE === 'test';

let warned = false;

/** `hydrateRoot`'s `onRecoverableError`. */
export function reportRecoverableError(error: unknown, info: ErrorInfo): void {
  if (VERBOSE) {
    console.error('Hydration: the first render differed from the page’s HTML; React rendered it anew.', error, info.componentStack ?? '');
    return;
  }
  if (warned) return;
  warned = true;
  console.warn(`Hydration: the first render differed from the page’s HTML (${error instanceof Error ? error.message : String(error)}).`);
}
