// Behaviour of the offline page (public/offline.html), kept out of the HTML
// because the Content-Security-Policy forbids inline scripts. Retry reloads
// the address the visitor asked for (the offline page is shown in its
// place); coming back online retries on its own. The `online` event is only
// trusted when navigator.onLine agrees: browsers may fire it while a new
// document is set up without the connection having come back.
(function () {
  var retry = document.getElementById("retry");
  function reload() {
    window.location.reload();
  }
  if (retry) retry.addEventListener("click", reload);
  window.addEventListener("online", function () {
    if (navigator.onLine) reload();
  });
})();
