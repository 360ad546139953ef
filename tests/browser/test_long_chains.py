"""Double-nine on the table (issue 36, point 9): a hand of ten and a line of up to 55 tiles fit
the five sizes of DESIGN.md, and every face, 0 to 9, shows its number of pips inside its half.

No engine deals double-nine yet, so the page of a four-seat table is given line states of the
double-nine set (factories.line_of) through the controller the page runs
(``window.dominoesTable.receiveState``) and draws them with the shared board module, as the
table and the replay do. The checks read only the page's drawing (``check_the_drawing``): a real
Cuban table runs them as they are once the engine deals one. With LONG_CHAIN_SHOTS=<folder> a
screenshot of each line at each size is written there.

At every size, for lines of 10, 30, 40 and 55 tiles: every tile of the chain inside the board's
box (the felt's middle), no two overlapping, none with a short side under MIN_TILE px; each
half of every tile, on the board and in the hand, holds as many pips as its number, each pip
inside its half. The hand's ten tiles are targets at least 44 px wide and tall, and its bar
scrolls sideways only where ten such tiles cannot fit its width (a phone held upright). The
board's words and the hand's names say tiles past six ("9-8", "12-7") in English, Spanish and
Portuguese as they say "6-4". The replay viewer draws the same lines in its own box, and the
end panel lays four hands of nine open with Next round in view, at every size.
"""

import os
import re
from pathlib import Path

import pytest
from browser_support import SIZES
from factories import line_of, make_user, sign_in, table_with_chain
from language_support import HEADERS
from records.stats_builders import computer_match

from games import services

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]

#: The lines drawn: (tiles, how many left of the opening (None: half), the set's top number).
#: A line of one arm is the hardest to fit; 55 is the whole double-nine set (a real line holds
#: at most 51, factories.line_of); the double-twelve line shows the faces 10 to 12.
LINES = [(10, None, 9), (30, 0, 9), (40, None, 9), (40, 0, 9), (55, None, 9), (55, 0, 9)]
LINES += [(55, None, 12)]
HANDS = {
    9: ["9-9", "9-8", "8-7", "7-7", "9-5", "6-3", "8-0", "7-4", "5-5", "9-2"],
    12: ["12-12", "12-11", "11-10", "10-10", "12-7", "11-3", "10-0", "9-9", "8-6", "7-7"],
}
#: The smallest short side of a chain's tile, in px: pips of 9 still counted at a glance (the
#: smallest measured, 55 tiles on a phone held sideways, is in docs/architecture.md).
MIN_TILE = 16
#: The hand's gap between tiles (table.css: 0.35rem) and the smallest target (DESIGN.md).
GAP = 5.6
TARGET = 44

#: With LONG_CHAIN_SHOTS=<folder>, a screenshot of every line at every size is written there.
SHOTS = os.environ.get("LONG_CHAIN_SHOTS")

FRAME = "() => new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(ok)))"

# The view of `patch` shown as the next state: the line, the hand and the seats' counts.
SHOW = """(patch) => {
  const t = window.dominoesTable;
  const state = structuredClone(t.state);
  state.version += 1;
  Object.assign(state.view, patch);
  t.receiveState(state);
}"""

# A tile's (`g.tile`) face box and its halves' pips: counted, and how many stray out of their half.
FACES = """(tile) => {
  const box = (el) => el.getBoundingClientRect();
  const face = box(tile.querySelector("rect.face"));
  const wide = face.width > face.height;
  const halves = wide
    ? [[face.left, face.top, face.left + face.width / 2, face.bottom],
       [face.left + face.width / 2, face.top, face.right, face.bottom]]
    : [[face.left, face.top, face.right, face.top + face.height / 2],
       [face.left, face.top + face.height / 2, face.right, face.bottom]];
  const counts = [0, 0];
  let stray = 0;
  for (const pip of tile.querySelectorAll("circle.pip")) {
    const r = box(pip);
    const cx = (r.left + r.right) / 2, cy = (r.top + r.bottom) / 2;
    const half = (wide ? cx : cy) < (wide ? halves[1][0] : halves[1][1]) ? 0 : 1;
    counts[half] += 1;
    const [x0, y0, x1, y1] = halves[half];
    if (r.left < x0 || r.top < y0 || r.right > x1 || r.bottom > y1) stray += 1;
  }
  return {face: [face.left, face.top, face.right, face.bottom], counts, stray};
}"""

# The chain drawn in the board `id` (each tile named by its data-placed), and the board's box.
CHAIN = f"""(id) => {{
  const faces = {FACES};
  const board = document.getElementById(id).getBoundingClientRect();
  return {{
    board: [board.left, board.top, board.right, board.bottom],
    chain: [...document.querySelectorAll(`#${{id}} g.tile`)]
      .map((tile) => ({{tile: tile.dataset.placed, ...faces(tile)}})),
    pageScrolls: document.documentElement.scrollWidth > document.documentElement.clientWidth,
  }};
}}"""

# The table's hand: each tile's button box and face, the bar's sides, whether it scrolls.
HAND = f"""() => {{
  const faces = {FACES};
  const hand = document.getElementById("hand");
  const bar = hand.getBoundingClientRect();
  return {{
    tiles: [...hand.querySelectorAll("[data-tile]")].map((button) => {{
      const r = button.getBoundingClientRect();
      return {{tile: button.dataset.tile, box: [r.left, r.top, r.right, r.bottom],
               ...faces(button.querySelector("g.tile"))}};
    }}),
    bar: [bar.left, bar.right],
    scrolls: hand.scrollWidth > hand.clientWidth + 1,
  }};
}}"""

# The replay's hands laid open: each row names its tiles in order (data-tiles).
OPEN_HANDS = f"""() => {{
  const faces = {FACES};
  return [...document.querySelectorAll("#replay-seats .result-tiles")].flatMap((row) => {{
    const names = row.dataset.tiles.split(" ");
    return [...row.querySelectorAll("g.tile")]
      .map((tile, i) => ({{tile: names[i], ...faces(tile)}}));
  }});
}}"""


def assert_faces_read(drawn: dict, where: str) -> None:
    """Each half holds its number's pips, none astray."""
    numbers = sorted(int(n) for n in drawn["tile"].split("-"))
    assert sorted(drawn["counts"]) == numbers, (where, drawn)
    assert drawn["stray"] == 0, (where, drawn)


def assert_the_chain_reads(page, board: str, where: str, *, tiles: int) -> float:
    """The chain in the board ``board`` (its id) holds ``tiles`` tiles, each inside the board,
    none overlapping another, each face's pips its numbers, none under MIN_TILE px, and the
    page does not scroll sideways; returns the smallest tile's short side (px)."""
    page.wait_for_function(FRAME)
    drawing = page.evaluate(CHAIN, board)
    chain = drawing["chain"]
    assert len(chain) == tiles, (where, len(chain))
    x0, y0, x1, y1 = drawing["board"]
    for tile in chain:
        a0, b0, a1, b1 = tile["face"]
        inside = a0 >= x0 - 0.5 and b0 >= y0 - 0.5 and a1 <= x1 + 0.5 and b1 <= y1 + 0.5
        assert inside, (where, "off the board", tile, drawing["board"])
        assert_faces_read(tile, where)
    for i, one in enumerate(chain):
        for other in chain[i + 1 :]:
            (a0, b0, a1, b1), (c0, d0, c1, d1) = one["face"], other["face"]
            overlap = min(a1, c1) - max(a0, c0), min(b1, d1) - max(b0, d0)
            assert min(overlap) <= 0.5, (where, "overlapping", one, other)
    smallest = min(min(t["face"][2] - t["face"][0], t["face"][3] - t["face"][1]) for t in chain)
    assert smallest >= MIN_TILE, (where, "tiles too small to read", smallest)
    assert not drawing["pageScrolls"], (where, "the page scrolls sideways")
    return smallest


def check_the_drawing(page, where: str, *, tiles: int, hand: int) -> float:
    """The checks of this module on the table as the page shows it now: the chain (above) and
    the hand of ``hand`` tiles; returns the smallest chain tile's short side (px)."""
    smallest = assert_the_chain_reads(page, "board", where, tiles=tiles)
    shown = page.evaluate(HAND)
    assert len(shown["tiles"]) == hand, (where, shown)
    left, right = shown["bar"]
    for tile in shown["tiles"]:
        b0, c0, b1, c1 = tile["box"]
        assert b1 - b0 >= TARGET and c1 - c0 >= TARGET, (where, "a small target", tile)
        assert_faces_read(tile, where)
        if not shown["scrolls"]:
            assert left - 0.5 <= b0 and b1 <= right + 0.5, (where, "hand tile cut", tile)
    # The bar scrolls only where the tiles as targets, and their gaps, are wider than it.
    if shown["scrolls"]:
        assert hand * TARGET + (hand - 1) * GAP > right - left, (where, "scrolls", shown["bar"])
    return smallest


def line_state(tiles: int, left: int | None = None, top: int = 9) -> dict:
    """A view's changes that show a line of ``tiles`` tiles of the double-``top`` set, a hand of
    ten and the other three seats' ten each, the player to play (no tile fits: nothing lit)."""
    return {
        **line_of(tiles, top=top, left=left),
        "hand": HANDS[top],
        "counts": [len(HANDS[top])] * 4,
        "legal": [],
        "history": [],
        "boneyard": 0,
    }


def open_a_four_seat_table(page, server, user) -> None:
    sign_in(page, server, user)
    me = services.Player(user_id=user.id, session_key=None)
    table = table_with_chain(me, preset="block", seats=4, tiles=2)
    page.goto(f"{server}/tables/{table.public_id}/")
    page.wait_for_function("() => window.dominoesTable?.state")


def test_a_line_of_up_to_55_double_nine_tiles_and_a_hand_of_ten_fit_every_size(server, page):
    open_a_four_seat_table(page, server, make_user("alice@example.com", first_name="Alice"))
    smallest = {}
    for tiles, left, top in LINES:
        page.evaluate(SHOW, line_state(tiles, left, top))
        shape = "one arm" if left == 0 else "two arms"
        for name, (width, height) in SIZES.items():
            page.set_viewport_size({"width": width, "height": height})
            where = f"{tiles} tiles of double-{top}, {shape}, {name}"
            found = check_the_drawing(page, where, tiles=tiles, hand=len(HANDS[top]))
            smallest[where] = round(found, 1)
            if SHOTS:
                Path(SHOTS).mkdir(parents=True, exist_ok=True)
                page.screenshot(path=f"{SHOTS}/line-{tiles}-{top}-{shape[:3]}-{name}.png")
    print("smallest tile's short side (px):", smallest)


# The board's summary for a screen reader, and the hand's tiles' names.
WORDS = """() => ({
  summary: document.getElementById("board-summary").textContent,
  hand: [...document.querySelectorAll("#hand [data-tile]")]
    .map((button) => [button.dataset.tile, button.getAttribute("aria-label")]),
})"""


@pytest.mark.parametrize("language", ["en", "es", "pt-br"])
def test_the_words_name_tiles_past_six_in_every_language(server, browser, language):
    """The board's words and the hand's names say "12-7" and "9-8" as they say "6-4"."""
    headers = {"Accept-Language": HEADERS.get(language, "en-US,en;q=0.9")}
    context = browser.new_context(extra_http_headers=headers)
    try:
        page = context.new_page()
        open_a_four_seat_table(page, server, make_user(f"{language}@example.com"))
        assert page.locator("html").get_attribute("lang").lower() == language
        for top in (9, 12):
            view = line_state(12, None, top)
            page.evaluate(SHOW, view)
            page.wait_for_function(FRAME)
            words = page.evaluate(WORDS)
            line = view["table"]
            named = [line["opening"], *(p["tile"] for p in line["left"] + line["right"])]
            for tile in named:
                assert re.search(rf"(?<![\d-]){tile}(?![\d-])", words["summary"]), (tile, words)
            assert [tile for tile, _ in words["hand"]] == HANDS[top]
            for tile, label in words["hand"]:
                assert re.search(rf"(?<![\d-]){tile}(?![\d-])", label), (tile, label)
    finally:
        context.close()


# The step of `patch` shown by the replay viewer in place of the one on screen.
SHOW_STEP = """(patch) => {
  const replay = window.dominoesReplay;
  replay.steps[replay.index] = {...replay.step, ...patch};
  replay.render();
}"""


def test_the_replay_draws_a_line_of_55_and_four_open_hands_of_ten_at_every_size(server, page):
    """The replay viewer draws the chain with the table's module in a box of its own."""
    user = make_user("alice@example.com", first_name="Alice")
    sign_in(page, server, user)
    table = computer_match(services.Player(user_id=user.id, session_key=None), "block", seats=4)
    page.goto(f"{server}/tables/{table.public_id}/replay/")
    page.wait_for_function("() => window.dominoesReplay")
    for tiles, left, top in [(40, None, 9), (55, 0, 9), (55, None, 12)]:
        line = line_of(tiles, top=top, left=left)
        page.evaluate(SHOW_STEP, {**line, "tiles": [HANDS[top]] * 4, "boneyard": []})
        for name, (width, height) in SIZES.items():
            page.set_viewport_size({"width": width, "height": height})
            where = f"the replay, {tiles} tiles of double-{top}, {name}"
            assert_the_chain_reads(page, "replay-board", where, tiles=tiles)
            hands = page.evaluate(OPEN_HANDS)
            assert len(hands) == 4 * len(HANDS[top]), (where, hands)
            for tile in hands:
                assert_faces_read(tile, where)
            if SHOTS:
                page.screenshot(path=f"{SHOTS}/replay-{tiles}-{top}-{name}.png")


# The end panel at a glance (as tests/browser/test_table_fits.py asks of every preset): how far
# it and the page would scroll, where Next round is, and the open hands' faces.
END_PANEL = f"""() => {{
  const faces = {FACES};
  const panel = document.getElementById("end-panel");
  const button = document.getElementById("main-action");
  const r = button.getBoundingClientRect();
  return {{
    overflow: panel.scrollHeight - panel.clientHeight,
    pageOverflow: document.scrollingElement.scrollHeight - window.innerHeight,
    next: !button.hidden && r.top >= 0 && r.bottom <= window.innerHeight,
    tiles: [...panel.querySelectorAll(".result-tiles")].flatMap((row) => {{
      const names = row.getAttribute("aria-label").split(", ");
      return [...row.querySelectorAll("g.tile")]
        .map((tile, i) => ({{tile: names[i], ...faces(tile)}}));
    }}),
  }};
}}"""


def test_the_end_panel_lays_four_hands_of_nine_open_at_every_size(server, page):
    """A Cuban hand blocked early leaves up to nine tiles a hand: the end panel shows them all,
    with Next round, without scrolling."""
    user = make_user("alice@example.com", first_name="Alice")
    sign_in(page, server, user)
    me = services.Player(user_id=user.id, session_key=None)
    table = table_with_chain(me, preset="brazilian", seats=4, tiles=2)
    page.goto(f"{server}/tables/{table.public_id}/")
    page.wait_for_function("() => window.dominoesTable?.state")
    hands = [HANDS[9][:9], HANDS[12][:9], HANDS[9][1:], HANDS[12][2:]]
    result = {"result": "blocked", "winners": [1], "points": [0, 191], "hands": hands}
    page.evaluate(
        SHOW,
        {**line_state(12), "hand": hands[0], "result": result, "turn": None, "scores": [0, 191]},
    )
    for name, (width, height) in SIZES.items():
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_function(FRAME)
        end = page.evaluate(END_PANEL)
        where = f"the end panel, {name}"
        assert end["overflow"] <= 1 and end["pageOverflow"] <= 1, (where, end["overflow"], end)
        assert end["next"], (where, "Next round out of view")
        assert len(end["tiles"]) == sum(len(hand) for hand in hands), (where, end["tiles"])
        for tile in end["tiles"]:
            assert_faces_read(tile, where)
        if SHOTS:
            page.screenshot(path=f"{SHOTS}/end-panel-{name}.png")
