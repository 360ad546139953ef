// What the player does: the buttons, choosing a tile and its end by click or keyboard, and
// where focus goes when the table is drawn again (never lost to the page's body).

import { $ } from "./dom.js";
import { fill, gettext, pgettext } from "../i18n.js";
import { endName, joinOr, onEnd } from "./words.js";

export const controls = {
  bindControls() {
    $("main-action").addEventListener("click", () => this.mainAction());
    if ($("lobby")) this.bindLobby();
    $("hint").addEventListener("click", () => {
      if (this.send({ type: "hint" }, { waits: false })) $("hint-box").hidden = true;
    });
    $("undo").addEventListener("click", () => {
      if (!this.pending) this.send({ type: "undo", version: this.state.version });
    });
    $("cancel").addEventListener("click", () => this.cancelSelection(true));
    $("leave").addEventListener("click", () => this.send({ type: "leave" }, { waits: false }));
    // Said over the open socket (games.services.come_back); a socket not open is connected at
    // once, and opening the table is coming back too (games.services.seat_connected).
    $("back").addEventListener("click", () => {
      this.say(gettext("Coming back\u2026"));
      this.socket.send({ type: "back" });
    });
    $("rematch").addEventListener("click", () => this.send({ type: "rematch" }, { waits: false }));
    $("sound").addEventListener("click", () => {
      this.sounds.setMuted(!this.sounds.muted);
      this.renderSoundButton();
      this.say(this.sounds.muted ? gettext("Sound off.") : gettext("Sound on."));
    });
    $("notify").addEventListener("click", async () => {
      const allowed = await this.attention.askPermission();
      this.renderSoundButton();
      this.say(
        allowed ? gettext("You will be told when it is your turn.") : gettext("Notifications are off."),
      );
      $("sound").focus();
    });
    const hand = $("hand");
    hand.addEventListener("click", (event) => {
      const button = event.target.closest("[data-tile]");
      if (!button) return;
      if (this.suppressClick) {
        this.suppressClick = false;
        return;
      }
      this.chooseTile(button.dataset.tile);
    });
    hand.addEventListener("keydown", (event) => this.handKeys(event));
    hand.addEventListener("pointerdown", (event) => this.dragStart(event));
    const board = $("board");
    board.addEventListener("click", (event) => {
      const spot = event.target.closest(".spot");
      if (spot) this.playSpot(spot);
      else if (this.selected) this.cancelSelection(false);
    });
    board.addEventListener("keydown", (event) => this.spotKeys(event));
    document.addEventListener("keydown", (event) => {
      if (event.key === "Escape" && this.selected) this.cancelSelection(true);
    });
    // Whether the player's focus is on the game (the hand, the board, the bar): only then does
    // a new state move it, so a form being filled in keeps its focus.
    document.addEventListener("focusin", (event) => {
      this.playFocus = Boolean(event.target.closest?.("#board, .bar"));
    });
    window.addEventListener("online", () => this.socket.connect(true));
    document.addEventListener("visibilitychange", () => {
      this.attention.update(this.myTurn() && !this.away);
      if (document.visibilityState === "visible") {
        if (this.socket.socket) this.socket.sync();
        else this.socket.connect(true);
      }
    });
    this.renderSoundButton();
  },

  async copyLink() {
    const input = $("share-link");
    try {
      await navigator.clipboard.writeText(input.value);
      this.say(gettext("Link copied."));
    } catch {
      // No clipboard (an insecure origin, or permission refused): select it for the user.
      input.focus();
      input.select();
      this.say(gettext("Copy the selected link."));
    }
  },

  mainAction() {
    // The button stays focusable while a move is in flight (aria-disabled, not disabled): a
    // disabled button would drop the keyboard's focus to the page's body.
    if (this.pending || this.away) return;
    const view = this.view;
    if (view.result && !view.match.finished) {
      this.send({ type: "next_hand", version: this.state.version });
      return;
    }
    const only = this.myTurn() ? view.legal : [];
    if (only.length === 1 && (only[0].draw || only[0].pass)) this.sendMove(only[0]);
  },

  chooseTile(tile) {
    this.hideAlert();
    if (this.pending) return;
    const view = this.view;
    if (this.away) {
      this.say(gettext("You are away: press I'm back to play again."));
      return;
    }
    if (!this.myTurn()) {
      this.say(view.result ? gettext("The hand is over.") : gettext("Wait for your turn."));
      return;
    }
    if (this.selected === tile) {
      this.cancelSelection(true);
      return;
    }
    const options = this.plays().filter((m) => m.play === tile);
    if (options.length === 0) {
      const nothing = this.plays().length === 0;
      this.cancelSelection(false);
      const fix =
        this.mainActionName() === "draw" ? gettext("Nothing fits: draw.") : gettext("Nothing fits: pass.");
      this.say(nothing ? fix : fill(gettext("%(tile)s does not fit an open end."), { tile }));
      return;
    }
    if (options.length === 1) {
      this.selected = null;
      this.sendMove(options[0]);
      return;
    }
    this.selected = tile;
    this.render();
    const ends = joinOr(options.map((m) => endName(m.end)));
    this.say(fill(gettext("Choose where to play %(tile)s: %(ends)s."), { tile, ends }));
    const first = $("board").querySelector(".spot");
    if (first) first.focus();
  },

  cancelSelection(returnFocus) {
    const tile = this.selected;
    if (!tile) return;
    this.selected = null;
    this.render();
    if (returnFocus) {
      const button = $("hand").querySelector(`[data-tile="${tile}"]`);
      if (button) button.focus();
    }
  },

  playSpot(spot) {
    const tile = spot.dataset.tile;
    const end = spot.dataset.end;
    const move = this.plays().find(
      (m) => m.play === tile && (end === "opening" ? !m.end : m.end === end),
    );
    if (!move) return;
    this.selected = null;
    this.sendMove(move);
  },

  handKeys(event) {
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
  },

  spotKeys(event) {
    const spot = event.target.closest(".spot");
    if (!spot) return;
    const spots = [...$("board").querySelectorAll(".spot")];
    const index = spots.indexOf(spot);
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      this.playSpot(spot);
    } else if (["ArrowLeft", "ArrowUp", "ArrowRight", "ArrowDown"].includes(event.key)) {
      event.preventDefault();
      const step = event.key === "ArrowLeft" || event.key === "ArrowUp" ? -1 : 1;
      spots[(index + step + spots.length) % spots.length].focus();
    }
  },

  // --- focus across re-renders ---
  focusInPlay() {
    const active = document.activeElement;
    if (!active || active === document.body) {
      return this.playFocus ? { index: this.lastTileIndex ?? 0 } : null;
    }
    if ($("hand").contains(active) && active.dataset.tile) {
      const buttons = [...$("hand").querySelectorAll("[data-tile]")];
      return { tile: active.dataset.tile, index: buttons.indexOf(active) };
    }
    if ($("board").contains(active)) return { index: this.lastTileIndex ?? 0 };
    if (active.id === "main-action" || active.id === "back") return { main: true, index: 0 };
    return null;
  },

  // The next sensible control: the same tile, the main button, a lit tile, the hand, I'm back.
  restoreFocus(was) {
    this.lastTileIndex = null;
    if (!was) return;
    const active = document.activeElement;
    const lost = !active || active === document.body || active.hidden;
    const main = $("main-action");
    const buttons = [...$("hand").querySelectorAll("[data-tile]")];
    const same = was.tile && buttons.find((b) => b.dataset.tile === was.tile);
    if (!lost && active === same) return;
    const lit = buttons.find((b) => b.classList.contains("playable"));
    const near = buttons[Math.min(was.index ?? 0, buttons.length - 1)];
    const candidates = this.away
      ? [$("back")]
      : was.main
        ? [main, lit, near, same]
        : [same, main, lit, near];
    const target = candidates.find((el) => el && !el.hidden && el.isConnected);
    if (target) target.focus();
    else if (lost) $("sound").focus();
  },

  // --- hints, alerts, announcements ---
  showHint(message) {
    const move = message.move || {};
    this.hint = move;
    const tile = move.play;
    let words;
    if (tile && move.end) words = fill(gettext("play %(tile)s %(where)s"), { tile, where: onEnd(move.end) });
    else if (tile) words = fill(gettext("play %(tile)s"), { tile });
    else if (move.draw) words = pgettext("a hint", "draw");
    else words = pgettext("a hint", "pass");
    const box = $("hint-box");
    box.textContent = message.reason
      ? fill(gettext("Hint: %(words)s (%(reason)s)."), { words, reason: message.reason })
      : fill(gettext("Hint: %(words)s."), { words });
    box.hidden = false;
    this.renderHand();
    this.say(box.textContent);
  },

  showAlert(text) {
    const alert = $("alert");
    alert.textContent = text;
    alert.hidden = false;
  },

  hideAlert() {
    const alert = $("alert");
    alert.hidden = true;
    alert.textContent = "";
  },

  // Announce politely: each message is a new line in the live region (so quick successive
  // moves are all read), and the status line shows the latest.
  // The status line shows `short` (the latest news) when the whole announcement is long.
  say(text, short = text) {
    const live = $("live");
    const line = document.createElement("p");
    line.textContent = text;
    live.append(line);
    while (live.childElementCount > 6) live.firstElementChild.remove();
    $("status").textContent = short;
  },

  renderSoundButton() {
    const sound = $("sound");
    sound.setAttribute("aria-pressed", String(!this.sounds.muted));
    sound.dataset.on = String(!this.sounds.muted);
    $("notify").hidden = !this.attention.canAsk();
  },
};
