// The table in words: who is who, what the player may do, what a move was (how a hand and a
// match ended is said by result.js, what a new state brings by announce.js). Every sentence is
// whole in the catalog (static/js/i18n.js): "You played" and "Ana played" are two, as Spanish
// and Portuguese conjugate them apart, and a count picks its form with ngettext.

import { onEnd } from "../board/words.js";
import { fill, gettext, ngettext, pgettext } from "../i18n.js";

/** "Ana and Bob" ("Ana and Bob and Cy": the table rarely names more than two). */
export const joinAnd = (items) =>
  items.reduce((some, last) => fill(gettext("%(some)s and %(last)s"), { some, last }));

/** "the left or the right". */
export const joinOr = (items) =>
  items.reduce((some, last) => fill(gettext("%(some)s or %(last)s"), { some, last }));

/** A computer's level in a word ("easy"), as the server's names for them say it. */
export function levelWord(level) {
  const levels = {
    easy: pgettext("computer level", "easy"),
    medium: pgettext("computer level", "medium"),
    hard: pgettext("computer level", "hard"),
    master: pgettext("computer level", "master"),
  };
  return levels[level] ?? level;
}

export function seatLabel(ctrl, index) {
  const seats = ctrl.state.table.seats;
  const seat = seats.find((s) => s.index === index);
  const number = index + 1;
  const name = seat ? seatName(seat) : fill(gettext("Seat %(number)s"), { number });
  const twins = seats.filter((s) => seatName(s) === name).length > 1;
  return twins ? fill(gettext("%(name)s, seat %(number)s"), { name, number }) : name;
}

// A seat's name in the reader's words where the server keeps the site's English: a guest's
// who gave none ("Guest 4821") and an account's that chose none ("Player 42"), as
// accounts.selectors names them. A computer comes named by its level and seat ("Rosa",
// games.engine.bots.bot_name); a state of before that says "Computer (easy)".
function seatName(seat) {
  if (seat.bot) {
    if (seat.name !== `Computer (${seat.bot})`) return seat.name;
    return fill(gettext("Computer (%(level)s)"), { level: levelWord(seat.bot) });
  }
  const account = /^Player (\d+)$/.exec(seat.name);
  if (account) return fill(gettext("Player %(number)s"), { number: account[1] });
  const guest = /^Guest (\d{4})$/.exec(seat.name);
  return guest ? fill(gettext("Guest %(number)s"), { number: guest[1] }) : seat.name;
}

// "You" for this player (a label: a partnership's row of the end panel), the seat's name
// otherwise.
export function who(ctrl, index) {
  return index === ctrl.me ? gettext("You") : seatLabel(ctrl, index);
}

// A side's name as a label, or at the start of a sentence: "You", "Your team", "Ana".
export function sideName(ctrl, side) {
  if (!ctrl.info.teams) return who(ctrl, side);
  if (ctrl.watching) return fill(gettext("Team %(number)s"), { number: side + 1 });
  return side === ctrl.sideOf(ctrl.me) ? gettext("Your team") : gettext("The other team");
}

// A side's name inside a sentence: "you", "your team", "the other team", "Ana".
export function sideInSentence(ctrl, side) {
  if (mySide(ctrl, side)) return ctrl.info.teams ? gettext("your team") : gettext("you");
  if (ctrl.info.teams && !ctrl.watching) return gettext("the other team");
  return sideName(ctrl, side);
}

export function mySide(ctrl, side) {
  return !ctrl.watching && side === ctrl.sideOf(ctrl.me);
}

// Whether the server made the move at `index` of the hand's history for a person out of time
// (table.played_for: plays, draws and passes alike).
export function playedFor(ctrl, index) {
  return (ctrl.state.table.played_for || []).includes(index);
}

export function describeMove(ctrl, entry, index) {
  if (entry.draw) return drawWords(ctrl, entry.seat, 1, playedFor(ctrl, index));
  const mine = entry.seat === ctrl.me;
  const name = seatLabel(ctrl, entry.seat);
  const tile = entry.play;
  if (playedFor(ctrl, index)) {
    if (tile) {
      return mine
        ? fill(gettext("Time ran out: %(tile)s was played for you"), { tile })
        : fill(gettext("Time ran out: %(tile)s was played for %(name)s"), { tile, name });
    }
    return mine
      ? gettext("Time ran out: a pass was made for you")
      : fill(gettext("Time ran out: a pass was made for %(name)s"), { name });
  }
  if (tile && entry.end) {
    const values = { tile, name, where: onEnd(entry.end) };
    return mine
      ? fill(gettext("You played %(tile)s %(where)s"), values)
      : fill(gettext("%(name)s played %(tile)s %(where)s"), values);
  }
  if (tile) {
    return mine
      ? fill(gettext("You opened with %(tile)s"), { tile })
      : fill(gettext("%(name)s opened with %(tile)s"), { tile, name });
  }
  return mine ? gettext("You passed") : fill(gettext("%(name)s passed"), { name });
}

// `count` tiles drawn by a seat, or for it when its time ran out (`forThem`).
export function drawWords(ctrl, seat, count, forThem) {
  const mine = seat === ctrl.me;
  const values = { count, name: seatLabel(ctrl, seat) };
  if (!forThem) {
    return fill(
      mine
        ? ngettext("You drew", "You drew %(count)s tiles", count)
        : ngettext("%(name)s drew", "%(name)s drew %(count)s tiles", count),
      values,
    );
  }
  return fill(
    mine
      ? ngettext(
          "Time ran out: a tile was drawn for you",
          "Time ran out: %(count)s tiles were drawn for you",
          count,
        )
      : ngettext(
          "Time ran out: a tile was drawn for %(name)s",
          "Time ran out: %(count)s tiles were drawn for %(name)s",
          count,
        ),
    values,
  );
}

export function turnWords(ctrl, view) {
  if (ctrl.left) {
    const minutes = ctrl.leavingMinutes;
    return fill(
      ngettext(
        "You left the match: nobody plays for you, and your clock runs. Unless you press I'm back within %(minutes)s minute of leaving, you lose the match.",
        "You left the match: nobody plays for you, and your clock runs. Unless you press I'm back within %(minutes)s minutes of leaving, you lose the match.",
        minutes,
      ),
      { minutes },
    );
  }
  if (ctrl.away) {
    return gettext("You are away: the computer plays for you. Press I'm back to play again.");
  }
  const only = view.legal.length === 1 ? view.legal[0] : null;
  if (only && only.draw) return gettext("Your turn: nothing fits, draw.");
  if (only && only.pass) return gettext("Your turn: nothing fits, pass.");
  return view.history.length ? gettext("Your turn.") : gettext("Your turn: open the hand.");
}

// What the main button does now, in no language ("draw", "pass", "next-round" or ""): the
// button's data-action, which the browser tests read whatever the page's language.
export function mainActionName(ctrl) {
  const view = ctrl.view;
  if (ctrl.watching || ctrl.away) return "";
  if (view.result && !view.match.finished) return "next-round";
  if (!ctrl.myTurn()) return "";
  const only = view.legal.length === 1 ? view.legal[0] : null;
  if (only && only.draw) return "draw";
  if (only && only.pass) return "pass";
  return "";
}

export function mainLabel(ctrl) {
  const action = mainActionName(ctrl);
  if (action === "next-round") return gettext("Next round");
  if (action === "draw") return pgettext("take a tile from the boneyard", "Draw");
  if (action === "pass") return pgettext("play no tile", "Pass");
  return "";
}
