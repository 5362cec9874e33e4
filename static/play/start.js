/* The start page (templates/play/start.html): the partner's level is asked only when the
 * table has a partner, at three or four players. Without JavaScript it is always shown, its
 * label saying when it applies; hidden, it is still sent, so the form deals as before. */
(function () {
  "use strict";
  const form = document.querySelector(".play-start");
  const partner = document.getElementById("div_id_partner");
  if (!form || !partner) return;
  function follow() {
    const players = form.querySelector("input[name=players]:checked");
    partner.hidden = players !== null && players.value === "2";
  }
  form.addEventListener("change", follow);
  follow();
})();
