// Views of the controller: the seats around the felt, the line above it, the status, the
// buttons and the hand, each drawn from the controller's state and writing none of it. (The
// board, the result panel and the motion have modules of their own; view.js draws them all.)

import { $, span } from "./dom.js";
import { handsWon, matchWords } from "./result.js";
import { levelWord, mainActionName, mainLabel, seatLabel, turnWords } from "./words.js";
import { backsSVG, handTileSVG } from "../board/tiles.js";
import { fill, gettext, ngettext, pgettext } from "../i18n.js";

// Where each seat sits, counted from the person at the bottom in turn order.
const POSITIONS = {
  1: ["bottom"],
  2: ["bottom", "top"],
  3: ["bottom", "left", "right"],
  4: ["bottom", "left", "top", "right"],
};

// The hand lies on its side on short screens (a phone held sideways): the bar stays low.
const SHORT = window.matchMedia("(max-height: 500px)");

// The hand is drawn again when the screen turns short or tall (a phone turned).
export function watchHandShape(ctrl) {
  SHORT.addEventListener("change", () => renderHand(ctrl));
}

/** The seat's place around the felt: the person at the bottom, spectators see seat 1 there. */
function positionOf(ctrl, index) {
  const count = ctrl.state.table.seat_count;
  const bottom = ctrl.watching ? 0 : ctrl.me;
  return POSITIONS[count][(index - bottom + count) % count];
}

/** A side's score as the seats show it: with the points already scored in this hand. */
function liveScore(ctrl, side) {
  const view = ctrl.view;
  const score = view.scores[side] ?? 0;
  // At the hand's end the match's scores already hold the hand's points.
  return view.result ? score : score + (view.hand_points?.[side] ?? 0);
}

export function renderSeats(ctrl) {
  const view = ctrl.view;
  const list = $("seats");
  list.replaceChildren();
  const mySide = ctrl.watching ? null : ctrl.sideOf(ctrl.me);
  const bestOf = ctrl.info.sides === 2 && "best_of" in (view.rules.match || {});
  // In turn order from the person at the bottom: the order a screen reader meets them.
  const n = ctrl.state.table.seat_count;
  const from = (seat) => (seat.index - (ctrl.me ?? 0) + n) % n;
  const seats = [...ctrl.state.table.seats].sort((a, b) => from(a) - from(b));
  for (const seat of seats) {
    const i = seat.index;
    const side = ctrl.sideOf(i);
    const li = document.createElement("li");
    li.className = "seat";
    li.dataset.seat = String(i);
    li.dataset.pos = positionOf(ctrl, i);
    if (ctrl.info.teams) li.dataset.team = String(side);
    if (i === ctrl.me) li.classList.add("me");
    const turn = view.turn === i && !view.result && ctrl.started && !ctrl.over;
    if (turn) li.classList.add("turn");
    const head = document.createElement("span");
    head.className = "seat-head";
    head.append(avatarOf(seat), span("seat-name", seatLabel(ctrl, i)));
    if (i === ctrl.me) head.append(span("seat-tag", pgettext("seat tag", "you")));
    if (ctrl.info.teams && i !== ctrl.me && side === mySide) {
      head.append(span("seat-tag", pgettext("seat tag", "partner")));
    }
    // The computer's level, unless its name already says it ("Computer (easy)").
    if (seat.bot && !seat.name.includes(seat.bot)) {
      const level = fill(pgettext("seat tag", "computer: %(level)s"), { level: levelWord(seat.bot) });
      head.append(span("seat-tag", level));
    }
    if (ctrl.state.table.hosted && i === 0) head.append(span("seat-tag", pgettext("seat tag", "host")));
    // Gone for good from a rated match: it is over, nobody plays for them.
    const gone =
      seat.away && ctrl.state.table.forfeited_by === i && ctrl.state.table.forfeit_reason === "left";
    if (seat.away) {
      const tag = gone ? pgettext("seat tag", "left") : pgettext("seat tag", "away: the computer plays");
      head.append(span("seat-tag away-tag", tag));
    } else if (seat.left) {
      head.append(span("seat-tag away-tag", pgettext("seat tag", "left: loses unless back in time")));
    }
    li.append(head);
    const count = view.counts[i] ?? 0;
    const backs = span("seat-backs", "");
    backs.innerHTML = backsSVG(count);
    backs.append(span("seat-tiles", fill(ngettext("%(count)s tile", "%(count)s tiles", count), { count })));
    li.append(backs);
    const points = liveScore(ctrl, side);
    const score = span("seat-score", fill(ngettext("%(points)s pt", "%(points)s pts", points), { points }));
    score.dataset.side = String(side);
    li.append(score);
    if (bestOf) {
      const wins = view.hand_wins[side] ?? 0;
      li.append(span("seat-wins", handsWon(wins)));
    }
    if (turn) {
      li.append(span("visually-hidden", gettext("to play")));
      ctrl.clock.addTo(li);
    }
    list.append(li);
  }
}

// A seat's avatar, as the server describes it (accounts.avatars: `seat.avatar` in the state),
// drawn as the `avatar` template tag draws it (templates/_avatar.html): a computer's level's
// robot (the page's sprite, templates/_avatar_sprite.html) with the level as a badge, or a
// person's initials or emoji on their colour. Decoration: the name beside it says who.
/** The avatar of `seat` (a seat of the state's table; the lobby's too, through the controller). */
export function avatarOf({ avatar }) {
  const el = span("avatar", avatar.emoji || avatar.initials || "");
  el.setAttribute("aria-hidden", "true");
  if (avatar.bot) {
    // The level's robot and badge, as the page's sprite draws them.
    el.className = "avatar avatar-bot";
    el.innerHTML = `<svg viewBox="0 0 32 32"><use href="#robot-${avatar.bot}"/></svg>`;
  } else el.dataset.colour = avatar.colour;
  return el;
}

export function renderInfo(ctrl) {
  const view = ctrl.view;
  $("round").textContent = String(view.hand_number + 1);
  $("boneyard").textContent = String(view.boneyard);
  $("pile").innerHTML = backsSVG(Math.min(view.boneyard, 4));
  // In All Fives the count is shown from the deal on (0 on an empty table): a line that
  // appeared with the first tile moved the felt down on a phone, where it wraps.
  $("count-line").hidden = !ctrl.info.fives;
  $("count").textContent = String(view.count ?? 0);
}

export function renderStatus(ctrl) {
  const view = ctrl.view;
  let text;
  if (!ctrl.started) {
    if (ctrl.me === 0) text = gettext("Send the link, then start when your friends are here.");
    else if (ctrl.watching && ctrl.state.table.seats.length < ctrl.state.table.seat_count) {
      text = gettext("Enter your name and join, or watch.");
    } else if (ctrl.watching) text = gettext("Every seat is taken: you can watch once the game starts.");
    else text = gettext("Waiting for the host to start\u2026");
  } else if (view.match.finished) text = matchWords(ctrl, view);
  else if (ctrl.away) text = turnWords(ctrl, view);
  else if (view.result) text = gettext("Hand over: see everyone's tiles, then start the next round.");
  else if (view.turn === null) text = gettext("Waiting for the deal\u2026");
  else if (ctrl.myTurn()) {
    text = ctrl.selected
      ? fill(gettext("Choose where to play %(tile)s."), { tile: ctrl.selected })
      : turnWords(ctrl, view);
  } else text = fill(gettext("%(name)s to play\u2026"), { name: seatLabel(ctrl, view.turn) });
  if (ctrl.pending) text = gettext("Sending\u2026");
  const status = $("status");
  status.textContent = text;
  status.dataset.turn = ctrl.myTurn() && !ctrl.away ? "mine" : "theirs";
}

export function renderControls(ctrl) {
  const view = ctrl.view;
  const main = $("main-action");
  const label = mainLabel(ctrl);
  main.hidden = !label;
  main.textContent = label;
  // Not `disabled`: that would drop the keyboard's focus to the body while a move is sent.
  main.setAttribute("aria-disabled", String(Boolean(ctrl.pending)));
  // What the button does, in no language: "draw", "pass", "next-round" (the tests' hook).
  main.dataset.action = mainActionName(ctrl);
  const table = ctrl.state.table;
  const away = ctrl.away;
  const hint = $("hint");
  // Hints are offered against the computer only: the server refuses them elsewhere.
  hint.hidden =
    !table.can_hint || Boolean(view.result) || ctrl.watching || !ctrl.started || away || ctrl.over;
  hint.disabled = !ctrl.myTurn() || Boolean(ctrl.pending);
  const undo = $("undo");
  // A finished hand laid every tile open: nothing of it may be taken back (the server
  // refuses too), so Undo is not offered until the next deal.
  undo.hidden = !table.can_undo || Boolean(view.result) || ctrl.over || away;
  // The server says why nothing may be taken back now (a draw, a finished hand...).
  undo.disabled = Boolean(table.undo_refused) || Boolean(ctrl.pending);
  undo.title = table.undo_refused || "";
  $("cancel").hidden = !ctrl.selected;
  const online = table.kind === "online";
  $("leave").hidden = !online || ctrl.watching || !ctrl.started || ctrl.over || away;
  // The page's words are a casual table's; where leaving loses the match, the button says so.
  if (table.leaving_forfeits_after != null) {
    const minutes = ctrl.leavingMinutes;
    $("leave").textContent = fill(
      ngettext(
        "Leave (you lose the match unless back within %(minutes)s minute)",
        "Leave (you lose the match unless back within %(minutes)s minutes)",
        minutes,
      ),
      { minutes },
    );
  }
  $("back").hidden = !away || ctrl.over;
  // Against the computer a match may be resigned (games.services.resign_computer_game).
  $("resign").hidden = online || ctrl.watching || !ctrl.started || ctrl.over;
  ctrl.root.dataset.away = String(away);
}

export function renderHand(ctrl) {
  const view = ctrl.view;
  if (!ctrl.hint) $("hint-box").hidden = true;
  const hand = $("hand");
  hand.replaceChildren();
  if (ctrl.watching) return; // a spectator holds no tiles
  const hints = ctrl.state.table.show_hints;
  const mine = ctrl.myTurn() && !ctrl.away;
  const playable = new Set(ctrl.plays().map((m) => m.play));
  const hinted = ctrl.hint?.move.play;
  hand.dataset.lying = String(SHORT.matches);
  // How many tiles share the bar: lying ones narrow to fit it (table.css).
  hand.style.setProperty("--tiles", String(Math.max(1, view.hand.length)));
  for (const tile of view.hand) {
    const button = document.createElement("button");
    button.type = "button";
    button.className = "tile-button";
    button.dataset.tile = tile;
    button.dataset.testid = "hand-tile";
    const lit = playable.has(tile);
    let label = mine ? fill(gettext("Play %(tile)s"), { tile }) : tile;
    if (mine && hints) {
      button.classList.add(lit ? "playable" : "dimmed");
      if (!lit) {
        label = fill(gettext("%(tile)s, does not fit"), { tile });
        button.setAttribute("aria-disabled", "true");
      }
    } else if (!mine) {
      button.classList.add("waiting");
    }
    if (tile === ctrl.selected) {
      button.classList.add("selected");
      button.setAttribute("aria-pressed", "true");
    }
    if (tile === hinted) {
      button.classList.add("hinted");
      label = fill(gettext("%(label)s (hinted)"), { label });
    }
    button.setAttribute("aria-label", label);
    button.innerHTML = handTileSVG(tile, SHORT.matches);
    hand.append(button);
  }
  if (!view.hand.length) {
    const p = document.createElement("p");
    p.className = "empty-hand";
    p.textContent =
      view.turn === null && !view.result ? gettext("No tiles yet.") : gettext("No tiles left.");
    hand.append(p);
  }
}

// Provably fair deals: the seed's commitment while the hand is played, the seed once over,
// both behind one "Fair deal" disclosure.
export function renderFairDeal(ctrl) {
  const fair = ctrl.state.table.fair_deal;
  $("fair-deal").hidden = !fair;
  $("fair-commitment").textContent = fair ? fair.commitment : "";
  $("fair-seed").hidden = !fair?.seed;
  $("fair-seed-value").textContent = fair?.seed || "";
}
