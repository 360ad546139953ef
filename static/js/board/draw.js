// The board as SVG markup, the same for the table and the replay viewer: the frame, the tiles
// laid on it (a spinner with its four marks), and the words put in its attributes.

import { r3, tileSVG } from "./tiles.js";

const SVG_NS = "http://www.w3.org/2000/svg";

/** Words put in an attribute of markup: a translation may hold a quote or an ampersand. */
export const escapeAttribute = (text) =>
  text.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");

/** The board's picture: `body` in a frame showing `viewBox` ([x, y, w, h] in board units),
 * with `attributes` (its id, size, role and words; escaped here). */
export function boardSVG([x, y, w, h], body, attributes) {
  const box = `viewBox="${r3(x)} ${r3(y)} ${r3(w)} ${r3(h)}"`;
  const more = Object.entries(attributes).map(([name, value]) => ` ${name}="${escapeAttribute(String(value))}"`);
  return `<svg xmlns="${SVG_NS}" ${box}${more.join("")}>${body}</svg>`;
}

/** The tiles of a layout (geometry.layoutTable), each named by its tile (`data-placed`), the
 * one played last marked, and the spinner with the marks of its four ends (`marks`). */
export function piecesSVG(pieces, { last = null, marks = true } = {}) {
  let body = "";
  for (const piece of pieces) {
    let cls = "tile";
    if (piece.spinner) cls += " spinner";
    if (piece.tile === last) cls += " last";
    body += tileSVG(piece.rect, piece.halves, cls, `data-placed="${piece.tile}"`);
    if (piece.spinner && marks) body += spinnerMarks(piece.rect);
  }
  return body;
}

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
