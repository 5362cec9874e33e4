/* Burraco Tutor, classes: what only the classes' pages need. */

/* The printable sheet's button (a plain button cannot print without a script: it stays
 * hidden until this runs, and the browser's own Print works either way). */
(function () {
  "use strict";
  function ready() {
    document.querySelectorAll("[data-print]").forEach(function (button) {
      button.hidden = false;
      button.addEventListener("click", function () { window.print(); });
    });
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", ready);
  else ready();
})();

/* Buttons that only a page without JavaScript needs (htmx does their work as you edit). */
(function () {
  "use strict";
  function hide(root) {
    root.querySelectorAll("[data-no-js]").forEach(function (element) { element.hidden = true; });
  }
  document.addEventListener("DOMContentLoaded", function () { hide(document); });
  document.addEventListener("htmx:load", function (event) { hide(event.target); });
})();
