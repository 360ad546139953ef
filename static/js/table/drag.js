// Dragging a tile from the hand onto a ghost spot on the board (mouse, pen and touch alike).

import { $ } from "./dom.js";

export const drag = {
  dragStart(event) {
    const button = event.target.closest("[data-tile]");
    if (!button || event.button > 0 || this.pending || !this.myTurn()) return;
    const tile = button.dataset.tile;
    const options = this.plays().filter((m) => m.play === tile);
    if (!options.length) return;
    this.drag = { tile, options, button, x: event.clientX, y: event.clientY, id: event.pointerId };
    button.setPointerCapture(event.pointerId);
    const move = (e) => this.dragMove(e);
    const up = (e) => {
      button.removeEventListener("pointermove", move);
      button.removeEventListener("pointerup", up);
      button.removeEventListener("pointercancel", up);
      this.dragEnd(e);
    };
    button.addEventListener("pointermove", move);
    button.addEventListener("pointerup", up);
    button.addEventListener("pointercancel", up);
  },

  dragMove(event) {
    const drag = this.drag;
    if (!drag || event.pointerId !== drag.id) return;
    if (!drag.ghost) {
      if (Math.hypot(event.clientX - drag.x, event.clientY - drag.y) < 8) return;
      drag.ghost = drag.button.cloneNode(true);
      drag.ghost.className = "tile-button drag-ghost";
      drag.ghost.removeAttribute("data-tile");
      drag.ghost.setAttribute("aria-hidden", "true");
      document.body.append(drag.ghost);
      drag.previous = this.selected;
      this.selected = drag.tile;
      this.dragging = true;
      this.renderBoard();
    }
    drag.ghost.style.left = `${event.clientX}px`;
    drag.ghost.style.top = `${event.clientY}px`;
    const over = this.spotAt(event.clientX, event.clientY);
    for (const spot of $("board").querySelectorAll(".spot")) {
      spot.classList.toggle("over", spot === over);
    }
  },

  // A change arrived mid-drag: the tile may have nowhere to go any more.
  dropDrag() {
    if (!this.drag) return;
    if (this.drag.ghost) this.drag.ghost.remove();
    this.drag = null;
    this.dragging = false;
  },

  spotAt(x, y) {
    const element = document.elementFromPoint(x, y);
    return element ? element.closest(".spot") : null;
  },

  dragEnd(event) {
    const drag = this.drag;
    this.drag = null;
    this.dragging = false;
    if (!drag || !drag.ghost) return; // a plain click: the click handler chooses the tile
    drag.ghost.remove();
    this.suppressClick = true;
    setTimeout(() => (this.suppressClick = false), 0);
    if (event.type === "pointerup") {
      let spot = this.spotAt(event.clientX, event.clientY);
      const element = document.elementFromPoint(event.clientX, event.clientY);
      const onBoard = element && element.closest("#board");
      if (!spot && onBoard && drag.options.length === 1) {
        spot = $("board").querySelector(".spot");
      }
      if (spot) {
        this.playSpot(spot);
        return;
      }
    }
    this.selected = null;
    this.render();
  },
};
