// The board view: the chain on the felt, laid out, scaled and centred to the board's box
// (geometry.fitLayout) and drawn by the shared board module, with ghost spots where the chosen
// tile fits and the All Fives points each would score.

import { $ } from "./dom.js";
import { boardSVG, escapeAttribute, piecesSVG } from "../board/draw.js";
import { fitLayout, openingRect, parseTile } from "../board/geometry.js";
import { r3, tileSVG } from "../board/tiles.js";
import { boardName, boardWords, onEndOfLine } from "../board/words.js";
import { fill, gettext } from "../i18n.js";

let drawn = ""; // what the board shows (version, size, selection): drawn again only if changed

export function renderBoard(ctrl) {
  if (!ctrl.state) return;
  const view = ctrl.view;
  const element = $("board");
  const width = Math.max(120, element.clientWidth);
  const height = Math.max(90, element.clientHeight);
  const key = JSON.stringify([ctrl.state.version, width, height, ctrl.selected]);
  if (key === drawn && !ctrl.drag.active) return;
  drawn = key;
  const focusedEnd = document.activeElement?.closest?.(".spot")?.dataset.end;
  const fit = fitLayout(view, width, height, { extraFor: (layout) => spotsFor(ctrl, layout) });
  const last = [...(view.history || [])].reverse().find((m) => m.play)?.play;
  const body = piecesSVG(fit.layout.pieces, { last }) + fit.extra.map(spotSVG).join("");
  // The picture fills the board's box (drawn at its final size: no layout shift).
  element.innerHTML = boardSVG(fit.viewBox, body, {
    id: "board-svg",
    preserveAspectRatio: "xMidYMid meet",
    role: "group",
    "aria-label": boardName(),
    "aria-describedby": "board-summary",
  });
  element.dataset.tiles = String(fit.layout.pieces.length);
  $("board-summary").textContent = boardWords(view);
  if (focusedEnd) {
    const again = element.querySelector(`.spot[data-end="${focusedEnd}"]`);
    if (again) again.focus();
  }
}

// Ghost tiles where the selected tile could go (only what `legal` lists).
function spotsFor(ctrl, layout) {
  const tile = ctrl.selected;
  if (!tile || !ctrl.myTurn()) return [];
  const view = ctrl.view;
  const spots = [];
  for (const move of ctrl.plays().filter((m) => m.play === tile)) {
    if (!move.end) {
      const [a, b] = parseTile(tile);
      spots.push({ move, rect: openingRect(a === b), halves: [a, b] });
      continue;
    }
    const where = layout.preview(move.end, tile, view.ends[move.end]);
    if (where) spots.push({ move, ...where });
  }
  return spots;
}

function spotSVG(spot) {
  const { move, rect } = spot;
  const end = move.end || "opening";
  const scores = typeof move.scores === "number" ? move.scores : null;
  const values = { tile: move.play, where: onEndOfLine(move.end), points: scores };
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
