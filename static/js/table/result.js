// The end of a hand and of a match: a panel over the felt with every hand laid open, what each
// side scores and why, the running score (and hands won in a best-of), and what comes next.

import { $ } from "./page.js";
import { parseTile } from "./geometry.js";
import { handTileSVG } from "./tiles.js";
import { plural } from "./words.js";

export const result = {
  renderResult() {
    const view = this.view;
    const panel = $("hand-result");
    const outcome = view.result;
    panel.hidden = !outcome;
    $("end-panel").hidden = !outcome && !this.over;
    if (outcome) {
      $("hand-result-text").textContent = this.resultWords(view);
      this.renderSides(view);
    }
    const end = $("match-end");
    end.hidden = !this.over;
    if (this.over) {
      const takeBacks = this.state.table.take_backs ? " Played with take-backs." : "";
      const counted = view.scores.some((s) => s > 0) && !("best_of" in (view.rules.match || {}));
      // Under the last hand's rows, which name every side with its total, the numbers suffice.
      const scores = outcome
        ? [...view.scores].sort((a, b) => b - a).join(" to ")
        : view.scores.map((s, side) => `${this.sideName(side)} ${s}`).join(", ");
      $("match-end-text").textContent =
        this.matchWords(view) + (counted ? ` Final score: ${scores}.` : "") + takeBacks;
      this.renderRematch();
    }
  },

  // One row a side, each name once: its points of the hand and why in a few words, its
  // running total, and its laid-open tiles (a partnership's two hands, each with its player).
  renderSides(view) {
    const outcome = view.result;
    const list = $("result-sides");
    list.replaceChildren();
    const bestOf = "best_of" in (view.rules.match || {});
    outcome.points.forEach((points, side) => {
      const li = document.createElement("li");
      li.dataset.side = String(side);
      if (this.info.teams) li.dataset.team = String(side);
      if (outcome.winners.includes(side)) li.dataset.won = "true";
      li.append(this.span("seat-name", this.sideName(side)));
      li.append(this.span("result-points", `+${points}`));
      const wins = view.hand_wins[side] ?? 0;
      const total = bestOf ? `${plural(wins, "hand")} won` : `${view.scores[side]} total`;
      li.append(this.span("result-total", total));
      const detail = document.createElement("span");
      detail.className = "result-detail";
      outcome.hands.forEach((tiles, seat) => {
        if (this.sideOf(seat) === side) detail.append(this.openHand(seat, tiles));
      });
      detail.append(this.span("result-why", this.resultWhy(view, side)));
      li.append(detail);
      list.append(li);
    });
  },

  openHand(seat, tiles) {
    const hand = document.createElement("span");
    hand.className = "result-hand";
    hand.dataset.seat = String(seat);
    // A partnership's row names its two players; alone, the side's name is the seat's.
    if (this.info.teams) hand.append(this.span("result-player", this.who(seat)));
    const row = document.createElement("span");
    row.className = "result-tiles";
    // A picture of the tiles: a plain span may not carry a label (axe aria-prohibited-attr).
    row.setAttribute("role", "img");
    row.setAttribute("aria-label", tiles.length ? tiles.join(", ") : "no tiles");
    row.innerHTML = tiles.map((t) => handTileSVG(t)).join("");
    hand.append(row);
    const pips = tiles.reduce((sum, t) => sum + parseTile(t).reduce((a, b) => a + b, 0), 0);
    hand.append(this.span("result-pips", tiles.length ? plural(pips, "pip") : "out"));
    return hand;
  },

  renderRematch() {
    const table = this.state.table;
    // A tournament's match is followed by the tournament's own next round, not a rematch.
    const tournament = Boolean(this.root.dataset.tournament);
    const online = table.kind === "online" && !this.watching && !tournament;
    const rematch = table.rematch || { votes: [], table: null };
    const people = table.seats.filter((seat) => !seat.bot).map((seat) => seat.index);
    const asked = rematch.votes.includes(this.me);
    $("rematch").hidden = !online || Boolean(rematch.table);
    $("rematch").disabled = asked;
    const link = $("rematch-link");
    link.hidden = !rematch.table || tournament;
    if (rematch.table) link.href = `/tables/${rematch.table}/`;
    const status = $("rematch-status");
    status.hidden = !online || (!rematch.votes.length && !rematch.table);
    status.textContent = rematch.table
      ? "Everyone agreed: the rematch is dealt."
      : `Rematch: ${rematch.votes.length} of ${people.length} players ready` +
        (asked ? " (you asked)." : ".");
  },
};
