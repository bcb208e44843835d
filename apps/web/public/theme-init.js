/* Applies the saved theme and language before the first paint (no flash). Keys: STORAGE_KEYS in @curio/contract. */
(function () {
  var root = document.documentElement;
  var theme = 'system';
  try {
    theme = localStorage.getItem('curio.theme') || 'system';
  } catch (e) {}
  var dark = theme === 'dark' || (theme !== 'light' && window.matchMedia && window.matchMedia('(prefers-color-scheme: dark)').matches);
  if (dark) root.classList.add('dark');
  root.style.colorScheme = dark ? 'dark' : 'light';
  // The language the page's HTML came in (the server's guess), kept for the app's start (main.tsx).
  root.setAttribute('data-rendered-lang', root.lang);
  try {
    var lang = localStorage.getItem('curio.lang') || (navigator.languages && navigator.languages[0]) || navigator.language || 'en';
    root.lang = /^zh/i.test(lang) ? 'zh-CN' : 'en';
  } catch (e) {}
  // Fetch the page language's catalog (named by the build) beside the entry, not after it: its core
  // part, and on every page but the landing page (which does not wait for it) the rest as well. A
  // pre-rendered page paints from its HTML and fetches its scripts only once it has (boot-after-paint.js
  // calls this then): the first paint and the largest picture do not share the network with them.
  function preloadCatalog(name) {
    var meta = document.querySelector('meta[name="' + name + '"]');
    var match = meta && new RegExp('(?:^| )' + root.lang + '=(\\S+)').exec(meta.getAttribute('content') || '');
    if (!match) return;
    var link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = match[1];
    document.head.appendChild(link);
  }
  function preloadCatalogs() {
    preloadCatalog('curio-catalogs');
    if (location.pathname !== '/') preloadCatalog('curio-catalogs-rest');
  }
  if (document.querySelector('meta[name="curio-prerendered"]')) window.curioPreloadCatalogs = preloadCatalogs;
  else preloadCatalogs();
})();
