// The coach on the replay (games.coach): each person's graded decisions, the moments that cost
// most with the better move and why, the grade of the move about to be played at the step shown,
// and "play on from here" (a form the server answers with a new table against the computer).
// The server sends the reviews only for a finished match; this module only draws them.

const $ = (id) => document.getElementById(id);

const points = (value) => {
  const rounded = Math.round(value * 10) / 10;
  return `${rounded} ${Math.abs(rounded) === 1 ? "point" : "points"}`;
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
        return count ? `${name}: ${Math.round(total / count)}% accuracy over the match.` : "";
      })
      .join(" ");
    for (const review of reviews) {
      const li = document.createElement("li");
      li.dataset.hand = String(review.hand + 1);
      const who = this.data.names[review.seat];
      const accuracy = review.accuracy === null ? "no choice to grade" : `accuracy ${review.accuracy}%`;
      const luck =
        review.luck === null ? "" : `; the tiles dealt were worth ${review.luck > 0 ? "+" : ""}${points(review.luck)} to a strong player`;
      li.textContent = `Hand ${review.hand + 1}, ${who}: ${accuracy}${luck}.`;
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
      button.textContent = `Hand ${review.hand + 1}, move ${decision.ply + 1}`;
      button.addEventListener("click", () => this.go(step));
      const words = document.createElement("span");
      withTiles(
        words,
        ` ${this.data.names[review.seat]} played ${decision.played}: ${decision.label}, ` +
          `${points(decision.cost)} lost on average. Better: ${decision.best}. ${decision.reason}`,
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
        const better = decision.best === decision.played ? "" : ` Better: ${decision.best}. ${decision.reason}`;
        note.dataset.grade = decision.grade;
        withTiles(
          note,
          `${who} is to move and plays ${decision.played}: ${decision.label}` +
            (decision.cost >= 0.05 ? `, ${points(decision.cost)} lost on average.` : ".") +
            better,
        );
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
