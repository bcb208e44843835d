/* On a pre-rendered page (the landing page; explore, an item or a profile as their skeleton, for guests):
   fetch and start the app once the page has painted, so that its first paint never waits for the scripts
   nor shares the network with them. The scripts come at once, side by side: the entry's imports (this
   script's data-preload), the page's route (the server's curio-preload meta) and the language's catalog
   (theme-init.js). Where the server put the page's first pictures in place (the
   curio-page-images meta), the app starts once they have loaded too (at most 3 s): the largest picture
   paints from the HTML, before the app's first render takes the main thread. */
(function () {
  var boot = document.currentScript;
  var src = boot && boot.getAttribute('data-entry');
  if (!src) return;
  function preload(href) {
    var link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.appendChild(link);
  }
  function start() {
    var route = document.querySelector('meta[name="curio-preload"]');
    var files = ((boot.getAttribute('data-preload') || '') + ' ' + (route ? route.getAttribute('content') : '')).split(' ');
    for (var i = 0; i < files.length; i++) if (files[i]) preload(files[i]);
    if (window.curioPreloadCatalogs) window.curioPreloadCatalogs();
    var script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = src;
    document.head.appendChild(script);
  }
  function afterPaint() {
    requestAnimationFrame(function () {
      setTimeout(start, 0);
    });
  }
  function afterPictures(then) {
    var pictures = document.querySelector('meta[name="curio-page-images"]') ? document.querySelectorAll('#root img') : [];
    var waiting = 0;
    var done = false;
    function finish() {
      if (done) return;
      done = true;
      then();
    }
    function one() {
      waiting -= 1;
      if (waiting === 0) finish();
    }
    for (var i = 0; i < pictures.length; i++) {
      if (pictures[i].complete) continue;
      waiting += 1;
      pictures[i].addEventListener('load', one);
      pictures[i].addEventListener('error', one);
    }
    if (waiting === 0) return finish();
    setTimeout(finish, 3000);
  }
  // A hidden tab (no frames) starts at once.
  if (document.visibilityState === 'hidden') start();
  else afterPictures(afterPaint);
})();
