// Bonuses (the Caribbean partnership games): points a side gains for a named event, scored
// where it happens (the engine's view lists the hand's bonuses so far: name, side, seat,
// points). Each new one pops up over its side's score ("Capicú! +100") and is said in the live
// region; the end panel lists the hand's under each side. Fetched the first time a state
// carries one (later.js): the games without bonuses never load it. Like the other parts fetched
// later it imports only dom.js and i18n.js (a part importing more of the table's modules split
// the first load in two chunks, 1 KB heavier): the controller hands it the words it shares.
// Its looks come with it (STYLES, adopted through the CSSOM, which the page's CSP allows where
// it refuses a <style> element), not in table.css: a first visit pays for neither.

import { say, span } from "./dom.js";
import { fill, gettext, pgettext } from "../i18n.js";

const REDUCED = window.matchMedia("(prefers-reduced-motion: reduce)");
// A pop-up's height and a little air: the next one over the same score sits this much higher.
const STACK_PX = 34;

// The pop-up over a score, held long enough to read; the end panel's line in the accent.
const STYLES = `
.fly-bonus::after { content: attr(data-text); }
.fly-bonus { translate: -50% -100%; white-space: nowrap; font-weight: 800; font-size: 1.05rem;
  color: #1d1f24; background: var(--glow); border-radius: 1rem; padding: 0.1rem 0.6rem;
  box-shadow: 0 2px 8px rgb(0 0 0 / 0.35); }
.result-sides .result-bonuses { grid-column: 1 / -1; font-size: 0.9rem; font-weight: 700;
  color: var(--accent); }`;

// The players' own words for each event (the engine's names are identifiers).
const NAMES = {
  capicu: () => pgettext("bonus", "Capicú"),
  chuchazo: () => pgettext("bonus", "Chuchazo"),
  hand_bonus: () => pgettext("bonus", "Hand bonus"),
  tranque_bonus: () => pgettext("bonus", "Tranque bonus"),
  pase_salida: () => pgettext("bonus", "Pase de salida"),
  pase_corrido: () => pgettext("bonus", "Pase corrido"),
};

export function bonusName(name) {
  return NAMES[name]?.() ?? name;
}

/** The bonuses of `after` that `before` (the state shown until now) did not have yet. */
export function freshBonuses(before, after) {
  if (before.hand_number !== after.hand_number) return after.bonuses || [];
  return (after.bonuses || []).slice((before.bonuses || []).length);
}

export class Bonuses {
  /** @param ctrl the table's controller
   * @param words words.js's { mySide, sideInSentence, who } */
  constructor(ctrl, words) {
    this.ctrl = ctrl;
    this.words = words;
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(STYLES);
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
  }

  /** Each new bonus over its side's score, and in words. */
  show(previous, next) {
    // Several at once (a capicú on the match's first hand) stack over the score, none hidden.
    const stacked = new Map();
    for (const bonus of freshBonuses(previous.view, next.view)) {
      const score = scoreOf(bonus);
      stacked.set(score, (stacked.get(score) ?? -1) + 1);
      popOver(this.ctrl, bonus, score, stacked.get(score));
      say(this.sentence(bonus));
    }
  }

  // "Capicú! +100 for your team." / "Pase corrido: +25 for the other team."
  sentence(bonus) {
    const { mySide, sideInSentence } = this.words;
    const values = {
      bonus: bonusName(bonus.name),
      side: sideInSentence(this.ctrl, bonus.side),
      points: bonus.points,
    };
    return mySide(this.ctrl, bonus.side)
      ? fill(gettext("%(bonus)s! +%(points)s for %(side)s."), values)
      : fill(gettext("%(bonus)s: +%(points)s for %(side)s."), values);
  }

  /** The end panel's line of a side's bonuses in the hand just over: "Capicú +100 (Ana)". */
  renderLine(row, side) {
    const ctrl = this.ctrl;
    const view = ctrl.view;
    const bonuses = (view.result?.bonuses || view.bonuses || []).filter((b) => b.side === side);
    row.querySelector(".result-bonuses")?.remove();
    if (!bonuses.length) return;
    const parts = bonuses.map((bonus) => {
      const amount = fill(gettext("%(bonus)s +%(points)s"), { bonus: bonusName(bonus.name), points: bonus.points });
      return ctrl.info.teams && bonus.seat != null
        ? fill(gettext("%(amount)s (%(player)s)"), { amount, player: this.words.who(ctrl, bonus.seat) })
        : amount;
    });
    row.insertBefore(span("result-bonuses", parts.join(" · ")), row.querySelector(".result-detail"));
  }
}

// The score of the seat that made it (a partnership shows its score at both seats), or of its
// side's first seat when the side earned it as a whole.
function scoreOf(bonus) {
  const seat = bonus.seat == null ? "" : `.seat[data-seat="${bonus.seat}"] `;
  return document.querySelector(`#seats ${seat}.seat-score[data-side="${bonus.side}"]`);
}

function popOver(ctrl, bonus, score, above) {
  if (!score) return;
  ctrl.motion.played.push({ kind: "bonus", name: bonus.name, side: bonus.side, points: bonus.points });
  const at = score.getBoundingClientRect();
  const pop = ctrl.flyer("fly-bonus", `${bonusName(bonus.name)}! +${bonus.points}`);
  // Centred over the score, but whole inside the window (a seat at a phone's edge).
  const half = pop.getBoundingClientRect().width / 2 + 4;
  const centre = Math.min(Math.max(at.left + at.width / 2, half), window.innerWidth - half);
  pop.style.left = `${centre}px`;
  pop.style.top = `${at.top - 6 - above * STACK_PX}px`;
  const frames = REDUCED.matches
    ? [{ opacity: 0 }, { opacity: 1, offset: 0.15 }, { opacity: 1, offset: 0.8 }, { opacity: 0 }]
    : [
        { transform: "translateY(8px) scale(0.6)", opacity: 0 },
        { transform: "translateY(-10px) scale(1.1)", opacity: 1, offset: 0.15 },
        { transform: "translateY(-12px) scale(1)", opacity: 1, offset: 0.8 },
        { transform: "translateY(-24px) scale(1)", opacity: 0 },
      ];
  pop.animate(frames, { duration: 1800, easing: "ease-out" }).finished.then(
    () => pop.remove(),
    () => pop.remove(),
  );
}
