// The end panel's container (its rows are result.js's, the coach's lines review.js's): it folds
// away to a small button in the felt's corner, so that the final board can be looked at, and
// comes back; open, it shows all it holds without scrolling inside. Taller than the room under
// its top (four rows and the coach on a phone, the coach's lines on a phone held sideways), it
// rises over the header above it rather than scroll; Next round, under the felt, stays in view.

import { $ } from "./dom.js";
import { gettext } from "../i18n.js";

// How close the panel may come to the window's top edge (px).
const MARGIN = 4;

export class EndPanel {
  constructor() {
    this.panel = $("end-panel");
    this.button = $("end-fold");
    this.folded = false;
    this.shown = ""; // the end the panel shows (hand and match): a new one opens unfolded
    this.button.addEventListener("click", () => this.fold(!this.folded));
    // What it holds changes size (the coach's lines arrive, the window turns): fit again.
    const fit = () => this.fit();
    const sizes = new ResizeObserver(fit);
    for (const id of ["match-end", "hand-result"]) sizes.observe($(id));
    window.addEventListener("resize", fit);
  }

  /** After each drawing of the page (view.js). */
  update(ctrl) {
    const end = this.panel.hidden ? "" : `${ctrl.view.hand_number}/${ctrl.over}`;
    if (end === this.shown) {
      this.fit();
      return;
    }
    this.shown = end;
    this.fold(false);
  }

  fold(folded) {
    this.folded = folded;
    this.panel.dataset.folded = String(folded);
    this.button.setAttribute("aria-expanded", String(!folded));
    $("end-fold-text").textContent = folded ? gettext("Show results") : gettext("See the board");
    this.fit();
  }

  /** Lift the open panel by what would scroll inside it, as far as the window's top allows. */
  fit() {
    const panel = this.panel;
    panel.style.removeProperty("--lift");
    if (panel.hidden || this.folded) return;
    const over = panel.scrollHeight - panel.clientHeight;
    if (over <= 0) return;
    const room = Math.max(0, panel.getBoundingClientRect().top - MARGIN);
    panel.style.setProperty("--lift", `${Math.ceil(Math.min(over, room))}px`);
  }
}
