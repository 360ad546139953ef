"""The chain uses the felt it has, and the hand bar the width it has (issue 35).

The rule for the chain, at each of the five sizes, once the line holds a few tiles: the drawn
chain's larger extent fills at least FILL of the felt's matching extent (its width or its
height), unless it is drawn as large as the felt allows: its tiles as large as the hand's (a
short side of AS_LARGE px: board/geometry.js's largestUnit), or the chain reaching the edges of
the felt's middle (#board, between the seats) but for a margin of REACH of its tiles' short side
in one direction, so that it could not be drawn larger. On a 768x1024 tablet with three players
the side seats squeezed the chain into a 380 px column (37 % of the felt, 29 px tiles); a
phone's first tiles took little more than half its felt; a phone held sideways drew a line of
one long arm in three rows of 15 px tiles.

The hand bar of a phone held sideways (844x390) shows a Draw hand of ten tiles whole, without
scrolling the bar, each tile a target at least 44 px wide and tall (DESIGN.md).
"""

import pytest
from browser_support import SIZES
from factories import draw_hand_of, make_user, sign_in, table_with_chain
from playwright.sync_api import expect
from table_driver import Table

from games import services

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]

CHAIN_TILES = 4
FILL = 0.6
AS_LARGE = 44
REACH = 1.5

# The chain's box against the felt's (the green, seats included), and its tiles' short side.
CHAIN = """() => {
  const felt = document.querySelector(".felt").getBoundingClientRect();
  const board = document.getElementById("board").getBoundingClientRect();
  const tiles = [...document.querySelectorAll("#board g.tile")]
    .map((tile) => tile.getBoundingClientRect());
  const x0 = Math.min(...tiles.map((r) => r.left)), x1 = Math.max(...tiles.map((r) => r.right));
  const y0 = Math.min(...tiles.map((r) => r.top)), y1 = Math.max(...tiles.map((r) => r.bottom));
  return {
    tiles: tiles.length,
    fill: Math.max((x1 - x0) / felt.width, (y1 - y0) / felt.height),
    side: Math.min(...tiles.map((r) => Math.min(r.width, r.height))),
    slack: Math.min(board.width - (x1 - x0), board.height - (y1 - y0)),
    felt: [Math.round(felt.width), Math.round(felt.height)],
  };
}"""

FRAME = "() => new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(ok)))"


def open_as(page, server, user, table) -> Table:
    page.goto(f"{server}/tables/{table.public_id}/")
    driver = Table(page)
    driver.wait_settled()
    return driver


def assert_chain_uses_the_felt(page, when: str) -> None:
    for name, (width, height) in SIZES.items():
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_function(FRAME)
        chain = page.evaluate(CHAIN)
        assert chain["tiles"] >= CHAIN_TILES, (when, name, chain)
        reaches = chain["slack"] <= REACH * chain["side"]
        assert chain["fill"] >= FILL or chain["side"] >= AS_LARGE or reaches, (when, name, chain)


@pytest.mark.parametrize(
    ("preset", "seats"),
    [
        ("draw", 3),
        ("all_fives", 4),
        ("classic", 2),
        ("block", 4),
        ("brazilian", 4),
        ("single_round", 3),
        ("team_draw", 4),
        ("all_fives", 2),
    ],
)
def test_the_chain_uses_the_felt_at_every_size(server, page, preset, seats):
    user = make_user("alice@example.com", first_name="Alice")
    sign_in(page, server, user)
    me = services.Player(user_id=user.id, session_key=None)
    for tiles in (CHAIN_TILES, 10):
        table = table_with_chain(me, preset=preset, seats=seats, tiles=tiles)
        open_as(page, server, user, table)
        assert_chain_uses_the_felt(page, f"{preset} for {seats}, {tiles} tiles")


def test_a_tablet_gives_three_players_chain_the_felt_s_width(server, page):
    """The issue's case: the chain is not held in a column between the side seats."""
    user = make_user("alice@example.com", first_name="Alice")
    sign_in(page, server, user)
    me = services.Player(user_id=user.id, session_key=None)
    table = table_with_chain(me, preset="draw", seats=3, tiles=10)
    page.set_viewport_size({"width": 768, "height": 1024})
    open_as(page, server, user, table)
    felt = page.locator(".felt").bounding_box()
    board = page.locator("#board").bounding_box()
    assert board["width"] >= 0.9 * felt["width"], (board, felt)
    chain = page.evaluate(CHAIN)
    assert chain["fill"] >= 0.75, chain


def test_ten_tiles_of_a_draw_hand_are_whole_in_a_phone_held_sideways(server, page):
    alice = make_user("alice@example.com", first_name="Alice")
    bob = make_user("bob@example.com", first_name="Bob")
    people = [services.Player(user_id=u.id, session_key=None) for u in (alice, bob)]
    table = draw_hand_of(10, people)
    sign_in(page, server, alice)
    page.set_viewport_size({"width": 844, "height": 390})
    open_as(page, server, alice, table)
    tiles = page.locator("#hand [data-tile]")
    expect(tiles).to_have_count(10)
    hand = page.evaluate(
        """() => {
          const hand = document.getElementById("hand"), bar = hand.getBoundingClientRect();
          return {
            scroll: hand.scrollWidth - hand.clientWidth,
            bar: [bar.left, bar.right],
            tiles: [...hand.querySelectorAll("[data-tile]")].map((tile) => {
              const r = tile.getBoundingClientRect();
              return [tile.dataset.tile, r.left, r.right, r.width, r.height];
            }),
          };
        }"""
    )
    assert hand["scroll"] <= 0, hand
    left, right = hand["bar"]
    for tile, x0, x1, width, height in hand["tiles"]:
        assert left - 0.5 <= x0 and x1 <= right + 0.5 and x1 <= 844, (tile, hand)
        assert width >= 44 and height >= 44, (tile, width, height)
    assert page.evaluate("() => window.scrollX") == 0
