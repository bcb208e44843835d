/* On a pre-rendered page (the landing page; explore, an item or a profile for guests: rendered with their
   data by the server, or as their skeleton):
   fetch and start the app once the page has painted, so that its first paint never waits for the scripts
   nor shares the network with them. The scripts come at once, side by side: the entry's imports (this
   script's data-preload), the page's route (the server's curio-preload meta) and the language's catalog
   (theme-init.js). Where the server put the page's first pictures in place (the
   curio-page-images meta, or a page the server rendered with its data: the curio-page-data script), the
   app starts once they have loaded too (at most 3 s): the largest picture
   paints from the HTML, before the app's first render takes the main thread. */
(function () {
  var boot = document.currentScript;
  var src = boot && boot.getAttribute('data-entry');
  if (!src) return;
  function preload() {
    for (var i = 0; i < arguments.length; i++) {
      if (!arguments[i]) continue;
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = arguments[i];
      document.head.appendChild(link);
    }
  }
  // Each preload link costs the main thread a few milliseconds (on a slow phone, tens): they are added
  // two at a time, each pair in a task of its own, then the language's catalogs, then the entry.
  function start() {
    var route = document.querySelector('meta[name="curio-preload"]');
    var files = ((boot.getAttribute('data-preload') || '') + ' ' + (route ? route.getAttribute('content') : '')).split(' ');
    var steps = [];
    for (var i = 0; i < files.length; i += 2) steps.push(preload.bind(null, files[i], files[i + 1]));
    if (window.curioPreloadCatalogs) steps.push(window.curioPreloadCatalogs);
    steps.push(function () {
      var script = document.createElement('script');
      script.type = 'module';
      script.crossOrigin = '';
      script.src = src;
      document.head.appendChild(script);
    });
    (function next() {
      steps.shift()();
      if (steps.length) setTimeout(next, 0);
    })();
  }
  // After the first paint is on screen: the browser reports first-contentful-paint once the frame has
  // been presented, which is later than the frame's own animation callback (a script requested there
  // would still count as holding the paint back). A browser without paint timing waits two frames.
  function afterPaint() {
    var started = false;
    function go() {
      if (started) return;
      started = true;
      requestAnimationFrame(function () {
        requestAnimationFrame(function () {
          setTimeout(start, 0);
        });
      });
    }
    function painted() {
      return performance.getEntriesByName && performance.getEntriesByName('first-contentful-paint').length > 0;
    }
    if (painted() || typeof PerformanceObserver !== 'function') return go();
    try {
      var observer = new PerformanceObserver(function () {
        if (!painted()) return;
        observer.disconnect();
        go();
      });
      observer.observe({ type: 'paint', buffered: true });
    } catch (e) {
      return go();
    }
    setTimeout(go, 1000);
  }
  function afterPictures(then) {
    // The pictures the server put in place: the page images' meta, or a page rendered with its data
    // (a guest's profile, explore or item page); the ones loaded lazily (below the fold) are not waited for.
    var placed = document.querySelector('meta[name="curio-page-images"]') || document.getElementById('curio-page-data');
    var pictures = placed ? document.querySelectorAll('#root img:not([loading="lazy"])') : [];
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
