// The coach's review on the table between hands (games.coach): the accuracy of the hand just
// over, its grades, and its costliest moments, sent live by the table's socket once the job has
// stored it, or fetched when the hand-end panel opens and the review is already done. The
// server sends a seat only its own reviews, of hands that are over, and at a rated or tournament
// table only after the match: this module only draws them, and only while the panel is up.

import { plural } from "./words.js";

// The moments shown in a line each: a phone keeps the panel short.
const MOMENTS = 2;
const ORDER = ["best", "good", "inaccuracy", "mistake", "blunder"];

export class HandReview {
  constructor(page) {
    this.page = page;
    this.reviews = new Map(); // hand (0-based) -> the seat's review
    this.asked = new Set(); // hands whose reviews.json was fetched
    this.box = document.createElement("section");
    this.box.className = "hand-review";
    this.box.id = "hand-review";
    this.box.setAttribute("aria-label", "Coach");
    this.box.hidden = true;
    document.getElementById("result-sides").after(this.box); // under the hand's rows
  }

  // ``message``: the socket's {"type": "review", "review": ...}, or null for a render.
  update(message) {
    if (message) this.reviews.set(message.review.hand, message.review);
    const view = this.page.view;
    const open = Boolean(view.result) && !this.page.watching;
    const hand = view.hand_number;
    if (open && !this.reviews.has(hand) && !this.asked.has(hand)) this.fetch(hand);
    const review = open ? this.reviews.get(hand) : undefined;
    this.box.hidden = !review;
    if (review) this.draw(review);
  }

  async fetch(hand) {
    this.asked.add(hand);
    try {
      const response = await fetch(`/tables/${this.page.state.table.id}/reviews.json`);
      if (!response.ok) return;
      for (const review of (await response.json()).reviews) this.reviews.set(review.hand, review);
    } catch {
      return; // the socket still brings it when the job is done
    }
    this.update(null);
  }

  draw(review) {
    const summary = document.createElement("p");
    summary.className = "review-summary";
    const tally = ORDER.map((grade) => [grade, review.decisions.filter((d) => d.grade === grade)])
      .filter(([, found]) => found.length)
      .map(([, found]) => `${found.length} ${found[0].label}`);
    summary.textContent = review.decisions.length
      ? `Coach: ${review.accuracy}% accuracy (${tally.join(", ")}).`
      : `Coach: ${plural(review.forced, "forced move")}, nothing to grade.`;
    const moments = review.decisions
      .filter((d) => review.critical.includes(d.ply))
      .sort((a, b) => b.cost - a.cost)
      .slice(0, MOMENTS);
    const list = document.createElement("ul");
    list.className = "review-moments";
    for (const decision of moments) list.append(this.moment(review, decision));
    this.box.replaceChildren(summary, ...(moments.length ? [list] : []));
  }

  // "Blunder: 6-3 cost about 12 points: 6-6 was better — <reason>", and the moment on the
  // replay (a match is replayed once it is over: until then the line stands alone).
  moment(review, decision) {
    const li = document.createElement("li");
    li.dataset.grade = decision.grade;
    const cost = plural(Math.max(1, Math.round(decision.cost)), "point");
    li.textContent =
      `${decision.label}: ${decision.played} cost about ${cost}: ${decision.best} was better` +
      (decision.reason ? ` — ${decision.reason}` : ".");
    if (this.page.over) {
      const link = document.createElement("a");
      link.href = `/tables/${this.page.state.table.id}/replay/#hand=${review.hand}&ply=${decision.ply}`;
      link.textContent = "See it";
      li.append(" ", link);
    }
    return li;
  }
}
