// What just happened, in words: the lines a new state adds to the live region (who played
// what, who drew, who scored, who left or came back, the hand's and the match's end), the
// latest also on the status line. Every sentence is whole in the catalog (words.js says why).

import { say } from "./dom.js";
import { matchWords, resultWords } from "./result.js";
import { describeMove, drawWords, mySide, playedFor, sideName, turnWords } from "./words.js";
import { fill, gettext, ngettext } from "../i18n.js";

// "You score 5." in All Fives, as the points are made.
function scoreWords(ctrl, side, points) {
  if (mySide(ctrl, side)) {
    return fill(
      ctrl.info.teams
        ? ngettext("Your team scores %(points)s.", "Your team scores %(points)s.", points)
        : ngettext("You score %(points)s.", "You score %(points)s.", points),
      { points },
    );
  }
  return fill(ngettext("%(name)s scores %(points)s.", "%(name)s scores %(points)s.", points), {
    name: sideName(ctrl, side),
    points,
  });
}

export function announceChanges(ctrl, previous, next) {
  const before = previous.view;
  const after = next.view;
  const lines = [];
  const wasAway = new Map(previous.table.seats.map((s) => [s.index, Boolean(s.away || s.left)]));
  // A forfeit (gone for good, out of time) ends the match: no computer plays on for anyone.
  const forfeited = previous.table.forfeited_by == null && next.table.forfeited_by != null;
  for (const seat of next.table.seats) {
    if (!wasAway.has(seat.index) || wasAway.get(seat.index) === Boolean(seat.away || seat.left)) continue;
    if (forfeited && seat.index === next.table.forfeited_by) continue;
    const mine = seat.index === after.seat;
    const name = seat.name;
    if (seat.left) {
      const minutes = ctrl.leavingMinutes;
      lines.push(
        fill(
          mine
            ? ngettext(
                "You left: you lose the match unless you are back within %(minutes)s minute.",
                "You left: you lose the match unless you are back within %(minutes)s minutes.",
                minutes,
              )
            : ngettext(
                "%(name)s left: they lose the match unless back within %(minutes)s minute.",
                "%(name)s left: they lose the match unless back within %(minutes)s minutes.",
                minutes,
              ),
          { name, minutes },
        ),
      );
    } else if (seat.away) {
      lines.push(
        mine
          ? gettext("You left: the computer plays for you.")
          : fill(gettext("%(name)s left: the computer plays for them."), { name }),
      );
    } else {
      lines.push(mine ? gettext("You are back.") : fill(gettext("%(name)s is back."), { name }));
    }
  }
  if (!previous.table.rematch?.table && next.table.rematch?.table) {
    lines.push(gettext("Everyone agreed: the rematch is dealt."));
  }
  if (previous.table.started === false) {
    const had = new Set(previous.table.seats.map((s) => s.index));
    for (const seat of next.table.seats) {
      if (had.has(seat.index)) continue;
      const name = seat.name;
      if (seat.index === after.seat) lines.push(fill(gettext("You joined the game as %(name)s."), { name }));
      else if (!seat.bot) lines.push(fill(gettext("%(name)s joined the game."), { name }));
    }
    if (next.table.started) {
      lines.push(
        after.seat === null
          ? gettext("The game has started: you are watching.")
          : gettext("The game has started."),
      );
    }
  }
  const { from, takenBack } = freshFrom(before, after);
  if (before.hand_number !== after.hand_number) {
    lines.push(fill(gettext("Round %(number)s is dealt."), { number: after.hand_number + 1 }));
  }
  if (takenBack) lines.push(gettext("Moves were taken back."));
  const history = after.history || [];
  for (let i = from; i < history.length; i++) {
    const entry = history[i];
    if (entry.draw) {
      // A seat's draws in a row are said at once, those made for it apart from its own.
      const forThem = playedFor(ctrl, i);
      const same = (next) =>
        next && next.draw && next.seat === entry.seat && playedFor(ctrl, i + 1) === forThem;
      let n = 1;
      while (same(history[i + 1])) {
        n += 1;
        i += 1;
      }
      lines.push(`${drawWords(ctrl, entry.seat, n, forThem)}.`);
    } else {
      lines.push(`${describeMove(ctrl, entry, i)}.`);
    }
  }
  const scoredBefore = before.hand_number === after.hand_number ? before.hand_points : null;
  if (ctrl.info.fives && scoredBefore && !after.result) {
    after.hand_points.forEach((points, side) => {
      const gained = points - (scoredBefore[side] || 0);
      if (gained > 0) lines.push(scoreWords(ctrl, side, gained));
    });
  }
  if (after.result && !before.result) lines.push(resultWords(ctrl, after));
  if ((after.match.finished && !before.match.finished) || forfeited) {
    lines.push(matchWords(ctrl, after));
  }
  else if (ctrl.myTurn(after) && (!ctrl.myTurn(before) || takenBack || from < history.length)) {
    lines.push(turnWords(ctrl, after));
  }
  // While away the status keeps saying so (and how to come back), whatever happens.
  const short = ctrl.away ? turnWords(ctrl, after) : lines.slice(-2).join(" ");
  if (lines.length) say(lines.join(" "), short);
}

// Where the new part of the history starts, and whether moves were taken back.
function freshFrom(before, after) {
  const history = after.history || [];
  const old = before.history || [];
  if (before.hand_number !== after.hand_number) return { from: 0, takenBack: false };
  const rewritten =
    history.length < old.length ||
    old.some((entry, i) => JSON.stringify(entry) !== JSON.stringify(history[i]));
  if (rewritten) return { from: history.length, takenBack: true };
  return { from: old.length, takenBack: false };
}
