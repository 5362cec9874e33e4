/* The practice table (templates/play/table.html). Under prefers-reduced-motion the page
 * tells the server so (X-Reduced-Motion), and a move comes back as the table at its end
 * instead of stepping through the other players' moves one at a time. */
(function () {
  "use strict";
  const still = window.matchMedia("(prefers-reduced-motion: reduce)");
  document.addEventListener("htmx:configRequest", function (event) {
    if (still.matches) event.detail.headers["X-Reduced-Motion"] = "1";
  });
})();
