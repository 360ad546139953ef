// The coach on the replay (games.coach): each person's graded decisions, the moments that cost
// most with the better move and why, the grade of the move about to be played at the step shown,
// and "play on from here" (a form the server answers with a new table against the computer).
// The server sends the reviews only for a finished match; this module only draws them.

import { fill, gettext, ngettext } from "./i18n.js";
import { $ } from "./table/dom.js";

// Points lost on average, one decimal ("2.5 points lost on average").
const pointsLost = (value) => {
  const rounded = Math.round(value * 10) / 10;
  return fill(
    ngettext("%(points)s point lost on average", "%(points)s points lost on average", Math.abs(rounded)),
    { points: rounded },
  );
};

// Words with tile names ("6-2") kept whole: a narrow screen must not break a tile at its dash.
const withTiles = (element, text) => {
  element.replaceChildren();
  for (const part of text.split(/(\b[0-6]-[0-6]\b)/)) {
    if (!/^[0-6]-[0-6]$/.test(part)) {
      element.append(part);
      continue;
    }
    const tile = document.createElement("span");
    tile.className = "tile-name";
    tile.textContent = part;
    element.append(tile);
  }
};

export class CoachPanel {
  constructor(data, go) {
    this.data = data;
    this.coach = data.coach || { reviews: [], mine: null };
    this.go = go;
    // The step before each graded move: hand's first step + the moves played before it.
    this.byStep = new Map();
    for (const review of this.coach.reviews) {
      const first = data.hands[review.hand].first_step;
      for (const decision of review.decisions) {
        this.byStep.set(first + decision.ply, { review, decision });
      }
    }
    this.renderSummary();
  }

  // Whose reviews the panel lists: the viewer's own seat first (all seats for staff).
  get reviews() {
    const mine = this.coach.mine;
    const own = this.coach.reviews.filter((r) => mine === null || r.seat === mine);
    return own;
  }

  renderSummary() {
    const section = $("coach");
    if (!section) return;
    const reviews = this.reviews;
    section.hidden = false;
    const list = $("coach-hands");
    list.replaceChildren();
    if (!reviews.length) {
      $("coach-empty").hidden = false;
      return;
    }
    $("coach-empty").hidden = true;
    // The match's accuracy for each reviewed seat: every graded decision counts once.
    const seats = [...new Set(reviews.map((r) => r.seat))];
    $("coach-match").textContent = seats
      .map((seat) => {
        const graded = reviews.filter((r) => r.seat === seat && r.accuracy !== null);
        const count = graded.reduce((n, r) => n + r.decisions.length, 0);
        const total = graded.reduce((n, r) => n + r.accuracy * r.decisions.length, 0);
        const name = this.data.names[seat];
        return count
          ? fill(gettext("%(name)s: %(accuracy)s accuracy over the match."), {
              name,
              accuracy: `${Math.round(total / count)}%`,
            })
          : "";
      })
      .join(" ");
    for (const review of reviews) {
      const li = document.createElement("li");
      li.dataset.hand = String(review.hand + 1);
      const who = this.data.names[review.seat];
      const values = {
        hand: review.hand + 1,
        name: who,
        accuracy: `${review.accuracy}%`,
        luck: `${review.luck > 0 ? "+" : ""}${Math.round(review.luck * 10) / 10}`,
      };
      const plural = Math.abs(Math.round(review.luck * 10) / 10);
      li.textContent =
        review.accuracy === null
          ? fill(gettext("Hand %(hand)s, %(name)s: no choice to grade."), values)
          : review.luck === null
          ? fill(gettext("Hand %(hand)s, %(name)s: accuracy %(accuracy)s."), values)
          : fill(
              ngettext(
                "Hand %(hand)s, %(name)s: accuracy %(accuracy)s; the tiles dealt were worth %(luck)s point to a strong player.",
                "Hand %(hand)s, %(name)s: accuracy %(accuracy)s; the tiles dealt were worth %(luck)s points to a strong player.",
                plural,
              ),
              values,
            );
      list.append(li);
    }
    const moments = $("coach-moments");
    moments.replaceChildren();
    const critical = reviews
      .flatMap((review) =>
        review.decisions
          .filter((d) => review.critical.includes(d.ply))
          .map((decision) => ({ review, decision })),
      )
      .sort((a, b) => b.decision.cost - a.decision.cost)
      .slice(0, 3);
    for (const { review, decision } of critical) {
      const li = document.createElement("li");
      const button = document.createElement("button");
      button.type = "button";
      button.className = "critical-moment";
      const step = this.data.hands[review.hand].first_step + decision.ply;
      button.dataset.step = String(step);
      button.textContent = fill(gettext("Hand %(hand)s, move %(move)s"), {
        hand: review.hand + 1,
        move: decision.ply + 1,
      });
      button.addEventListener("click", () => this.go(step));
      const words = document.createElement("span");
      withTiles(
        words,
        " " +
          fill(gettext("%(name)s played %(move)s: %(grade)s, %(lost)s. Better: %(best)s."), {
            name: this.data.names[review.seat],
            move: decision.played,
            grade: decision.label,
            lost: pointsLost(decision.cost),
            best: decision.best,
          }) +
          ` ${decision.reason}`,
      );
      li.append(button, words);
      moments.append(li);
    }
    $("coach-moments-title").hidden = !critical.length;
  }

  // The grade of the move about to be played at ``index``, and the play-on form's moment.
  update(index, step) {
    const note = $("coach-note");
    if (note) {
      const found = this.byStep.get(index);
      note.hidden = !found;
      if (found) {
        const { review, decision } = found;
        const who = this.data.names[review.seat];
        const values = { name: who, move: decision.played, grade: decision.label };
        const plays =
          decision.cost >= 0.05
            ? fill(gettext("%(name)s is to move and plays %(move)s: %(grade)s, %(lost)s."), {
                ...values,
                lost: pointsLost(decision.cost),
              })
            : fill(gettext("%(name)s is to move and plays %(move)s: %(grade)s."), values);
        const better =
          decision.best === decision.played
            ? ""
            : " " + fill(gettext("Better: %(best)s."), { best: decision.best }) + ` ${decision.reason}`;
        note.dataset.grade = decision.grade;
        withTiles(note, plays + better);
      }
    }
    const form = $("play-on");
    if (form) {
      const first = this.data.hands[step.hand].first_step;
      form.elements.hand.value = String(step.hand);
      form.elements.ply.value = String(index - first);
      // A hand over has nobody to move: there is nothing to play on from.
      $("play-on-button").disabled = step.turn === null;
    }
  }
}
