import './lib/zod-jitless';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app';
import { startRouter } from './app/router';
import { markHydrated } from './hooks/use-after-hydration';
import { reportRecoverableError } from './lib/hydration-report';
import { currentLanguage, i18n, initI18n, loadWholeCatalog } from './lib/i18n';
import { cn } from './lib/utils';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');
// The language the page's HTML was rendered in (the server's guess: the cookie, then Accept-Language),
// as public/theme-init.js found it before setting the visitor's own.
const renderedIn = document.documentElement.dataset.renderedLang ?? document.documentElement.lang;

// The first render waits for the active language's catalog, so no translation key ever shows, and for
// the current page's route (loaded meanwhile), so it shows the page rather than the loader. It renders
// in a transition: React yields to the browser between components instead of blocking it throughout.
// The landing page arrives pre-rendered (scripts/prerender.mjs), other pages as their skeleton, and a
// guest's profile, explore and item page rendered by the server with their data, which the query cache
// starts with (lib/page-data.ts).
// Each is hydrated: the same first render takes over its elements, so nothing moves and focus stays where
// a visitor put it meanwhile. Should it differ, React renders the part anew: a fault, reported
// (lib/hydration-report.ts; the end-to-end check of the server-rendered pages fails on it). HTML in
// another language than the app chose (a saved choice the server could not see) is rendered anew whole.
// The rest of the catalog (other pages' messages) follows once the page has painted.
// Each step before that render starts in a task of its own (the modules' evaluation, i18next's set-up,
// the router's first match, tailwind-merge's tables), so that a phone never has one long task that holds a
// tap back.
void (async () => {
  await nextTask();
  const language = initI18n();
  await nextTask();
  await Promise.all([language, startRouter()]);
  // tailwind-merge builds its tables on its first call (tens of milliseconds on a slow phone): in a task
  // of its own, not inside the first render's, which cannot yield in the middle of a component.
  await nextTask();
  cn('p-0', 'p-1');
  const app = (
    <StrictMode>
      <App />
    </StrictMode>
  );
  startTransition(() => {
    if (root.firstElementChild && renderedIn === currentLanguage()) hydrateRoot(root, app, { onRecoverableError: reportRecoverableError });
    else {
      markHydrated();
      createRoot(root).render(app);
    }
  });
  const later = window.requestIdleCallback ?? ((cb: () => void) => window.setTimeout(cb, 200));
  later(() => void loadWholeCatalog().catch(() => undefined));
  // The first date a page formats costs tens of milliseconds (ICU's data: 30 ms in English and 90 in
  // Chinese on a slow machine), inside whichever render asks first (an item's date, a comment's time);
  // made once while the page waits for its data, each format after it costs a tenth of a millisecond.
  later(() => void new Intl.DateTimeFormat(i18n.resolvedLanguage ?? 'en', { dateStyle: 'medium' }).format(0));
})();

function nextTask(): Promise<void> {
  return new Promise((resolve) => window.setTimeout(resolve, 0));
}
