// A server-rendered page (decision 020) paints first, then runs the app: the app's module script is
// added after the first frame. Its files are already downloading (modulepreload in the page's head).
(function () {
  var entry = document.currentScript && document.currentScript.getAttribute('data-entry');
  if (!entry) return;
  function run() {
    var script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = entry;
    document.head.appendChild(script);
  }
  if (document.visibilityState === 'hidden') run();
  else requestAnimationFrame(function () {
    setTimeout(run, 0);
  });
})();
