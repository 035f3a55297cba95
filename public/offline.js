// Behaviour of the offline page (public/offline.html), kept out of the HTML
// because the Content-Security-Policy forbids inline scripts. Retry reloads
// the address the visitor asked for (the offline page is shown in its
// place); coming back online retries on its own, once the server answers:
// browsers may fire `online` (with navigator.onLine true) while a document is
// set up or the connection flaps, and a reload then would replace whatever
// the visitor opened meanwhile with this page's address again.
(function () {
  var retry = document.getElementById("retry");
  var checking = false;
  function reload() {
    window.location.reload();
  }
  if (retry) retry.addEventListener("click", reload);
  window.addEventListener("online", function () {
    if (!navigator.onLine || checking) return;
    checking = true;
    fetch("/healthz", { cache: "no-store" })
      .then(function (response) {
        if (response.ok) reload();
      })
      .catch(function () {
        // still offline: stay on this page
      })
      .then(function () {
        checking = false;
      });
  });
})();
