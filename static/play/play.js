/* The practice table (templates/play/table.html).
 *
 * Under prefers-reduced-motion the page tells the server so (X-Reduced-Motion), and a move
 * comes back as the table at its end instead of stepping through the other players' moves
 * one at a time.
 *
 * Playing by touch, as in the card apps: choose cards in the hand, then tap one of your melds
 * to attach them, your side of the felt to lay them down, the pile to discard; tap the stock
 * or the pile to draw. Each place that answers a tap names the table's own button
 * (data-tap, data-tap-value) and the tap presses it, so the buttons stay the one way a move
 * is made (and the way for the keyboard, screen readers and pages without JavaScript).
 *
 * The requests the page makes by itself (the next frame of the others' moves, the bots' turns
 * still to come: data-retry) are asked again once a 429's Retry-After has passed, so a
 * learner held back for a moment by a limit never has to press Continue or reload.
 */
(function () {
  "use strict";
  const still = window.matchMedia("(prefers-reduced-motion: reduce)");
  document.addEventListener("htmx:configRequest", function (event) {
    if (still.matches) event.detail.headers["X-Reduced-Motion"] = "1";
  });

  document.addEventListener("htmx:afterRequest", function (event) {
    const element = event.detail.elt;
    const xhr = event.detail.xhr;
    if (!element || !xhr || xhr.status !== 429 || !element.hasAttribute("data-retry")) return;
    const seconds = parseInt(xhr.getResponseHeader("Retry-After"), 10);
    const wait = Math.min(60, Math.max(1, Number.isNaN(seconds) ? 1 : seconds));
    window.setTimeout(function () {
      if (!element.isConnected) return;
      // The refusal's sentence (templates/429.html) no longer applies once it is asked again.
      const box = document.getElementById("messages");
      if (box) box.querySelectorAll(".alert-warning").forEach(function (alert) { alert.remove(); });
      htmx.trigger(element, "retry");
    }, wait * 1000);
  });

  document.documentElement.classList.add("play-tappable");
  document.addEventListener("click", function (event) {
    const place = event.target.closest("[data-tap]");
    // A control inside the place (a button, a link, a card of the hand) does its own work.
    if (!place || event.target.closest("button, a, input, label, .hand-option")) return;
    const form = place.closest("form");
    if (!form) return;
    const buttons = form.querySelectorAll("button[name='" + place.dataset.tap + "']");
    const button = Array.from(buttons).find(function (b) { return b.value === place.dataset.tapValue; });
    if (button && !button.disabled) {
      event.preventDefault();
      button.click();
    }
  });
})();
