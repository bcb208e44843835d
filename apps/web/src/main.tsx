import './lib/zod-jitless';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { initI18n, loadWholeCatalog } from './lib/i18n';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');

// The first render waits for the active language's catalog, so no translation key ever shows.
// The rest of the catalog (other pages' messages) follows once the page has painted.
void initI18n().then(() => {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
  const later = window.requestIdleCallback ?? ((cb: () => void) => window.setTimeout(cb, 200));
  later(() => void loadWholeCatalog().catch(() => undefined));
});
