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
      const reasons = $("result-reasons");
      reasons.replaceChildren();
      for (const line of this.resultReasons(view)) {
        const li = document.createElement("li");
        li.textContent = line;
        reasons.append(li);
      }
      this.renderOpenHands(outcome);
      $("result-score").textContent = this.runningScore(view);
    }
    const end = $("match-end");
    end.hidden = !this.over;
    if (this.over) {
      const takeBacks = this.state.table.take_backs ? " Played with take-backs." : "";
      const counted = view.scores.some((s) => s > 0) && !("best_of" in (view.rules.match || {}));
      const scores = view.scores.map((s, side) => `${this.sideName(side)} ${s}`).join(", ");
      $("match-end-text").textContent =
        this.matchWords(view) + (counted ? ` Final score: ${scores}.` : "") + takeBacks;
      this.renderRematch();
    }
  },

  renderOpenHands(outcome) {
    const list = $("result-hands");
    list.replaceChildren();
    outcome.hands.forEach((tiles, seat) => {
      const li = document.createElement("li");
      li.dataset.seat = String(seat);
      if (this.info.teams) li.dataset.team = String(this.sideOf(seat));
      const pips = tiles.reduce((sum, t) => sum + parseTile(t).reduce((a, b) => a + b, 0), 0);
      li.append(this.span("seat-name", this.seatLabel(seat)));
      const row = document.createElement("span");
      row.className = "result-tiles";
      // A picture of the tiles: a plain span may not carry a label (axe aria-prohibited-attr).
      row.setAttribute("role", "img");
      row.setAttribute("aria-label", tiles.length ? tiles.join(", ") : "no tiles");
      row.innerHTML = tiles.map((t) => handTileSVG(t)).join("");
      li.append(row);
      li.append(this.span("result-pips", tiles.length ? plural(pips, "pip") : "out"));
      list.append(li);
    });
  },

  // "Score: You 35, Computer 20 (to 100)"; a best-of counts hands instead.
  runningScore(view) {
    const match = view.rules.match || {};
    const sides = view.scores.map((_, side) => side);
    if ("best_of" in match) {
      const wins = sides.map((s) => `${this.sideName(s)} ${view.hand_wins[s] ?? 0}`).join(", ");
      return `Hands won: ${wins} (best of ${match.best_of}).`;
    }
    const scores = sides.map((s) => `${this.sideName(s)} ${view.scores[s]}`).join(", ");
    return `Score: ${scores}${match.target ? ` (to ${match.target})` : ""}.`;
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
