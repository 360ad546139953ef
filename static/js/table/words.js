// The table in words: who is who, what just happened (for the live region and the status
// line), and how a hand and a match ended, with the reasons.

import { parseTile } from "./geometry.js";

export const END_WORDS = { left: "the left", right: "the right", up: "the top", down: "the bottom" };

/** "1 point", "2 points": the one plural rule of the table's words. */
export const plural = (n, word) => `${n} ${word}${n === 1 ? "" : "s"}`;
const pipsOf = (tiles) => tiles.reduce((sum, t) => sum + parseTile(t).reduce((a, b) => a + b, 0), 0);
// All Fives rounding of a hand's end points: remainders 0-2 go down, 3-4 go up (docs/rules.md).
const roundToFive = (n) => 5 * Math.floor((n + 2) / 5);

export const words = {
  seatLabel(index) {
    const seats = this.state.table.seats;
    const seat = seats.find((s) => s.index === index);
    const name = seat ? seat.name : `Seat ${index + 1}`;
    const twins = seats.filter((s) => s.name === name).length > 1;
    return twins ? `${name}, seat ${index + 1}` : name;
  },

  // "You" for this player in sentences, the seat's name otherwise.
  who(index) {
    return index === this.me ? "You" : this.seatLabel(index);
  },

  sideName(side) {
    if (!this.info.teams) return this.who(side);
    if (this.watching) return `Team ${side + 1}`;
    return side === this.sideOf(this.me) ? "Your team" : "The other team";
  },

  // A verb agreeing with `name` ("You score", "Alice scores", "Your team scores").
  verb(name, verb) {
    return name === "You" ? verb : `${verb}s`;
  },

  // Whether the server made the move at `index` of the hand's history for a person out of time
  // (table.played_for: plays, draws and passes alike).
  playedFor(index) {
    return (this.state.table.played_for || []).includes(index);
  },

  describeMove(entry, index) {
    if (entry.draw) return this.drawWords(entry.seat, 1, this.playedFor(index));
    const who = this.who(entry.seat);
    if (this.playedFor(index)) {
      const whom = entry.seat === this.me ? "you" : this.seatLabel(entry.seat);
      if (entry.play) return `Time ran out: ${entry.play} was played for ${whom}`;
      return `Time ran out: a pass was made for ${whom}`;
    }
    if (entry.play) {
      return entry.end
        ? `${who} played ${entry.play} on ${END_WORDS[entry.end]}`
        : `${who} opened with ${entry.play}`;
    }
    return `${who} passed`;
  },

  // `count` tiles drawn by a seat, or for it when its time ran out (`playedFor`).
  drawWords(seat, count, playedFor) {
    const who = this.who(seat);
    if (!playedFor) return count === 1 ? `${who} drew` : `${who} drew ${count} tiles`;
    const whom = seat === this.me ? "you" : this.seatLabel(seat);
    const tiles = count === 1 ? "a tile was" : `${count} tiles were`;
    return `Time ran out: ${tiles} drawn for ${whom}`;
  },

  announceChanges(previous, next) {
    const before = previous.view;
    const after = next.view;
    const lines = [];
    const wasAway = new Map(previous.table.seats.map((s) => [s.index, Boolean(s.away)]));
    // A forfeit (gone for good, out of time) ends the match: no computer plays on for anyone.
    const forfeited = previous.table.forfeited_by == null && next.table.forfeited_by != null;
    for (const seat of next.table.seats) {
      if (!wasAway.has(seat.index) || wasAway.get(seat.index) === Boolean(seat.away)) continue;
      if (forfeited && seat.index === next.table.forfeited_by) continue;
      const mine = seat.index === after.seat;
      const who = mine ? "You" : seat.name;
      if (seat.away) lines.push(`${who} left: the computer plays for ${mine ? "you" : "them"}.`);
      else lines.push(`${who} ${mine ? "are" : "is"} back.`);
    }
    if (!previous.table.rematch?.table && next.table.rematch?.table) {
      lines.push("Everyone agreed: the rematch is dealt.");
    }
    if (previous.table.started === false) {
      const had = new Set(previous.table.seats.map((s) => s.index));
      for (const seat of next.table.seats) {
        if (had.has(seat.index)) continue;
        if (seat.index === after.seat) lines.push(`You joined the game as ${seat.name}.`);
        else if (!seat.bot) lines.push(`${seat.name} joined the game.`);
      }
      if (next.table.started) {
        lines.push(after.seat === null ? "The game has started: you are watching." : "The game has started.");
      }
    }
    const { from, takenBack } = this.freshFrom(before, after);
    if (before.hand_number !== after.hand_number) lines.push(`Round ${after.hand_number + 1} is dealt.`);
    if (takenBack) lines.push("Moves were taken back.");
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
        if (gained > 0) lines.push(`${this.sideName(side)} ${this.verb(this.sideName(side), "score")} ${gained}.`);
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
    if (this.away) return "You are away: the computer plays for you. Press I'm back to play again.";
    const only = view.legal.length === 1 ? view.legal[0] : null;
    if (only && only.draw) return "Your turn: nothing fits, draw.";
    if (only && only.pass) return "Your turn: nothing fits, pass.";
    return view.history.length ? "Your turn." : "Your turn: open the hand.";
  },

  // One short sentence: how the hand ended and who won it, each name once.
  resultWords(view) {
    const result = view.result;
    if (!result) return "";
    const winners = (result.winners || []).map((side) => this.sideName(side));
    // Said after a colon: "you win", "your team wins" (a person's name keeps its capital).
    const lower = (name) => (/^(You|Your team|The other team)$/.test(name) ? name[0].toLowerCase() + name.slice(1) : name);
    const wins = winners.length
      ? `${winners.map(lower).join(" and ")} ${winners.length > 1 ? "win" : this.verb(winners[0], "win")}`
      : "";
    if (result.result === "out") {
      const out = result.hands.findIndex((tiles) => tiles.length === 0);
      const who = out >= 0 ? this.who(out) : "A player";
      // Alone, the player who went out is the side that wins: name them once.
      if (winners.length === 1 && !this.info.teams) return `${who} went out and ${this.verb(who, "win")} the hand.`;
      return `${who} went out${wins ? `: ${wins} the hand` : ""}.`;
    }
    const how = result.result === "blocked" ? "The hand is blocked" : "The count reached the target";
    if (!wins) return result.result ? `${how}: a tie, nobody wins it.` : `${how}.`;
    return `${how}: ${wins} the hand.`;
  },

  // Each side's points of the hand in a few words: "counts 20 + out 5" (the counts scored
  // while playing, and what the hand's end brought: the others' pips, or the difference
  // after a block, rounded to five in the fives games).
  resultWhy(view, side) {
    const result = view.result;
    const rules = this.info; // the effective rules (the view's record lists only changes)
    const pips = new Array(result.points.length).fill(0);
    result.hands.forEach((tiles, seat) => (pips[this.sideOf(seat)] += pipsOf(tiles)));
    const total = pips.reduce((a, b) => a + b, 0);
    let end = 0;
    let why = "";
    if (result.winners.includes(side) && result.result && rules.score !== "none") {
      const others = total - pips[side];
      end = result.result === "blocked" && rules.score === "difference" ? others - pips[side] : others;
      // The house rule: going out also scores the partner's pips (the side's only pips left).
      if (rules.out_counts_partner && result.result === "out") end += pips[side];
      const raw = end;
      if (rules.fives) end = roundToFive(end);
      // Nothing to count (a 0-0 left against an empty hand) says nothing.
      if (raw > 0) why = `${result.result === "blocked" ? "block" : "out"} ${end}`;
      if (raw > 0 && end !== raw) why += ` (${plural(raw, "pip")})`;
    }
    const counts = result.points[side] - end;
    return [counts > 0 ? `counts ${counts}` : "", why].filter(Boolean).join(" + ");
  },

  matchWords(view) {
    const forfeit = this.state.table.forfeited_by;
    if (forfeit != null) {
      // An away seat never runs out of time (the computer plays it): its forfeit is a person
      // gone past the grace at a rated table, who loses the match by leaving it.
      const seat = this.state.table.seats.find((s) => s.index === forfeit);
      const name = this.who(forfeit);
      if (seat?.away) {
        if (name === "You") return "You left for good and lose the match.";
        // Of two sides, the one left at the table wins: say so, not only that the other lost.
        const mine = view.scores.length === 2 && this.sideOf(this.me) !== this.sideOf(forfeit);
        if (!this.watching && mine) {
          return `${name} left for good: ${this.info.teams ? "your team wins" : "you win"} the match!`;
        }
        return `${name} left for good and loses the match.`;
      }
      return `${this.seatLabel(forfeit)} ran out of time and forfeits the match.`;
    }
    const winners = view.match.winners || [];
    if (!winners.length) return "The match is over.";
    if (winners.length > 1) {
      return `Shared win: ${winners.map((s) => this.sideName(s)).join(" and ")}.`;
    }
    const winner = winners[0];
    const bestOf = "best_of" in (view.rules.match || {});
    const how = bestOf
      ? `, ${view.hand_wins[winner]}-${Math.max(...view.hand_wins.filter((_, s) => s !== winner))} in hands`
      : "";
    if (!this.watching && winner === this.sideOf(this.me)) {
      return `${this.info.teams ? "Your team wins" : "You win"} the match${how}!`;
    }
    return `${this.sideName(winner)} wins the match${how}.`;
  },

  mainLabel() {
    const view = this.view;
    if (this.watching || this.away) return "";
    if (view.result && !view.match.finished) return "Next round";
    if (!this.myTurn()) return "";
    const only = view.legal.length === 1 ? view.legal[0] : null;
    if (only && only.draw) return "Draw";
    if (only && only.pass) return "Pass";
    return "";
  },

  boardWords(view) {
    const table = view.table || {};
    if (!table.opening) return "The table is empty.";
    const parts = [`Opening tile ${table.opening}.`];
    for (const arm of ["left", "right", "up", "down"]) {
      const tiles = table[arm] || [];
      if (tiles.length) {
        parts.push(`Toward ${END_WORDS[arm]}: ${tiles.map((t) => t.tile).join(", ")}.`);
      }
    }
    const ends = Object.entries(view.ends || {}).map(([end, n]) => `${end} ${n}`);
    if (ends.length) parts.push(`Open ends: ${ends.join(", ")}.`);
    if (view.spinner) parts.push(`The spinner is ${view.spinner.tile}.`);
    return parts.join(" ");
  },
};
