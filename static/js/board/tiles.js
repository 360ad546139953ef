// Tiles drawn as SVG markup: faces on the board and in the hand, and face-down backs for the
// tiles a seat holds or the boneyard keeps. Shared by the table and the replay viewer.

import { parseTile } from "./geometry.js";

const PIPS = {
  0: [],
  1: [[0.5, 0.5]],
  2: [[0.27, 0.27], [0.73, 0.73]],
  3: [[0.27, 0.27], [0.5, 0.5], [0.73, 0.73]],
  4: [[0.27, 0.27], [0.73, 0.27], [0.27, 0.73], [0.73, 0.73]],
  5: [[0.27, 0.27], [0.73, 0.27], [0.5, 0.5], [0.27, 0.73], [0.73, 0.73]],
  6: [[0.27, 0.25], [0.73, 0.25], [0.27, 0.5], [0.73, 0.5], [0.27, 0.75], [0.73, 0.75]],
};
// 7 to 12 as double-nine and double-twelve sets lay them: three columns, the outer two of three
// pips (four past nine), the middle one of the rest, each column's pips spaced evenly down the
// half: 7 = 3-1-3, 8 = 3-2-3, 9 = 3-3-3, 10 = 4-2-4, 11 = 4-3-4, 12 = 4-4-4.
for (let n = 7; n < 13; n++) {
  const k = n > 9 ? 4 : 3;
  PIPS[n] = [[0.22, k], [0.5, n - 2 * k], [0.78, k]].flatMap(([x, c]) =>
    [...Array(c)].map((_, i) => [x, (i + 1) / (c + 1)]),
  );
}

export const r3 = (n) => Math.round(n * 1000) / 1000;

function pipsSVG(value, x, y, rotate) {
  // Smaller pips where more share a half (0 to 6 keep theirs): a 12's four rows keep a gap.
  const r = value > 9 ? 0.075 : value > 6 ? 0.09 : 0.095;
  return PIPS[value]
    .map(([px, py]) => {
      const [cx, cy] = rotate ? [py, px] : [px, py];
      return `<circle class="pip" cx="${r3(x + cx)}" cy="${r3(y + cy)}" r="${r}"/>`;
    })
    .join("");
}

// A tile filling `rect`, halves [first, second] (left-right when wide, top-bottom when tall);
// `attributes` (markup) go on its group.
export function tileSVG(rect, halves, className = "tile", attributes = "") {
  const { x0, y0 } = rect;
  const w = rect.x1 - rect.x0;
  const h = rect.y1 - rect.y0;
  const wide = w > h;
  const line = (x1, y1, x2, y2) =>
    `<line class="divider" x1="${r3(x1)}" y1="${r3(y1)}" x2="${r3(x2)}" y2="${r3(y2)}"/>`;
  const divider = wide
    ? line(x0 + 1, y0 + 0.15, x0 + 1, y0 + h - 0.15)
    : line(x0 + 0.15, y0 + 1, x0 + w - 0.15, y0 + 1);
  const [a, b] = halves;
  const second = wide ? [x0 + 1, y0] : [x0, y0 + 1];
  return (
    `<g class="${className}"${attributes ? ` ${attributes}` : ""}>` +
    `<rect class="face" x="${r3(x0 + 0.04)}" y="${r3(y0 + 0.04)}" width="${r3(w - 0.08)}" ` +
    `height="${r3(h - 0.08)}" rx="0.14"/>${divider}` +
    pipsSVG(a, x0, y0, wide) +
    pipsSVG(b, second[0], second[1], wide) +
    "</g>"
  );
}

// A tile on its own, standing (the hand, the result panel) or `lying` on its side (a short
// screen's hand bar), first half at the top or on the left.
export function handTileSVG(tile, lying = false) {
  const [w, h] = lying ? [2, 1] : [1, 2];
  return (
    `<svg viewBox="-0.02 -0.02 ${w + 0.04} ${h + 0.04}" aria-hidden="true" focusable="false">` +
    tileSVG({ x0: 0, y0: 0, x1: w, y1: h }, parseTile(tile)) +
    "</svg>"
  );
}

// `count` face-down tiles side by side (the count is seen, not read); past seven they overlap
// more, so a seat's backs are never wider than seven.
export function backsSVG(count) {
  const step = count > 7 ? 3.36 / (count - 1) : 0.56; // 3.36: six steps of 0.56
  const width = 0.5 + step * Math.max(0, count - 1);
  let body = "";
  for (let i = 0; i < count; i++) {
    body += `<rect class="back" x="${r3(i * step + 0.02)}" y="0.02" width="0.46" height="0.96" rx="0.08"/>`;
  }
  return (
    `<svg viewBox="0 0 ${r3(width + 0.04)} 1" aria-hidden="true" focusable="false" ` +
    `preserveAspectRatio="xMinYMid meet">${body}</svg>`
  );
}
