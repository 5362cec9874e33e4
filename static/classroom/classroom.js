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

/* The puzzle editor's palette: a card pressed while the last one's editor is on its way
 * waits for it. Each press posts the whole form and brings back the whole editor, so a
 * press sent earlier would post the form without the last card, and whichever answer came
 * last would show one card alone. The press is kept, and made again on the new editor's
 * button once htmx has taken that editor in (a card with no copy left stays unpressed). */
(function () {
  "use strict";
  var waiting = [];
  var busy = false;

  function isPalette(element) {
    return element && element.classList && element.classList.contains("palette-card");
  }

  function pressNext() {
    busy = false;
    while (!busy && waiting.length) {
      var button = document.getElementById(waiting.shift());
      if (button && !button.disabled) button.click();
    }
  }

  // Caught on the way down, before htmx's own listener on the button sees the press.
  document.addEventListener("click", function (event) {
    var button = event.target.closest ? event.target.closest(".palette-card") : null;
    if (!button || !busy) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    waiting.push(button.id);
  }, true);
  document.addEventListener("htmx:beforeRequest", function (event) {
    if (isPalette(event.detail.elt)) busy = true;
  });
  document.addEventListener("htmx:afterSettle", function (event) {
    if (busy && event.target.id === "editor") pressNext();
  });
  // No editor came back (the server or the network failed, or too many requests): what
  // waits is dropped.
  document.addEventListener("htmx:afterRequest", function (event) {
    var detail = event.detail;
    if (isPalette(detail.elt) && (detail.failed || detail.xhr.status === 429)) {
      busy = false;
      waiting = [];
    }
  });
})();
