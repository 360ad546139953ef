"""How the table-fits tests (tests/browser/test_table_fits*.py) play a hand and check, at every
turn, that the table fits its window: the chain, every seat, the whole hand and the main button
inside the window with the page unscrolled and nothing wider than it; the layout shift over the
hand (CLS) under 0.1; the hand-end panel readable at a glance.

With TABLE_SCREENSHOTS=1 (scripts/table_screenshots.sh) every preset is played at every size
and a screenshot is written at the hand's start, its middle and its end to artifacts/table/.
"""

import os
from pathlib import Path

from browser_support import SIZES
from table_driver import Stuck, start_match

SHOTS = Path(__file__).resolve().parents[2] / "artifacts" / "table"
ALL_SIZES = bool(os.environ.get("TABLE_SCREENSHOTS"))

# The page's Cumulative Layout Shift as web-vitals defines it (the Layout Instability API's
# shifts not caused by the person's input, grouped in session windows: shifts under 1 s apart,
# a window at most 5 s long; the score is the largest window). A sum over a whole hand would
# count each turn's small shifts as if they came at once, and grew on a loaded machine, where a
# state arriving more than 0.5 s after the tap no longer counts as caused by it.
CLS_OBSERVER = """
window.layoutShift = 0;
let windowValue = 0, windowStart = 0, windowLast = 0;
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    if (entry.hadRecentInput) continue;
    const t = entry.startTime;
    if (windowValue && t - windowLast < 1000 && t - windowStart < 5000) {
      windowValue += entry.value;
    } else {
      windowValue = entry.value;
      windowStart = t;
    }
    windowLast = t;
    window.layoutShift = Math.max(window.layoutShift, windowValue);
  }
}).observe({type: "layout-shift", buffered: true});
"""

# What lies outside the window (or outside its place): empty when the table fits.
FIT_PROBLEMS = """() => {
  const vw = document.documentElement.clientWidth, vh = window.innerHeight;
  const problems = [];
  const box = (el) => el.getBoundingClientRect();
  const within = (r, o, slack = 1) =>
    r.left >= o.left - slack && r.top >= o.top - slack &&
    r.right <= o.right + slack && r.bottom <= o.bottom + slack;
  const screen = {left: 0, top: 0, right: vw, bottom: vh};
  if (window.scrollX || window.scrollY) problems.push(`scrolled ${scrollX},${scrollY}`);
  const doc = document.documentElement;
  if (doc.scrollWidth > vw) problems.push(`page ${doc.scrollWidth} px wide in ${vw}`);
  if (doc.scrollHeight > vh + 1) problems.push(`page ${doc.scrollHeight} px tall in ${vh}`);
  const board = box(document.getElementById("board"));
  if (!within(board, screen)) problems.push("board outside the window");
  for (const tile of document.querySelectorAll("#board g.tile")) {
    if (!within(box(tile), board)) problems.push(`chain tile ${tile.dataset.placed} off the felt`);
  }
  for (const seat of document.querySelectorAll("#seats .seat")) {
    const r = box(seat);
    if (!within(r, screen) || r.width < 10) problems.push(`seat ${seat.dataset.seat} not in view`);
  }
  const hand = document.getElementById("hand");
  const handBox = box(hand);
  if (!within(handBox, screen)) problems.push("hand bar outside the window");
  for (const tile of hand.querySelectorAll("[data-tile]")) {
    const r = box(tile);
    if (r.top < handBox.top - 12 || r.bottom > handBox.bottom + 1) {
      problems.push(`hand tile ${tile.dataset.tile} cut`);
    }
    if (Math.min(r.width, r.height) < 44 && vw < 900) problems.push(`hand tile ${r.width} px`);
  }
  // Every tile of the hand in view, or the bar scrolls sideways to show the rest.
  const overflow = hand.scrollWidth > hand.clientWidth + 1;
  if (!overflow) {
    for (const tile of hand.querySelectorAll("[data-tile]")) {
      if (!within(box(tile), screen)) problems.push(`hand tile ${tile.dataset.tile} off screen`);
    }
  }
  const main = document.getElementById("main-action");
  if (!main.hidden && !within(box(main), screen)) problems.push("main button off screen");
  return problems;
}"""


# Each seat's score as shown, by side: in All Fives with the points of the hand so far (issue 20:
# the state had hand_points [5, 10] while the seats showed 0 until the hand's end).
SEAT_SCORES = """() => [...document.querySelectorAll("#seats .seat-score")]
  .map((score) => [Number(score.dataset.side), score.textContent.trim()])"""


def assert_live_scores(page, view, when: str) -> None:
    for side, shown in page.evaluate(SEAT_SCORES):
        score = view["scores"][side] + (0 if view["result"] else view["hand_points"][side])
        assert shown == (f"{score} pt" if score == 1 else f"{score} pts"), (when, side, view)


def assert_fits(page, when: str) -> None:
    # Once the moves' motion is over (a tile on its way from the hand is not yet in place).
    page.wait_for_function(
        "() => !document.getAnimations().some((a) => !(a instanceof CSSTransition))"
    )
    page.wait_for_function("() => new Promise((ok) => requestAnimationFrame(() => ok(true)))")
    problems = page.evaluate(FIT_PROBLEMS)
    size = page.viewport_size
    assert not problems, f"{size['width']}x{size['height']}, {when}: {problems}"


# The hand-end panel at a glance: how far its text would scroll, where Next round is, and how
# often each other seat's name is written in it (in its rows, and in the whole panel).
END_PANEL = """() => {
  const t = window.dominoesTable, panel = document.getElementById("end-panel");
  const rows = document.getElementById("result-sides").innerText;
  const text = panel.innerText;
  const count = (haystack, needle) => haystack.split(needle).length - 1;
  const names = t.state.table.seats
    .filter((s) => s.index !== t.me)
    .map((s) => [t.seatLabel(s.index), count(rows, t.seatLabel(s.index)),
                 count(text, t.seatLabel(s.index))]);
  const button = document.getElementById("main-action").getBoundingClientRect();
  return {
    overflow: panel.scrollHeight - panel.clientHeight,
    page_overflow: document.scrollingElement.scrollHeight - window.innerHeight,
    next_round: [button.top, button.bottom, window.innerHeight],
    next_visible: !document.getElementById("main-action").hidden,
    names,
  };
}"""


def assert_end_panel_at_a_glance(page, view, when: str) -> None:
    """Who won, each side's points and why, names once, and Next round in view: the panel
    needs no scrolling (nor the page) to read it or to reach the button."""
    end = page.evaluate(END_PANEL)
    assert end["overflow"] <= 1, (when, "the end panel scrolls", end)
    assert end["page_overflow"] <= 1, (when, "the page scrolls", end)
    if not view["match"]["finished"]:
        top, bottom, height = end["next_round"]
        assert end["next_visible"] and top >= 0 and bottom <= height, (when, end)
    for name, in_rows, in_panel in end["names"]:
        # Once in its row; at most once more, in the sentence saying who won.
        assert in_rows == 1 and in_panel <= 2, (when, name, end)


def shot(page, name: str) -> None:
    # JPEG at the page's own scale: 255 of them stay small enough to commit (artifacts/table/).
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.jpg"), type="jpeg", quality=70)


def play_a_hand_checking_the_fit(page, server, *, preset: str, seats: int, sizes: list[str]):
    """Plays one hand to its end; at every turn, at each of ``sizes``, the table fits."""
    page.add_init_script(CLS_OBSERVER)
    page.set_viewport_size(dict(zip(("width", "height"), SIZES[sizes[0]], strict=True)))
    table = start_match(page, server, preset=preset, seats=seats, level="easy", target=500)
    name = f"{preset}-{seats}"
    shown: set[str] = set()
    for turn in range(200):
        table.wait_settled()
        view = table.view()
        over = table.hand_over() or table.finished()
        assert_live_scores(page, view, f"{name}, turn {turn}")
        if turn == 0:
            moment, opened = "start", len(view["history"])
        else:  # the middle: the player's first turn a whole round after the start
            later = len(view["history"]) >= opened + seats
            moment = "end" if over else ("middle" if later else "")
        for size in sizes:
            page.set_viewport_size(dict(zip(("width", "height"), SIZES[size], strict=True)))
            assert_fits(page, f"{name}, turn {turn}")
            if ALL_SIZES and moment and moment not in shown:
                shot(page, f"{name}-{size}-{moment}")
            if over:
                assert_end_panel_at_a_glance(page, view, f"{name}, {size}")
        shown.add(moment)
        if over:
            break
        table.pointer_turn(touch=False)
    else:
        raise Stuck(f"{name}: the hand did not end")
    shift = page.evaluate("() => window.layoutShift")
    assert shift < 0.1, f"{name}: the layout shifted by {shift:.3f} over the hand"
    return table


#: Every preset and seat count but the two played at every size, each played on a phone (in
#: two files, two seats and more, that run side by side).
OTHERS = [
    ("classic", 2),
    ("single_round", 2),
    ("single_round", 3),
    ("single_round", 4),
    ("team_draw", 2),
    ("team_draw", 4),
    ("draw", 3),
    ("draw", 4),
    ("block", 2),
    ("block", 3),
    ("block", 4),
    ("all_fives", 2),
    ("all_fives", 3),
    ("brazilian", 2),
    ("brazilian", 4),
]


def fits_a_phone(browser, server, presets: list[tuple[str, int]]) -> None:
    """One page for all of ``presets`` (a new match each), on a phone (at every size with
    TABLE_SCREENSHOTS=1)."""
    for preset, seats in presets:
        context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True)
        try:
            page = context.new_page()
            page.set_default_timeout(20_000)  # several matches in a row on a busy machine
            sizes = list(SIZES) if ALL_SIZES else ["phone"]
            play_a_hand_checking_the_fit(page, server, preset=preset, seats=seats, sizes=sizes)
        finally:
            context.close()
