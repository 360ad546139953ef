// Dragging a tile from the hand onto a ghost spot on the board (mouse, pen and touch alike). The
// controller owns one; the selection it shows while dragging is the controller's, changed
// through its methods.

import { $ } from "./dom.js";

const spotAt = (x, y) => document.elementFromPoint(x, y)?.closest(".spot") ?? null;

export class Drag {
  constructor(ctrl) {
    this.ctrl = ctrl;
    this.held = null; // the tile held: {tile, options, button, x, y, id, ghost}
    this.dropped = false; // a drag just ended: the click that follows is no choice
  }

  /** A ghost tile follows the pointer: the board is drawn with its spots. */
  get active() {
    return Boolean(this.held?.ghost);
  }

  /** Whether the click that came with the end of a drag is to be ignored (once). */
  swallowsClick() {
    const dropped = this.dropped;
    this.dropped = false;
    return dropped;
  }

  start(event) {
    const ctrl = this.ctrl;
    const button = event.target.closest("[data-tile]");
    if (!button || event.button > 0 || ctrl.pending || !ctrl.myTurn()) return;
    const tile = button.dataset.tile;
    const options = ctrl.plays().filter((m) => m.play === tile);
    if (!options.length) return;
    this.held = { tile, options, button, x: event.clientX, y: event.clientY, id: event.pointerId };
    button.setPointerCapture(event.pointerId);
    const move = (e) => this.move(e);
    const up = (e) => {
      button.removeEventListener("pointermove", move);
      button.removeEventListener("pointerup", up);
      button.removeEventListener("pointercancel", up);
      this.end(e);
    };
    button.addEventListener("pointermove", move);
    button.addEventListener("pointerup", up);
    button.addEventListener("pointercancel", up);
  }

  move(event) {
    const held = this.held;
    if (!held || event.pointerId !== held.id) return;
    if (!held.ghost) {
      if (Math.hypot(event.clientX - held.x, event.clientY - held.y) < 8) return;
      held.ghost = held.button.cloneNode(true);
      held.ghost.className = "tile-button drag-ghost";
      held.ghost.removeAttribute("data-tile");
      held.ghost.setAttribute("aria-hidden", "true");
      document.body.append(held.ghost);
      this.ctrl.showSpots(held.tile);
    }
    held.ghost.style.left = `${event.clientX}px`;
    held.ghost.style.top = `${event.clientY}px`;
    const over = spotAt(event.clientX, event.clientY);
    for (const spot of $("board").querySelectorAll(".spot")) {
      spot.classList.toggle("over", spot === over);
    }
  }

  // A change arrived mid-drag: the tile may have nowhere to go any more.
  drop() {
    if (this.held?.ghost) this.held.ghost.remove();
    this.held = null;
  }

  end(event) {
    const held = this.held;
    this.held = null;
    if (!held || !held.ghost) return; // a plain click: the click handler chooses the tile
    held.ghost.remove();
    this.dropped = true;
    setTimeout(() => (this.dropped = false), 0);
    if (event.type === "pointerup") {
      let spot = spotAt(event.clientX, event.clientY);
      const onBoard = document.elementFromPoint(event.clientX, event.clientY)?.closest("#board");
      if (!spot && onBoard && held.options.length === 1) spot = $("board").querySelector(".spot");
      if (spot) {
        this.ctrl.playSpot(spot);
        return;
      }
    }
    this.ctrl.cancelSelection(false);
  }
}
