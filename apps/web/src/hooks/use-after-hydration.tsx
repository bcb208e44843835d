import { startTransition, Suspense, useEffect, useState, type ReactNode } from 'react';

let hydrated = false;

/** The app's first render creates its elements (no pre-rendered page to take over): nothing waits. */
export function markHydrated(): void {
  hydrated = true;
}

/**
 * True while a page is rendered outside the browser, and while React takes over its HTML (the first
 * render in the browser, until its effects run): what renders now must be what the HTML shows.
 */
export function rendersPageHtml(): boolean {
  return !hydrated;
}

/**
 * False while React takes over a pre-rendered page (and in the pre-render itself), true once that is
 * done. Parts that load their code lazily (the header's menus, the toaster) show their placeholder
 * until then and swap in afterwards, in a transition: rendered during the take-over, each would be
 * a boundary React renders on the client at once, in one task that does not yield to a tap. Parts
 * mounted later (another page, a sign-in) render at once.
 */
export function useAfterHydration(): boolean {
  const [ready, setReady] = useState(hydrated);
  useEffect(() => {
    if (ready) return;
    hydrated = true;
    startTransition(() => setReady(true));
  }, [ready]);
  return ready;
}

/**
 * A part whose code loads lazily: its placeholder until the page is the app's (see useAfterHydration),
 * then the part, with the same placeholder while its code arrives.
 */
export function AfterHydration({ placeholder = null, children }: { placeholder?: ReactNode; children: ReactNode }) {
  const ready = useAfterHydration();
  if (!ready) return placeholder;
  return <Suspense fallback={placeholder}>{children}</Suspense>;
}
