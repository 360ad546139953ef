// The chain on the felt: laid out, scaled and centred to the board's box (geometry.fitLayout),
// with ghost spots where the chosen tile fits and the All Fives points each would score.

import { $ } from "./dom.js";
import { fitLayout, openingRect, parseTile } from "./geometry.js";
import { r3, tileSVG } from "./tiles.js";
import { fill, gettext, pgettext } from "../i18n.js";

const SVG_NS = "http://www.w3.org/2000/svg";

export const board = {
  renderBoard() {
    if (!this.state) return;
    const view = this.view;
    const element = $("board");
    const width = Math.max(120, element.clientWidth);
    const height = Math.max(90, element.clientHeight);
    const key = JSON.stringify([this.state.version, width, height, this.selected]);
    if (key === this.boardKey && !this.dragging) return;
    this.boardKey = key;
    const focusedEnd = document.activeElement?.closest?.(".spot")?.dataset.end;
    // Larger tiles on a big screen, but never so large that a short chain looks like a toy.
    // (A phone's felt is narrow: a fourteenth of it drew a seven-tile line across a third of it.)
    const maxUnit = Math.max(22, Math.min(38, Math.min(width, height * 1.6) / 12));
    const fit = fitLayout(view, width, height, {
      extraFor: (layout) => this.spotsFor(layout),
      maxUnit,
    });
    const lastPlay = [...(view.history || [])].reverse().find((m) => m.play);
    let body = "";
    for (const piece of fit.layout.pieces) {
      let cls = "tile";
      if (piece.spinner) cls += " spinner";
      if (lastPlay && piece.tile === lastPlay.play) cls += " last";
      body += tileSVG(piece.rect, piece.halves, cls, `data-placed="${piece.tile}"`);
      if (piece.spinner) body += spinnerMarks(piece.rect);
    }
    for (const spot of fit.extra) body += spotSVG(spot);
    const [x, y, w, h] = fit.viewBox;
    // The picture fills the board's box (drawn at its final size: no layout shift).
    element.innerHTML =
      `<svg xmlns="${SVG_NS}" id="board-svg" viewBox="${r3(x)} ${r3(y)} ${r3(w)} ${r3(h)}" ` +
      `preserveAspectRatio="xMidYMid meet" role="group" ` +
      `aria-label="${escapeAttribute(gettext("The table"))}" ` +
      `aria-describedby="board-summary">${body}</svg>`;
    element.dataset.tiles = String(fit.layout.pieces.length);
    $("board-summary").textContent = this.boardWords(view);
    if (focusedEnd) {
      const again = element.querySelector(`.spot[data-end="${focusedEnd}"]`);
      if (again) again.focus();
    }
  },

  // Ghost tiles where the selected tile could go (only what `legal` lists).
  spotsFor(layout) {
    const tile = this.selected;
    if (!tile || !this.myTurn()) return [];
    const view = this.view;
    const options = this.plays().filter((m) => m.play === tile);
    const spots = [];
    for (const move of options) {
      if (!move.end) {
        const [a, b] = parseTile(tile);
        spots.push({ move, rect: openingRect(a === b), halves: [a, b] });
        continue;
      }
      const where = layout.preview(move.end, tile, view.ends[move.end]);
      if (where) spots.push({ move, ...where });
    }
    return spots;
  },
};

// The words of an attribute in SVG markup: a translation may hold a quote or an ampersand.
const escapeAttribute = (text) =>
  text.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");

const onEndOfLine = (end) =>
  ({
    left: pgettext("where a tile is played", "on the left end"),
    right: pgettext("where a tile is played", "on the right end"),
    up: pgettext("where a tile is played", "on the top end"),
    down: pgettext("where a tile is played", "on the bottom end"),
  })[end];

function spinnerMarks(rect) {
  const cx = (rect.x0 + rect.x1) / 2;
  const cy = (rect.y0 + rect.y1) / 2;
  const marks = [
    [rect.x0 - 0.2, cy],
    [rect.x1 + 0.2, cy],
    [cx, rect.y0 - 0.2],
    [cx, rect.y1 + 0.2],
  ];
  return marks
    .map(([x, y]) => `<circle class="spinner-end" cx="${r3(x)}" cy="${r3(y)}" r="0.12"/>`)
    .join("");
}

function spotSVG(spot) {
  const { move, rect } = spot;
  const end = move.end || "opening";
  const scores = typeof move.scores === "number" ? move.scores : null;
  const where = move.end ? onEndOfLine(move.end) : pgettext("where a tile is played", "to open");
  const values = { tile: move.play, where, points: scores };
  const label = fill(
    scores !== null
      ? gettext("Play %(tile)s %(where)s, scores %(points)s")
      : gettext("Play %(tile)s %(where)s"),
    values,
  );
  const cx = (rect.x0 + rect.x1) / 2;
  const cy = (rect.y0 + rect.y1) / 2;
  let text = "";
  if (scores !== null) {
    const w = 0.4 + 0.3 * String(scores).length;
    text =
      `<g class="spot-score${scores ? " scoring" : ""}">` +
      `<rect x="${r3(cx - w / 2)}" y="${r3(cy - 0.32)}" width="${r3(w)}" ` +
      `height="0.64" rx="0.3"/>` +
      `<text x="${r3(cx)}" y="${r3(cy + 0.2)}" text-anchor="middle">+${scores}</text></g>`;
  }
  return (
    `<g class="spot" data-end="${end}" data-tile="${move.play}" tabindex="0" role="button" ` +
    `aria-label="${escapeAttribute(label)}">` +
    `<circle class="spot-hit" cx="${r3(cx)}" cy="${r3(cy)}" r="1.6"/>` +
    tileSVG(rect, spot.halves, "ghost") +
    text +
    "</g>"
  );
}
