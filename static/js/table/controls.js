// What the player does: the page's buttons, the hand and the board wired to the controller's
// intents (choosing a tile and its end by click, drag or keyboard), and the hint box and the
// sound buttons drawn. Nothing here changes the controller's state but through its methods.

import { $, say } from "./dom.js";
import { renderHand } from "./render.js";
import { onEnd } from "../board/words.js";
import { fill, gettext, pgettext } from "../i18n.js";

export function bindControls(ctrl) {
  $("main-action").addEventListener("click", () => ctrl.mainAction());
  $("hint").addEventListener("click", () => {
    if (ctrl.send({ type: "hint" }, { waits: false })) $("hint-box").hidden = true;
  });
  $("undo").addEventListener("click", () => {
    if (!ctrl.pending) ctrl.send({ type: "undo", version: ctrl.state.version });
  });
  $("cancel").addEventListener("click", () => ctrl.cancelSelection(true));
  $("leave").addEventListener("click", () => ctrl.send({ type: "leave" }, { waits: false }));
  // Said over the open socket (games.services.come_back); a socket not open is connected at
  // once, and opening the table is coming back too (games.services.seat_connected).
  $("back").addEventListener("click", () => {
    say(gettext("Coming back\u2026"));
    ctrl.socket.send({ type: "back" });
  });
  $("rematch").addEventListener("click", () => ctrl.send({ type: "rematch" }, { waits: false }));
  // Against the computer the same settings again, at once: the server deals it as a rematch
  // nobody else has to agree to, and the page goes there ("rematch_dealt").
  $("play-again").addEventListener("click", () => {
    if (ctrl.send({ type: "rematch" }, { waits: false })) $("play-again").disabled = true;
  });
  // A loss, so asked first (a stray tap must not end a match).
  $("resign").addEventListener("click", () => {
    if (window.confirm(gettext("Resign this match? It counts as a loss."))) {
      ctrl.send({ type: "resign" }, { waits: false });
    }
  });
  $("sound").addEventListener("click", () => {
    ctrl.sounds.setMuted(!ctrl.sounds.muted);
    renderSoundButton(ctrl);
    say(ctrl.sounds.muted ? gettext("Sound off.") : gettext("Sound on."));
  });
  $("notify").addEventListener("click", async () => {
    const allowed = await ctrl.attention.askPermission();
    renderSoundButton(ctrl);
    say(allowed ? gettext("You will be told when it is your turn.") : gettext("Notifications are off."));
    $("sound").focus();
  });
  const hand = $("hand");
  hand.addEventListener("click", (event) => {
    const button = event.target.closest("[data-tile]");
    if (button && !ctrl.drag.swallowsClick()) ctrl.chooseTile(button.dataset.tile);
  });
  hand.addEventListener("keydown", handKeys);
  hand.addEventListener("pointerdown", (event) => ctrl.drag.start(event));
  const board = $("board");
  board.addEventListener("click", (event) => {
    const spot = event.target.closest(".spot");
    if (spot) ctrl.playSpot(spot);
    else if (ctrl.selected) ctrl.cancelSelection(false);
  });
  board.addEventListener("keydown", (event) => spotKeys(ctrl, event));
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && ctrl.selected) ctrl.cancelSelection(true);
  });
  window.addEventListener("online", () => ctrl.socket.connect(true));
  document.addEventListener("visibilitychange", () => {
    ctrl.attention.update(ctrl.myTurn() && !ctrl.away);
    if (document.visibilityState === "visible") {
      if (ctrl.socket.socket) ctrl.socket.sync();
      else ctrl.socket.connect(true);
    }
  });
  renderSoundButton(ctrl);
}

function handKeys(event) {
  const buttons = [...$("hand").querySelectorAll("[data-tile]")];
  const index = buttons.indexOf(document.activeElement);
  if (index < 0) return;
  const moves = { ArrowLeft: -1, ArrowUp: -1, ArrowRight: 1, ArrowDown: 1 };
  let target = null;
  if (event.key in moves) target = (index + moves[event.key] + buttons.length) % buttons.length;
  else if (event.key === "Home") target = 0;
  else if (event.key === "End") target = buttons.length - 1;
  if (target === null) return;
  event.preventDefault();
  buttons[target].focus();
}

function spotKeys(ctrl, event) {
  const spot = event.target.closest(".spot");
  if (!spot) return;
  const spots = [...$("board").querySelectorAll(".spot")];
  const index = spots.indexOf(spot);
  if (event.key === "Enter" || event.key === " ") {
    event.preventDefault();
    ctrl.playSpot(spot);
  } else if (["ArrowLeft", "ArrowUp", "ArrowRight", "ArrowDown"].includes(event.key)) {
    event.preventDefault();
    const step = event.key === "ArrowLeft" || event.key === "ArrowUp" ? -1 : 1;
    spots[(index + step + spots.length) % spots.length].focus();
  }
}

/** The hint the server sent (the controller's `hint`), in the hint box and said. */
export function renderHint(ctrl) {
  const { move, reason } = ctrl.hint;
  const tile = move.play;
  let words;
  if (tile && move.end) words = fill(gettext("play %(tile)s %(where)s"), { tile, where: onEnd(move.end) });
  else if (tile) words = fill(gettext("play %(tile)s"), { tile });
  else if (move.draw) words = pgettext("a hint", "draw");
  else words = pgettext("a hint", "pass");
  const box = $("hint-box");
  box.textContent = reason
    ? fill(gettext("Hint: %(words)s (%(reason)s)."), { words, reason })
    : fill(gettext("Hint: %(words)s."), { words });
  box.hidden = false;
  renderHand(ctrl);
  say(box.textContent);
}

function renderSoundButton(ctrl) {
  const sound = $("sound");
  sound.setAttribute("aria-pressed", String(!ctrl.sounds.muted));
  sound.dataset.on = String(!ctrl.sounds.muted);
  $("notify").hidden = !ctrl.attention.canAsk();
}
