// Motion that helps read the game: a played tile travels from its seat (or the hand) to its
// place, a drawn tile from the pile to the seat, points fly to the score. 150-300 ms, eased,
// never blocking input; with prefers-reduced-motion, fades instead. Everything moves by
// transform or opacity on fixed layers: nothing shifts the layout.

import { $ } from "./dom.js";
import { backsSVG } from "../board/tiles.js";

const REDUCED = window.matchMedia("(prefers-reduced-motion: reduce)");
const EASE = "cubic-bezier(0.2, 0.7, 0.3, 1)";

const centre = (rect) => [rect.left + rect.width / 2, rect.top + rect.height / 2];

// A layer of its own, fixed over the page: it moves nothing else. Its words are drawn by CSS
// (`data-text`), not held as text: the flight is decoration (the seat's score and the live
// region say the points), and its fading frames are no text for a contrast checker to judge.
export function flyer(className, text) {
  const el = document.createElement("div");
  el.className = `flyer ${className}`;
  el.setAttribute("aria-hidden", "true");
  el.dataset.text = text;
  document.body.append(el);
  return el;
}

export class Motion {
  constructor() {
    this.played = []; // what moved, for the browser tests' checks
  }

  // Where things are before a new state is drawn: the seats, the hand's tiles, the pile.
  origins() {
    const seats = {};
    for (const seat of document.querySelectorAll("#seats .seat")) {
      seats[seat.dataset.seat] = seat.getBoundingClientRect();
    }
    const hand = {};
    for (const tile of document.querySelectorAll("#hand [data-tile]")) {
      hand[tile.dataset.tile] = tile.getBoundingClientRect();
    }
    return { seats, hand, pile: $("pile").getBoundingClientRect() };
  }

  animate(previous, next, origins) {
    const before = previous.view;
    const after = next.view;
    if (document.visibilityState === "hidden" || before.hand_number !== after.hand_number) return;
    const fresh = (after.history || []).slice((before.history || []).length);
    if (!fresh.length || fresh.length > 8) return; // a reconnect's catch-up: no parade
    const reduced = REDUCED.matches;
    for (const entry of fresh) {
      if (entry.play) this.animatePlay(entry, origins, reduced);
      else if (entry.draw) this.animateDraw(entry, origins, reduced);
    }
    after.hand_points.forEach((points, side) => {
      const gained = points - (before.hand_points[side] || 0);
      if (gained > 0 && !after.result) this.animatePoints(side, gained, reduced);
    });
  }

  animatePlay(entry, origins, reduced) {
    const placed = $("board").querySelector(`[data-placed="${entry.play}"]`);
    if (!placed) return;
    this.played.push({ kind: "play", tile: entry.play, reduced });
    if (reduced) {
      placed.animate([{ opacity: 0 }, { opacity: 1 }], { duration: 200, easing: "linear" });
      return;
    }
    const from = origins.hand[entry.play] || origins.seats[entry.seat];
    const svg = $("board-svg");
    const scale = svg?.getScreenCTM()?.a;
    if (!from || !scale) return;
    const [fx, fy] = centre(from);
    const [tx, ty] = centre(placed.getBoundingClientRect());
    // SVG user units: the board's scale turns screen pixels into them.
    const dx = (fx - tx) / scale;
    const dy = (fy - ty) / scale;
    placed.animate(
      [{ transform: `translate(${dx}px, ${dy}px)`, opacity: 0.7 }, { transform: "none", opacity: 1 }],
      { duration: 260, easing: EASE },
    );
  }

  animateDraw(entry, origins, reduced) {
    const seat = document.querySelector(`#seats .seat[data-seat="${entry.seat}"] .seat-backs`);
    if (!seat) return;
    this.played.push({ kind: "draw", seat: entry.seat, reduced });
    const to = seat.getBoundingClientRect();
    const from = origins.pile;
    const [fx, fy] = centre(from);
    const [tx, ty] = centre(to);
    const back = flyer("fly-back", "");
    back.innerHTML = backsSVG(1);
    back.style.left = `${tx}px`;
    back.style.top = `${ty}px`;
    const frames = reduced
      ? [{ opacity: 0 }, { opacity: 1 }, { opacity: 0 }]
      : [{ transform: `translate(${fx - tx}px, ${fy - ty}px)` }, { transform: "none" }];
    back.animate(frames, { duration: reduced ? 250 : 220, easing: EASE }).finished.then(
      () => back.remove(),
      () => back.remove(),
    );
  }

  animatePoints(side, gained, reduced) {
    const score = document.querySelector(`#seats .seat-score[data-side="${side}"]`);
    if (!score) return;
    this.played.push({ kind: "points", side, gained, reduced });
    const to = score.getBoundingClientRect();
    const last = $("board").querySelector(".tile.last") || $("board");
    const [fx, fy] = centre(last.getBoundingClientRect());
    const [tx, ty] = centre(to);
    const plus = flyer("fly-points", `+${gained}`);
    plus.style.left = `${tx}px`;
    plus.style.top = `${ty}px`;
    const frames = reduced
      ? [{ opacity: 0 }, { opacity: 1, offset: 0.3 }, { opacity: 0 }]
      : [
          { transform: `translate(${fx - tx}px, ${fy - ty}px) scale(1.4)`, opacity: 1 },
          { transform: `translate(${(fx - tx) / 2}px, ${(fy - ty) / 2 - 20}px) scale(1.2)`, opacity: 1 },
          { transform: "none", opacity: 0.2 },
        ];
    plus.animate(frames, { duration: 300, easing: EASE }).finished.then(
      () => plus.remove(),
      () => plus.remove(),
    );
  }
}
