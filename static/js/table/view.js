// The table page drawn from its controller (ctrl.js): each part a function of the controller
// that writes no state of it. The lobby and the talk are on tables of people only; the end panel
// is drawn once a hand has ended (and again to hide it), its fold with it; the coach's review
// once a hand of the person's is over; the tips at a guided first hand: a table that needs none
// of them never loads them (later.js).

import { renderBoard } from "./board.js";
import { $ } from "./dom.js";
import { renderControls, renderFairDeal, renderHand, renderInfo, renderSeats, renderStatus } from "./render.js";
import { renderResult } from "./result.js";

export function renderTable(ctrl) {
  renderPhase(ctrl);
  if ($("lobby")) ctrl.lobby.use((lobby) => lobby.render());
  renderSeats(ctrl);
  renderInfo(ctrl);
  renderBoard(ctrl);
  if (ctrl.view.result || ctrl.over || !$("end-panel").hidden) renderResult(ctrl);
  if (ctrl.review.asked || (ctrl.view.result && !ctrl.watching)) {
    ctrl.review.use((review) => review.update(null));
  }
  if (!$("end-panel").hidden || ctrl.fold.asked) ctrl.fold.use((fold) => fold.renderFold());
  renderControls(ctrl);
  renderHand(ctrl);
  renderStatus(ctrl);
  ctrl.clock.render();
  renderFairDeal(ctrl);
  if ($("talk")) ctrl.talk.use((talk) => talk.render());
  if ($("tips")) ctrl.tips.use((tips) => tips.render());
}

/** Playing or gathering, seated or watching: what the page's look and the lobby follow. */
function renderPhase(ctrl) {
  ctrl.root.dataset.phase = ctrl.started ? "play" : "lobby";
  if (ctrl.watching) ctrl.root.dataset.watching = "true";
  else delete ctrl.root.dataset.watching;
  const watching = $("watching");
  if (watching) watching.hidden = !(ctrl.watching && ctrl.started);
  // A quick match's "Matched: you play Lia." is news of the start, not of the end.
  if (ctrl.over) for (const banner of document.querySelectorAll(".messages .matched")) banner.remove();
}
