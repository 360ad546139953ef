// Where the keyboard's focus goes when the table is drawn again: never lost to the page's body.
// The controller owns one, told which tile a move was sent from.

import { $ } from "./dom.js";

export class Focus {
  constructor() {
    this.inPlay = false; // the player's focus was last on the game (the board, the bar)
    this.sentFrom = null; // the hand's index of the tile just sent
    // Only then does a new state move it, so a form being filled in keeps its focus.
    document.addEventListener("focusin", (event) => {
      this.inPlay = Boolean(event.target.closest?.("#board, .bar"));
    });
  }

  /** Where the focus is before the table is drawn again (null: not in play). */
  remember() {
    const active = document.activeElement;
    if (!active || active === document.body) {
      return this.inPlay ? { index: this.sentFrom ?? 0 } : null;
    }
    if ($("hand").contains(active) && active.dataset.tile) {
      const buttons = [...$("hand").querySelectorAll("[data-tile]")];
      return { tile: active.dataset.tile, index: buttons.indexOf(active) };
    }
    if ($("board").contains(active)) return { index: this.sentFrom ?? 0 };
    if (active.id === "main-action" || active.id === "back") return { main: true, index: 0 };
    return null;
  }

  // The next sensible control: the same tile, the main button, a lit tile, the hand, I'm back.
  restore(was, away) {
    this.sentFrom = null;
    if (!was) return;
    const active = document.activeElement;
    const lost = !active || active === document.body || active.hidden;
    const main = $("main-action");
    const buttons = [...$("hand").querySelectorAll("[data-tile]")];
    const same = was.tile && buttons.find((b) => b.dataset.tile === was.tile);
    if (!lost && active === same) return;
    const lit = buttons.find((b) => b.classList.contains("playable"));
    const near = buttons[Math.min(was.index ?? 0, buttons.length - 1)];
    const candidates = away ? [$("back")] : was.main ? [main, lit, near, same] : [same, main, lit, near];
    const target = candidates.find((el) => el && !el.hidden && el.isConnected);
    if (target) target.focus();
    else if (lost) $("sound").focus();
  }
}
