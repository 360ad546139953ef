// The coach's review on the table between hands (games.coach): the accuracy of the hand just
// over, its grades, and its costliest moments, sent live by the table's socket once the job has
// stored it, or fetched when the hand-end panel opens and the review is already done. The
// server sends a seat only its own reviews, of hands that are over, and at a rated or tournament
// table only after the match: this module only draws them, and only while the panel is up.

import { $ } from "./dom.js";
import { fill, gettext, ngettext, pgettext } from "../i18n.js";

// The moments shown in a line each: a phone keeps the panel short.
const MOMENTS = 2;
const ORDER = ["best", "good", "inaccuracy", "mistake", "blunder"];

// A grade's name (the server's label is English: the grade's key names it here).
const gradeName = (grade) =>
  ({
    best: pgettext("a move's grade", "Best"),
    good: pgettext("a move's grade", "Good"),
    inaccuracy: pgettext("a move's grade", "Inaccuracy"),
    mistake: pgettext("a move's grade", "Mistake"),
    blunder: pgettext("a move's grade", "Blunder"),
  })[grade];

// "2 mistakes": how many moves had a grade.
const gradeCount = (grade, count) =>
  fill(
    {
      best: () => ngettext("%(count)s best", "%(count)s best", count),
      good: () => ngettext("%(count)s good", "%(count)s good", count),
      inaccuracy: () => ngettext("%(count)s inaccuracy", "%(count)s inaccuracies", count),
      mistake: () => ngettext("%(count)s mistake", "%(count)s mistakes", count),
      blunder: () => ngettext("%(count)s blunder", "%(count)s blunders", count),
    }[grade](),
    { count },
  );

// "85%", as the page's language writes a percentage ("85 %" in Spanish).
const percent = (value) =>
  new Intl.NumberFormat(document.documentElement.lang || undefined, {
    style: "percent",
    maximumFractionDigits: 1,
  }).format(value / 100);

export class HandReview {
  constructor(ctrl) {
    this.ctrl = ctrl;
    this.reviews = new Map(); // hand (0-based) -> the seat's review
    this.asked = new Set(); // hands whose reviews.json was fetched
    this.box = document.createElement("section");
    this.box.className = "hand-review";
    this.box.id = "hand-review";
    this.box.setAttribute("aria-label", gettext("Coach"));
    this.box.hidden = true;
    $("result-sides").after(this.box); // under the hand's rows
  }

  // ``message``: the socket's {"type": "review", "review": ...}, or null for a render.
  update(message) {
    if (message) this.reviews.set(message.review.hand, message.review);
    const view = this.ctrl.view;
    const open = Boolean(view.result) && !this.ctrl.watching;
    const hand = view.hand_number;
    if (open && !this.reviews.has(hand) && !this.asked.has(hand)) this.fetch(hand);
    const review = open ? this.reviews.get(hand) : undefined;
    this.box.hidden = !review;
    if (review) this.draw(review);
  }

  async fetch(hand) {
    this.asked.add(hand);
    try {
      const response = await fetch(`/tables/${this.ctrl.state.table.id}/reviews.json`);
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
      .map(([grade, found]) => gradeCount(grade, found.length));
    summary.textContent = review.decisions.length
      ? fill(gettext("Coach: %(accuracy)s accuracy (%(tally)s)."), {
          accuracy: percent(review.accuracy),
          tally: tally.join(", "),
        })
      : fill(
          ngettext(
            "Coach: %(count)s forced move, nothing to grade.",
            "Coach: %(count)s forced moves, nothing to grade.",
            review.forced,
          ),
          { count: review.forced },
        );
    const moments = review.decisions
      .filter((d) => review.critical.includes(d.ply))
      .sort((a, b) => b.cost - a.cost)
      .slice(0, MOMENTS);
    const list = document.createElement("ul");
    list.className = "review-moments";
    for (const decision of moments) list.append(this.moment(review, decision));
    this.box.replaceChildren(summary, ...(moments.length ? [list] : []));
  }

  // "Blunder: 6-3 cost about 12 points on average: 6-6 was better — <reason>" (points of the
  // hand's result, over the deals the player could have been facing: a hand won can still hold
  // a costly move), and the moment on the replay (a match is replayed once it is over: until
  // then the line stands alone).
  moment(review, decision) {
    const li = document.createElement("li");
    li.dataset.grade = decision.grade;
    const count = Math.max(1, Math.round(decision.cost));
    const values = {
      grade: gradeName(decision.grade) ?? decision.label,
      played: decision.played,
      best: decision.best,
      count,
      reason: decision.reason,
    };
    li.textContent = fill(
      decision.reason
        ? ngettext(
            "%(grade)s: %(played)s cost about %(count)s point on average: %(best)s was better — %(reason)s",
            "%(grade)s: %(played)s cost about %(count)s points on average: %(best)s was better — %(reason)s",
            count,
          )
        : ngettext(
            "%(grade)s: %(played)s cost about %(count)s point on average: %(best)s was better.",
            "%(grade)s: %(played)s cost about %(count)s points on average: %(best)s was better.",
            count,
          ),
      values,
    );
    if (this.ctrl.over) {
      const link = document.createElement("a");
      link.href = `/tables/${this.ctrl.state.table.id}/replay/#hand=${review.hand}&ply=${decision.ply}`;
      link.textContent = gettext("See it");
      li.append(" ", link);
    }
    return li;
  }
}
