/* Burraco Tutor, classes: show the answer to a refused request in place.
 *
 * A form the server refuses (a card that is no card, a field too long) comes back as 400
 * with the same fragment and the reasons in it. htmx leaves 4xx answers unswapped by
 * default; on the classes' pages they are meant to be read, so they are swapped like any.
 */
(function () {
  "use strict";
  /* When htmx swaps an element for the new one with the same id, it copies a few
   * attributes across, style among them. The site's policy forbids inline styles, so a
   * style attribute the browser added (a textarea the user resized) would be refused with
   * an error on the console: copy the others only. */
  if (window.htmx) {
    window.htmx.config.attributesToSettle = ["class", "width", "height"];
  }
  document.addEventListener("htmx:beforeSwap", function (event) {
    if (event.detail.xhr.status === 400) {
      event.detail.shouldSwap = true;
      event.detail.isError = false;
    }
  });
})();

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
