// The table in words: who is who, what just happened (for the live region and the status
// line). (How a hand and a match ended is said by result.js.) Every sentence is whole in the
// catalog (static/js/i18n.js): "You played" and "Ana played" are two, as Spanish and Portuguese
// conjugate them apart, and a count picks its form with ngettext.

import { fill, gettext, ngettext, pgettext } from "../i18n.js";

/** "Ana and Bob" ("Ana and Bob and Cy": the table rarely names more than two). */
export const joinAnd = (items) =>
  items.reduce((some, last) => fill(gettext("%(some)s and %(last)s"), { some, last }));

/** "the left or the right". */
export const joinOr = (items) =>
  items.reduce((some, last) => fill(gettext("%(some)s or %(last)s"), { some, last }));

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

export const words = {
  seatLabel(index) {
    const seats = this.state.table.seats;
    const seat = seats.find((s) => s.index === index);
    const number = index + 1;
    const name = seat ? this.seatName(seat) : fill(gettext("Seat %(number)s"), { number });
    const twins = seats.filter((s) => this.seatName(s) === name).length > 1;
    return twins ? fill(gettext("%(name)s, seat %(number)s"), { name, number }) : name;
  },

  // A seat's name in the reader's words where the server keeps the site's English: a
  // computer's ("Computer (easy)"), a guest's who gave none ("Guest 4821") and an account's
  // that chose none ("Player 42"), as accounts.selectors names them.
  seatName(seat) {
    if (seat.bot) {
      if (seat.name !== `Computer (${seat.bot})`) return seat.name;
      return fill(gettext("Computer (%(level)s)"), { level: this.levelWord(seat.bot) });
    }
    const account = /^Player (\d+)$/.exec(seat.name);
    if (account) return fill(gettext("Player %(number)s"), { number: account[1] });
    const guest = /^Guest (\d{4})$/.exec(seat.name);
    return guest ? fill(gettext("Guest %(number)s"), { number: guest[1] }) : seat.name;
  },

  // "You" for this player (a label: a partnership's row of the end panel), the seat's name
  // otherwise.
  who(index) {
    return index === this.me ? gettext("You") : this.seatLabel(index);
  },

  // A side's name as a label, or at the start of a sentence: "You", "Your team", "Ana".
  sideName(side) {
    if (!this.info.teams) return this.who(side);
    if (this.watching) return fill(gettext("Team %(number)s"), { number: side + 1 });
    return side === this.sideOf(this.me) ? gettext("Your team") : gettext("The other team");
  },

  // A side's name inside a sentence: "you", "your team", "the other team", "Ana".
  sideInSentence(side) {
    if (this.mySide(side)) return this.info.teams ? gettext("your team") : gettext("you");
    if (this.info.teams && !this.watching) return gettext("the other team");
    return this.sideName(side);
  },

  mySide(side) {
    return !this.watching && side === this.sideOf(this.me);
  },

  // Whether the server made the move at `index` of the hand's history for a person out of time
  // (table.played_for: plays, draws and passes alike).
  playedFor(index) {
    return (this.state.table.played_for || []).includes(index);
  },

  describeMove(entry, index) {
    if (entry.draw) return this.drawWords(entry.seat, 1, this.playedFor(index));
    const mine = entry.seat === this.me;
    const name = this.seatLabel(entry.seat);
    const tile = entry.play;
    if (this.playedFor(index)) {
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
  },

  // `count` tiles drawn by a seat, or for it when its time ran out (`playedFor`).
  drawWords(seat, count, playedFor) {
    const mine = seat === this.me;
    const values = { count, name: this.seatLabel(seat) };
    if (!playedFor) {
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
  },

  // "You score 5." in All Fives, as the points are made.
  scoreWords(side, points) {
    if (this.mySide(side)) {
      return fill(
        this.info.teams
          ? ngettext("Your team scores %(points)s.", "Your team scores %(points)s.", points)
          : ngettext("You score %(points)s.", "You score %(points)s.", points),
        { points },
      );
    }
    return fill(ngettext("%(name)s scores %(points)s.", "%(name)s scores %(points)s.", points), {
      name: this.sideName(side),
      points,
    });
  },

  announceChanges(previous, next) {
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
        const minutes = this.leavingMinutes;
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
    const { from, takenBack } = this.freshFrom(before, after);
    if (before.hand_number !== after.hand_number) {
      lines.push(fill(gettext("Round %(number)s is dealt."), { number: after.hand_number + 1 }));
    }
    if (takenBack) lines.push(gettext("Moves were taken back."));
    const history = after.history || [];
    for (let i = from; i < history.length; i++) {
      const entry = history[i];
      if (entry.draw) {
        // A seat's draws in a row are said at once, those made for it apart from its own.
        const playedFor = this.playedFor(i);
        const same = (next) =>
          next && next.draw && next.seat === entry.seat && this.playedFor(i + 1) === playedFor;
        let n = 1;
        while (same(history[i + 1])) {
          n += 1;
          i += 1;
        }
        lines.push(`${this.drawWords(entry.seat, n, playedFor)}.`);
      } else {
        lines.push(`${this.describeMove(entry, i)}.`);
      }
    }
    const scoredBefore = before.hand_number === after.hand_number ? before.hand_points : null;
    if (this.info.fives && scoredBefore && !after.result) {
      after.hand_points.forEach((points, side) => {
        const gained = points - (scoredBefore[side] || 0);
        if (gained > 0) lines.push(this.scoreWords(side, gained));
      });
    }
    if (after.result && !before.result) lines.push(this.resultWords(after));
    if ((after.match.finished && !before.match.finished) || forfeited) {
      lines.push(this.matchWords(after));
    }
    else if (this.myTurn(after) && (!this.myTurn(before) || takenBack || from < history.length)) {
      lines.push(this.turnWords(after));
    }
    // While away the status keeps saying so (and how to come back), whatever happens.
    const short = this.away ? this.turnWords(after) : lines.slice(-2).join(" ");
    if (lines.length) this.say(lines.join(" "), short);
  },

  // Where the new part of the history starts, and whether moves were taken back.
  freshFrom(before, after) {
    const history = after.history || [];
    const old = before.history || [];
    if (before.hand_number !== after.hand_number) return { from: 0, takenBack: false };
    const rewritten =
      history.length < old.length ||
      old.some((entry, i) => JSON.stringify(entry) !== JSON.stringify(history[i]));
    if (rewritten) return { from: history.length, takenBack: true };
    return { from: old.length, takenBack: false };
  },

  turnWords(view) {
    if (this.left) {
      const minutes = this.leavingMinutes;
      return fill(
        ngettext(
          "You left the match: nobody plays for you, and your clock runs. Unless you press I'm back within %(minutes)s minute of leaving, you lose the match.",
          "You left the match: nobody plays for you, and your clock runs. Unless you press I'm back within %(minutes)s minutes of leaving, you lose the match.",
          minutes,
        ),
        { minutes },
      );
    }
    if (this.away) {
      return gettext("You are away: the computer plays for you. Press I'm back to play again.");
    }
    const only = view.legal.length === 1 ? view.legal[0] : null;
    if (only && only.draw) return gettext("Your turn: nothing fits, draw.");
    if (only && only.pass) return gettext("Your turn: nothing fits, pass.");
    return view.history.length ? gettext("Your turn.") : gettext("Your turn: open the hand.");
  },

  // What the main button does now, in no language ("draw", "pass", "next-round" or ""): the
  // button's data-action, which the browser tests read whatever the page's language.
  mainActionName() {
    const view = this.view;
    if (this.watching || this.away) return "";
    if (view.result && !view.match.finished) return "next-round";
    if (!this.myTurn()) return "";
    const only = view.legal.length === 1 ? view.legal[0] : null;
    if (only && only.draw) return "draw";
    if (only && only.pass) return "pass";
    return "";
  },

  mainLabel() {
    const action = this.mainActionName();
    if (action === "next-round") return gettext("Next round");
    if (action === "draw") return pgettext("take a tile from the boneyard", "Draw");
    if (action === "pass") return pgettext("play no tile", "Pass");
    return "";
  },

  boardWords(view) {
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
  },
};
