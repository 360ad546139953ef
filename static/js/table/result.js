// The end of a hand and of a match: how it ended in words (the live region, the status line),
// and a panel over the felt with every hand laid open, what each side scores and why, the
// running score (and hands won in a best-of), and what comes next.

import { $, span } from "./dom.js";
import { joinAnd, mySide, seatLabel, sideInSentence, sideName, who } from "./words.js";
import { parseTile } from "../board/geometry.js";
import { handTileSVG } from "../board/tiles.js";
import { fill, gettext, ngettext } from "../i18n.js";

const pipsOf = (tiles) => tiles.reduce((sum, t) => sum + parseTile(t).reduce((a, b) => a + b, 0), 0);
// All Fives rounding of a hand's end points: remainders 0-2 go down, 3-4 go up (docs/rules.md).
const roundToFive = (n) => 5 * Math.floor((n + 2) / 5);

/** "2 hands won": a best-of's running score. */
export const handsWon = (count) => fill(ngettext("%(count)s hand won", "%(count)s hands won", count), { count });

// Who wins the hand, said after a colon: "you win the hand", "Ana wins the hand".
function winsTheHand(ctrl, winners) {
  if (winners.length > 1) {
    const names = joinAnd(winners.map((side) => sideInSentence(ctrl, side)));
    return fill(gettext("%(names)s win the hand"), { names });
  }
  const side = winners[0];
  if (mySide(ctrl, side)) {
    return ctrl.info.teams ? gettext("your team wins the hand") : gettext("you win the hand");
  }
  if (ctrl.info.teams && !ctrl.watching) return gettext("the other team wins the hand");
  return fill(gettext("%(name)s wins the hand"), { name: sideName(ctrl, side) });
}

// One short sentence: how the hand ended and who won it, each name once.
export function resultWords(ctrl, view) {
  const result = view.result;
  if (!result) return "";
  const winners = result.winners || [];
  const outcome = winners.length ? winsTheHand(ctrl, winners) : "";
  if (result.result === "out") {
    const out = result.hands.findIndex((tiles) => tiles.length === 0);
    const name = out >= 0 ? seatLabel(ctrl, out) : "";
    const values = { name, outcome };
    // Alone, the player who went out is the side that wins: name them once.
    if (winners.length === 1 && !ctrl.info.teams) {
      if (out === ctrl.me) return gettext("You went out and win the hand.");
      if (out < 0) return gettext("A player went out and wins the hand.");
      return fill(gettext("%(name)s went out and wins the hand."), values);
    }
    if (out === ctrl.me) {
      return outcome ? fill(gettext("You went out: %(outcome)s."), values) : gettext("You went out.");
    }
    if (out < 0) {
      return outcome
        ? fill(gettext("A player went out: %(outcome)s."), values)
        : gettext("A player went out.");
    }
    return fill(
      outcome ? gettext("%(name)s went out: %(outcome)s.") : gettext("%(name)s went out."),
      values,
    );
  }
  const blocked = result.result === "blocked";
  if (!outcome) {
    if (!result.result) return gettext("The count reached the target.");
    return blocked
      ? gettext("The hand is blocked: a tie, nobody wins it.")
      : gettext("The count reached the target: a tie, nobody wins it.");
  }
  return fill(
    blocked
      ? gettext("The hand is blocked: %(outcome)s.")
      : gettext("The count reached the target: %(outcome)s."),
    { outcome },
  );
}

// Each side's points of the hand in a few words, never repeating the "went out" its open
// hand already says: "counts 20 + their 13 pips → 15" (the counts scored while playing, and
// what the hand's end brought: the pips left in the other side's hands, rounded to five in
// the fives games, or after a block those set against the side's own: "blocked: 19 pips
// against 12"). A game that keeps no points says only what won the hand: "lowest hand, 5 pips".
function resultWhy(ctrl, view, side) {
  const result = view.result;
  const rules = ctrl.info; // the effective rules (the view's record lists only changes)
  const pips = new Array(result.points.length).fill(0);
  result.hands.forEach((tiles, seat) => (pips[ctrl.sideOf(seat)] += pipsOf(tiles)));
  const total = pips.reduce((a, b) => a + b, 0);
  const won = result.winners.includes(side);
  const blocked = result.result === "blocked";
  if (rules.score === "none") {
    const counted = result.points[side] > 0 ? fill(gettext("counts %(points)s"), { points: result.points[side] }) : "";
    const lowest =
      won && blocked
        ? fill(ngettext("lowest hand, %(count)s pip", "lowest hand, %(count)s pips", pips[side]), {
            count: pips[side],
          })
        : "";
    return [counted, lowest].filter(Boolean).join(" + ");
  }
  let end = 0;
  let why = "";
  if (won && result.result) {
    const others = total - pips[side];
    const difference = blocked && rules.score === "difference";
    end = difference ? others - pips[side] : others;
    // The house rule: going out also scores the partner's pips (the side's only pips left),
    // so the pips counted are all those left in play.
    const partners = rules.out_counts_partner && result.result === "out";
    if (partners) end += pips[side];
    const raw = end;
    if (rules.fives) end = roundToFive(end);
    const values = { pips: raw, theirs: others, ours: pips[side] };
    if (difference && (others > 0 || pips[side] > 0)) {
      why = fill(
        ngettext("blocked: %(theirs)s pip against %(ours)s", "blocked: %(theirs)s pips against %(ours)s", others),
        values,
      );
    } else if (raw > 0) {
      const words = partners
        ? ngettext("all %(pips)s pip left", "all %(pips)s pips left", raw)
        : blocked
          ? ngettext("blocked: their %(pips)s pip", "blocked: their %(pips)s pips", raw)
          : ngettext("their %(pips)s pip", "their %(pips)s pips", raw);
      why = fill(words, values);
    }
    // All Fives rounds the hand's end to five: "their 23 pips → 25".
    if (why && end !== raw) why = `${why} → ${end}`;
  }
  const counts = result.points[side] - end;
  const counted = counts > 0 ? fill(gettext("counts %(points)s"), { points: counts }) : "";
  return [counted, why].filter(Boolean).join(" + ");
}

export function matchWords(ctrl, view) {
  const forfeit = ctrl.state.table.forfeited_by;
  if (forfeit != null) {
    // The server says why: out of time on the tournament clock, or gone past the grace at a
    // rated table (the seat's presence cannot tell: they may have come back since).
    const name = seatLabel(ctrl, forfeit);
    if (ctrl.state.table.forfeit_reason === "resigned") {
      return gettext("You resigned: the computer wins the match.");
    }
    if (ctrl.state.table.forfeit_reason === "left") {
      if (forfeit === ctrl.me) return gettext("You left for good and lose the match.");
      // Of two sides, the one left at the table wins: say so, not only that the other lost.
      const mine = view.scores.length === 2 && ctrl.sideOf(ctrl.me) !== ctrl.sideOf(forfeit);
      if (!ctrl.watching && mine) {
        return fill(
          ctrl.info.teams
            ? gettext("%(name)s left for good: your team wins the match!")
            : gettext("%(name)s left for good: you win the match!"),
          { name },
        );
      }
      return fill(gettext("%(name)s left for good and loses the match."), { name });
    }
    return fill(gettext("%(name)s ran out of time and forfeits the match."), { name });
  }
  const winners = view.match.winners || [];
  if (!winners.length) return gettext("The match is over.");
  if (winners.length > 1) {
    const names = joinAnd(winners.map((s) => sideName(ctrl, s)));
    return fill(gettext("Shared win: %(names)s."), { names });
  }
  const winner = winners[0];
  const bestOf = "best_of" in (view.rules.match || {});
  // The hands won, a score like "2-1" (tiles and scores are written the same in every language).
  const others = Math.max(...view.hand_wins.filter((_, s) => s !== winner));
  const values = { name: sideName(ctrl, winner), score: `${view.hand_wins[winner]}-${others}` };
  if (mySide(ctrl, winner)) {
    if (ctrl.info.teams) {
      return bestOf
        ? fill(gettext("Your team wins the match, %(score)s in hands!"), values)
        : gettext("Your team wins the match!");
    }
    return bestOf
      ? fill(gettext("You win the match, %(score)s in hands!"), values)
      : gettext("You win the match!");
  }
  return fill(
    bestOf ? gettext("%(name)s wins the match, %(score)s in hands.") : gettext("%(name)s wins the match."),
    values,
  );
}

export function renderResult(ctrl) {
  const view = ctrl.view;
  const panel = $("hand-result");
  const outcome = view.result;
  panel.hidden = !outcome;
  $("end-panel").hidden = !outcome && !ctrl.over;
  if (outcome) {
    $("hand-result-text").textContent = resultWords(ctrl, view);
    renderSides(ctrl, view);
  }
  const end = $("match-end");
  end.hidden = !ctrl.over;
  if (ctrl.over) {
    const counted = view.scores.some((s) => s > 0) && !("best_of" in (view.rules.match || {}));
    // Under the last hand's rows, which name every side with its total, the numbers suffice.
    const scores = outcome
      ? [...view.scores]
          .sort((a, b) => b - a)
          .reduce((some, last) => fill(gettext("%(some)s to %(last)s"), { some, last }))
      : view.scores
          .map((points, side) => fill(gettext("%(name)s %(points)s"), { name: sideName(ctrl, side), points }))
          .join(", ");
    $("match-end-text").textContent = [
      matchWords(ctrl, view),
      counted ? fill(gettext("Final score: %(scores)s."), { scores }) : "",
      ctrl.state.table.take_backs ? gettext("Played with take-backs.") : "",
    ]
      .filter(Boolean)
      .join(" ");
    renderRematch(ctrl);
  }
}

// One row a side, each name once: its name, its points of the hand and its running total, its
// laid-open tiles, and why it scored (a partnership's on the team's own line above its two
// hands, never read as the partner's) (a partnership's two hands, each with its
// player). A game that keeps no points (a single round) shows who won instead of "+0", and a
// single round no total (the hand is the match).
function renderSides(ctrl, view) {
  const outcome = view.result;
  const list = $("result-sides");
  list.replaceChildren();
  const bestOf = "best_of" in (view.rules.match || {});
  const points = ctrl.info.keeps_points !== false;
  outcome.points.forEach((gained, side) => {
    const li = document.createElement("li");
    li.dataset.side = String(side);
    if (ctrl.info.teams) li.dataset.team = String(side);
    const won = outcome.winners.includes(side);
    if (won) li.dataset.won = "true";
    li.append(span("seat-name", sideName(ctrl, side)));
    li.append(span("result-points", points ? `+${gained}` : won ? gettext("wins") : ""));
    let total = "";
    if (bestOf) total = handsWon(view.hand_wins[side] ?? 0);
    else if (points && !ctrl.info.single_round) {
      total = fill(gettext("%(points)s total"), { points: view.scores[side] });
    }
    li.append(span("result-total", total));
    const why = span("result-why", resultWhy(ctrl, view, side));
    // A partnership's reason on the team's own line, before its two hands; alone, after the
    // side's one hand (the line a phone held sideways has room for).
    if (ctrl.info.teams) li.append(why);
    const detail = document.createElement("span");
    detail.className = "result-detail";
    outcome.hands.forEach((tiles, seat) => {
      if (ctrl.sideOf(seat) === side) detail.append(openHand(ctrl, seat, tiles));
    });
    if (!ctrl.info.teams) detail.append(why);
    li.append(detail);
    list.append(li);
    if (view.bonuses?.length) ctrl.bonuses.use((part) => part.renderLine(li, side));
  });
}

function openHand(ctrl, seat, tiles) {
  const hand = document.createElement("span");
  hand.className = "result-hand";
  hand.dataset.seat = String(seat);
  // A partnership's row names its two players; alone, the side's name is the seat's.
  if (ctrl.info.teams) hand.append(span("result-player", who(ctrl, seat)));
  // A picture of the tiles: a plain span may not carry a label (axe aria-prohibited-attr). An
  // empty hand has none: its "went out" says it.
  if (tiles.length) {
    const row = document.createElement("span");
    row.className = "result-tiles";
    row.setAttribute("role", "img");
    row.setAttribute("aria-label", tiles.join(", "));
    row.innerHTML = tiles.map((t) => handTileSVG(t)).join("");
    hand.append(row);
  }
  const pips = pipsOf(tiles);
  const left = tiles.length
    ? fill(ngettext("%(count)s pip", "%(count)s pips", pips), { count: pips })
    : gettext("went out");
  hand.append(span("result-pips", left));
  if (!tiles.length) hand.dataset.out = "true";
  return hand;
}

function renderRematch(ctrl) {
  const table = ctrl.state.table;
  // A tournament's match is followed by the tournament's own next round, not a rematch.
  const tournament = Boolean(ctrl.root.dataset.tournament);
  const online = table.kind === "online" && !ctrl.watching && !tournament;
  const rematch = table.rematch || { votes: [], table: null };
  const people = table.seats.filter((seat) => !seat.bot).map((seat) => seat.index);
  const asked = rematch.votes.includes(ctrl.me);
  // Another person has left: their vote would never come (the server refuses the rematch).
  const gone = table.seats.find((seat) => !seat.bot && seat.away && seat.index !== ctrl.me);
  $("rematch").hidden = !online || Boolean(rematch.table) || Boolean(gone);
  // Against the computer: Play again, the same settings in one tap.
  $("play-again").hidden = table.kind !== "computer" || ctrl.watching || Boolean(rematch.table);
  $("play-again").disabled = false; // until tapped (a refusal brings the state back: tap again)
  $("rematch").disabled = asked;
  const link = $("rematch-link");
  link.hidden = !rematch.table || tournament;
  if (rematch.table) link.href = `/tables/${rematch.table}/`;
  const status = $("rematch-status");
  status.hidden = !online || (!rematch.votes.length && !rematch.table && !gone);
  const values = { ready: rematch.votes.length, count: people.length };
  if (gone && !rematch.table) {
    const name = seatLabel(ctrl, gone.index);
    status.textContent = fill(gettext("%(name)s has left the table: start a new match instead."), { name });
    return;
  }
  status.textContent = rematch.table
    ? gettext("Everyone agreed: the rematch is dealt.")
    : fill(
        asked
          ? ngettext(
              "Rematch: %(ready)s of %(count)s player ready (you asked).",
              "Rematch: %(ready)s of %(count)s players ready (you asked).",
              people.length,
            )
          : ngettext(
              "Rematch: %(ready)s of %(count)s player ready.",
              "Rematch: %(ready)s of %(count)s players ready.",
              people.length,
            ),
        values,
      );
}
