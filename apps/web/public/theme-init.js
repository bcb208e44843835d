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
  try {
    var lang = localStorage.getItem('curio.lang') || (navigator.languages && navigator.languages[0]) || navigator.language || 'en';
    root.lang = /^zh/i.test(lang) ? 'zh-CN' : 'en';
  } catch (e) {}
  // Fetch the page language's catalog (named by the build) beside the entry, not after it.
  var catalogs = document.querySelector('meta[name="curio-catalogs"]');
  var match = catalogs && new RegExp('(?:^| )' + root.lang + '=(\\S+)').exec(catalogs.getAttribute('content') || '');
  if (match) {
    var link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = match[1];
    document.head.appendChild(link);
  }
})();
