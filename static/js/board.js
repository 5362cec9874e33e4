/* Burraco Tutor: the hand as a keyboard multi-select, and focus after htmx swaps.
 *
 * Without JavaScript the hand is a list of checkboxes in the answer form. This turns it
 * into a listbox: arrow keys move between cards, Space (or a click) selects, and
 * aria-selected follows the hidden checkbox that the form still submits.
 */
(function () {
  "use strict";

  function enhanceHand(fieldset) {
    if (fieldset.dataset.enhanced) return;
    const list = fieldset.querySelector(".hand-cards");
    if (!list) return;
    fieldset.dataset.enhanced = "1";
    const legend = fieldset.querySelector("legend");
    if (legend && !legend.id) legend.id = "hand-legend-" + Math.random().toString(36).slice(2);
    list.setAttribute("role", "listbox");
    list.setAttribute("aria-multiselectable", "true");
    if (legend) list.setAttribute("aria-labelledby", legend.id);
    const options = Array.from(list.querySelectorAll("li"));
    options.forEach(function (item, index) {
      const box = item.querySelector("input[type=checkbox]");
      item.setAttribute("role", "option");
      item.setAttribute("aria-selected", box.checked ? "true" : "false");
      item.tabIndex = index === 0 ? 0 : -1;
      // The option is the control now: its checkbox leaves the page's focus order and the
      // accessibility tree (a control inside a control confuses both), but the form still
      // submits it.
      box.hidden = true;
      item.classList.add("hand-option");
      if (box.disabled) item.setAttribute("aria-disabled", "true");
      function toggle() {
        if (box.disabled) return;
        box.checked = !box.checked;
        item.setAttribute("aria-selected", box.checked ? "true" : "false");
        box.dispatchEvent(new Event("change", { bubbles: true }));
      }
      item.addEventListener("click", function (event) {
        event.preventDefault();
        toggle();
        focus(index);
      });
      item.addEventListener("keydown", function (event) {
        const last = options.length - 1;
        const moves = { ArrowRight: index + 1, ArrowDown: index + 1, ArrowLeft: index - 1,
                        ArrowUp: index - 1, Home: 0, End: last };
        if (event.key in moves) {
          event.preventDefault();
          focus(Math.max(0, Math.min(last, moves[event.key])));
        } else if (event.key === " " || event.key === "Spacebar") {
          event.preventDefault();
          toggle();
        }
      });
    });
    function focus(index) {
      options.forEach(function (item, i) { item.tabIndex = i === index ? 0 : -1; });
      options[index].focus();
    }
  }

  const TYPING = "input:not([type]), input[type=text], input[type=search], textarea";

  function enhance(root) {
    root.querySelectorAll("[data-hand]").forEach(enhanceHand);
  }

  document.addEventListener("DOMContentLoaded", function () { enhance(document); });
  document.addEventListener("htmx:load", function (event) { enhance(event.target); });
  /* A request htmx could not complete (the server failed, the form had expired, the
   * network is down) would otherwise look like a button that does nothing: say so in the
   * page's messages, which screen readers announce, in the page's language (#messages'
   * data-error-* attributes). */
  function tell(kind) {
    const box = document.getElementById("messages");
    const text = box && box.dataset["error" + kind];
    if (!text) return;
    const alert = document.createElement("div");
    alert.className = "alert alert-danger mt-3 mb-0";
    alert.setAttribute("role", "alert");
    alert.textContent = text;
    box.replaceChildren(alert);
  }
  /* Each request is numbered as it is sent, so that only a request sent after the failure
   * clears it: an answer that failed must not be cleared by the hand's choice drawn anew
   * by a request sent before it and answered later. */
  let sent = 0;
  let failed = 0;
  function number(event) { return (event.detail.xhr && event.detail.xhr.burracoSent) || 0; }
  document.addEventListener("htmx:beforeSend", function (event) {
    if (event.detail.xhr) event.detail.xhr.burracoSent = ++sent;
  });
  document.addEventListener("htmx:responseError", function (event) {
    const status = event.detail.xhr.status;
    failed = number(event);
    tell(status === 403 ? "Expired" : status === 404 ? "Missing" : "Server");
  });
  document.addEventListener("htmx:sendError", function (event) {
    failed = number(event);
    tell("Network");
  });
  /* A later request's swap that worked: the failure no longer applies. */
  document.addEventListener("htmx:afterSwap", function (event) {
    if (number(event) < failed) return;
    const box = document.getElementById("messages");
    if (box) box.querySelectorAll("[role=alert]").forEach(function (alert) { alert.remove(); });
  });

  /* After a swap, put focus where the news is (feedback, an error, a hint), or on the
   * swapped region, so keyboard and screen-reader users are not left behind. */
  document.addEventListener("htmx:afterSwap", function (event) {
    let target = event.detail.target;
    // A piece that follows the learner's own choosing must not take the focus away.
    if (target.hasAttribute("data-no-focus")) return;
    // An outerHTML swap has replaced the target: the news is in the element now in its place.
    if (!target.isConnected && target.id) target = document.getElementById(target.id) || target;
    // htmx has put the focus back in the field being typed in (same id): typing goes on.
    const active = document.activeElement;
    if (active && target.contains(active) && active.matches(TYPING)) return;
    // While the table steps through the others' moves, a learner who has tabbed on (to the
    // moves' log, which htmx focuses again after the swap by its id, or out of the table)
    // stays where they went; only a focus the swap took away comes back to the news.
    if (active && active !== document.body && target.querySelector("#play-skip")) return;
    const news = target.querySelector("[data-focus]") || target.querySelector("h1, h2");
    const place = news || target;
    if (!place.hasAttribute("tabindex")) place.setAttribute("tabindex", "-1");
    // At the table the page stays where the learner is looking (the hand, the felt): a move
    // must not scroll it; the news is announced by the table's live regions.
    place.focus({ preventScroll: Boolean(place.closest(".play-table")) });
  });
})();
