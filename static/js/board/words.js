// The board in words, one set for the table and the replay viewer (translated once): the chain
// described for a screen reader, and the ends of the line as a sentence names them.

import { fill, gettext, pgettext } from "../i18n.js";

/** The board's name (its SVG's label): the chain itself is said by `boardWords`. */
export const boardName = () => gettext("The table");

/** An end of the line as an answer to "where?": "the left". */
export const endName = (end) =>
  ({
    left: pgettext("an end of the line", "the left"),
    right: pgettext("an end of the line", "the right"),
    up: pgettext("an end of the line", "the top"),
    down: pgettext("an end of the line", "the bottom"),
  })[end];

/** Where a tile was or is played, after the tile: "played 6-4 on the left". */
export const onEnd = (end) =>
  ({
    left: pgettext("where a tile is played", "on the left"),
    right: pgettext("where a tile is played", "on the right"),
    up: pgettext("where a tile is played", "on the top"),
    down: pgettext("where a tile is played", "on the bottom"),
  })[end];

/** Where a ghost spot plays its tile: "on the left end" ("to open" on an empty table). */
export const onEndOfLine = (end) =>
  end
    ? {
        left: pgettext("where a tile is played", "on the left end"),
        right: pgettext("where a tile is played", "on the right end"),
        up: pgettext("where a tile is played", "on the top end"),
        down: pgettext("where a tile is played", "on the bottom end"),
      }[end]
    : pgettext("where a tile is played", "to open");

/** The chain of `view` ({table, ends, spinner}: a state's view or a replay's step) in words:
 * the opening tile, each arm from the centre out, the open ends and the spinner. */
export function boardWords(view) {
  const table = view.table || {};
  if (!table.opening) return gettext("The table is empty.");
  const parts = [fill(gettext("Opening tile %(tile)s."), { tile: table.opening })];
  const toward = {
    left: gettext("Toward the left: %(tiles)s."),
    right: gettext("Toward the right: %(tiles)s."),
    up: gettext("Toward the top: %(tiles)s."),
    down: gettext("Toward the bottom: %(tiles)s."),
  };
  for (const arm of ["left", "right", "up", "down"]) {
    const tiles = table[arm] || [];
    if (tiles.length) parts.push(fill(toward[arm], { tiles: tiles.map((t) => t.tile).join(", ") }));
  }
  // An open end and the pips it shows: "left 3".
  const openEnd = {
    left: pgettext("an open end and its pips", "left %(pips)s"),
    right: pgettext("an open end and its pips", "right %(pips)s"),
    up: pgettext("an open end and its pips", "up %(pips)s"),
    down: pgettext("an open end and its pips", "down %(pips)s"),
  };
  const ends = Object.entries(view.ends || {}).map(([end, pips]) => fill(openEnd[end], { pips }));
  if (ends.length) parts.push(fill(gettext("Open ends: %(ends)s."), { ends: ends.join(", ") }));
  if (view.spinner) parts.push(fill(gettext("The spinner is %(tile)s."), { tile: view.spinner.tile }));
  return parts.join(" ");
}
