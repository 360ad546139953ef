// Bonuses (the Caribbean partnership games): points a side gains for a named event, scored
// where it happens (the engine's view lists the hand's bonuses so far: name, side, seat,
// points). Each new one pops up over its side's score ("Capicú! +100") and is said in the live
// region; the end panel lists the hand's under each side. Fetched the first time a state
// carries one (later.js): the games without bonuses never load it.

import { say, span } from "./dom.js";
import { flyer } from "./motion.js";
import { mySide, sideInSentence, who } from "./words.js";
import { fill, gettext, pgettext } from "../i18n.js";

const REDUCED = window.matchMedia("(prefers-reduced-motion: reduce)");

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

/** Each new bonus over its side's score, and in words. */
export function showBonuses(ctrl, previous, next) {
  for (const bonus of freshBonuses(previous.view, next.view)) {
    popOver(ctrl, bonus);
    say(bonusWords(ctrl, bonus));
  }
}

// "Capicú! Your team gains 100." / "Pase corrido: Ana's team gains 25."
function bonusWords(ctrl, bonus) {
  const values = { bonus: bonusName(bonus.name), side: sideInSentence(ctrl, bonus.side), points: bonus.points };
  return mySide(ctrl, bonus.side)
    ? fill(gettext("%(bonus)s! +%(points)s for %(side)s."), values)
    : fill(gettext("%(bonus)s: +%(points)s for %(side)s."), values);
}

function popOver(ctrl, bonus) {
  const score = document.querySelector(`#seats .seat-score[data-side="${bonus.side}"]`);
  if (!score) return;
  ctrl.motion.played.push({ kind: "bonus", name: bonus.name, side: bonus.side, points: bonus.points });
  const at = score.getBoundingClientRect();
  const pop = flyer("fly-bonus", `${bonusName(bonus.name)}! +${bonus.points}`);
  pop.style.left = `${at.left + at.width / 2}px`;
  pop.style.top = `${at.top - 6}px`;
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

/** The end panel's line of a side's bonuses in the hand just over: "Capicú +100 (Ana)". */
export function renderBonusLine(ctrl, row, side) {
  const bonuses = (ctrl.view.result?.bonuses || ctrl.view.bonuses || []).filter((b) => b.side === side);
  row.querySelector(".result-bonuses")?.remove();
  if (!bonuses.length) return;
  const parts = bonuses.map((bonus) => {
    const amount = fill(gettext("%(bonus)s +%(points)s"), { bonus: bonusName(bonus.name), points: bonus.points });
    return ctrl.info.teams && bonus.seat != null
      ? fill(gettext("%(amount)s (%(player)s)"), { amount, player: who(ctrl, bonus.seat) })
      : amount;
  });
  const line = span("result-bonuses", parts.join(" · "));
  const detail = row.querySelector(".result-detail");
  row.insertBefore(line, detail);
}
