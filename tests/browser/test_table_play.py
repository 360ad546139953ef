"""Playing against the computer in Chromium: a whole match by clicking, a drag onto a spot,
Undo and Hint, a reload mid-hand, and a stale move from a second tab."""

import re

import pytest
from playwright.sync_api import expect
from table_driver import Stuck, Table, screenshot, start_match

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]

MAX_ACTIONS = 300


def test_a_whole_match_against_the_easy_computer_by_clicking(server, page):
    table = start_match(page, server, preset="classic", level="easy", target=25)
    expect(page.locator("#format")).to_have_text("To 25 points")
    actions: list[str] = []
    hands = 1
    for _ in range(MAX_ACTIONS):
        action = table.pointer_turn()
        if action == "finished":
            break
        actions.append(action)
        if action == "Next round":
            hands += 1
            expect(page.locator("#round")).to_have_text(str(hands))
    else:
        raise Stuck(f"no match end after {MAX_ACTIONS} actions: {actions[-10:]}")

    assert any(a.startswith("play ") for a in actions), actions
    end = page.locator("#match-end")
    expect(end).to_be_visible()
    expect(end.get_by_role("heading", name="Match over")).to_be_visible()
    expect(page.locator("#match-end-text")).to_have_text(
        re.compile(r"(You win the match!|Computer \(easy\) wins the match\.) Final score: .+")
    )
    view = table.view()
    assert view["match"]["finished"] and max(view["scores"]) >= 25, view["scores"]
    mine = view["seat"]
    expected = "You win" if view["match"]["winners"] == [mine] else "wins the match"
    expect(page.locator("#match-end-text")).to_contain_text(expected)
    expect(page.locator("#status")).to_contain_text("the match")
    for seat, score in enumerate(view["scores"]):
        expect(page.locator(f'#seats [data-seat="{seat}"] .seat-score')).to_have_text(
            f"{score} pt" if score == 1 else f"{score} pts"
        )
    link = end.get_by_role("link", name="New match")
    expect(link).to_be_visible()
    expect(page.locator("#main-action")).to_be_hidden()
    screenshot(page, "match-end")
    link.click()
    page.wait_for_url(re.compile(r"/play/$"))
    expect(page.get_by_role("heading", name="New match")).to_be_visible()


END_WORDS = {"left": "the left", "right": "the right"}


def test_dragging_a_tile_onto_the_chosen_one_of_two_ends(server, page):
    table = start_match(page, server, preset="classic", level="easy", target=500)
    # Any deal: play on until a tile fits both ends (an opening double, or equal ends later).
    table.play_until(
        lambda t: any(len(ends) > 1 for ends in t.options().values()), limit=MAX_ACTIONS
    )
    tile, ends = next((t, e) for t, e in table.options().items() if len(e) > 1)
    end = ends[-1]
    hand, board, before = table.hand(), table.board_tiles(), table.version()

    button = page.locator(f'#hand [data-tile="{tile}"]')
    button.scroll_into_view_if_needed()
    box = button.bounding_box()
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.move(x, y - 40, steps=5)  # past the drag threshold: a ghost follows the pointer
    expect(page.locator(".drag-ghost")).to_be_visible()
    spots = page.locator("#board .spot")
    expect(spots).to_have_count(len(ends))
    spot = page.locator(f'#board .spot[data-end="{end}"]')
    expect(spot).to_have_attribute("aria-label", f"Play {tile} on {END_WORDS[end]} end")
    target = spot.bounding_box()
    tx, ty = target["x"] + target["width"] / 2, target["y"] + target["height"] / 2
    assert 0 <= ty <= page.viewport_size["height"], "the spot is out of the window"
    page.mouse.move(tx, ty, steps=12)
    expect(spot).to_have_class(re.compile(r"\bover\b"))
    page.mouse.up()

    table.wait_version_above(before)
    expect(page.locator(".drag-ghost")).to_have_count(0)
    expect(page.locator(f'#hand [data-tile="{tile}"]')).to_have_count(0)
    assert sorted(table.hand()) == sorted(t for t in hand if t != tile)
    assert table.board_tiles() >= board + 1
    view = table.view()
    mine = [m for m in view["history"] if m["seat"] == view["seat"]]
    assert mine[-1] == {"seat": view["seat"], "play": tile, "end": end}, mine[-1]
    assert tile in [p["tile"] for p in view["table"][end]]
    expect(page.locator("#board-summary")).to_contain_text(tile)


def test_hint_shows_a_reason_and_lights_a_tile_and_undo_takes_back_a_move(server, page):
    # Block: nobody draws, so the computer's answer is a play or a pass, which Undo takes back
    # (a draw it never does: tests/browser/test_fair_play.py).
    table = start_match(page, server, preset="block", level="easy", target=500)
    # Following the hint and the computer's answer may end the hand (a domino, or a block),
    # and a finished hand has nothing to take back: then try again in the next hand.
    for _ in range(10):
        table.play_until(lambda t: bool(t.playable()))  # pass until something fits
        tile, hand, board, history = follow_the_hint(page, table)
        if not table.hand_over():
            break
    else:
        raise AssertionError("ten hands in a row ended on the hinted play and its answer")
    view = table.view()
    seat = view["seat"]
    replies = [m for m in view["history"][len(history) + 1 :] if m["seat"] != seat]
    assert view["history"][len(history)]["play"] == tile
    assert replies, f"the computer has not answered: {view['history']}"

    undo = page.get_by_role("button", name="Undo")
    expect(undo).to_be_enabled()
    after_reply = table.version()
    undo.click()
    table.wait_version_above(after_reply)
    table.wait_settled()
    expect(page.locator(f'#hand [data-tile="{tile}"]')).to_have_count(1)
    assert table.hand() == hand
    assert table.board_tiles() == board
    expect(page.locator("#status")).to_have_attribute("data-turn", "mine")
    assert table.view()["history"] == history
    expect(page.locator("#live")).to_contain_text("Moves were taken back.")
    expect(page.locator(f'#hand [data-tile="{tile}"]')).to_have_class(re.compile(r"\bplayable\b"))


def follow_the_hint(page, table):
    """Ask for a hint, check what it shows, play the hinted tile and wait for the table to
    settle. Returns the tile, and the hand, board count and history from before the play."""
    page.get_by_role("button", name="Hint").click()
    box = page.locator("#hint-box")
    expect(box).to_be_visible()
    hint = re.compile(r"^Hint: play (\d-\d)(?: on (the left|the right))? \((.+)\)\.$")
    expect(box).to_have_text(hint)
    tile, end_words, reason = hint.match(box.inner_text()).groups()
    assert reason.strip(), "the hint gives no reason"
    hinted = page.locator("#hand .tile-button.hinted")
    expect(hinted).to_have_count(1)
    expect(hinted).to_have_attribute("data-tile", tile)
    expect(hinted).to_have_attribute("aria-label", re.compile(r"\(hinted\)$"))
    expect(page.locator("#live")).to_contain_text("Hint: play")

    hand, board, before = table.hand(), table.board_tiles(), table.version()
    history = table.view()["history"]
    hinted.click()
    if page.locator("#board .spot").count():
        end = {"the left": "left", "the right": "right"}[end_words]
        page.locator(f'#board .spot[data-end="{end}"]').click()
    table.wait_version_above(before)
    expect(page.locator(f'#hand [data-tile="{tile}"]')).to_have_count(0)
    table.wait_settled()
    return tile, hand, board, history


def test_reloading_mid_hand_shows_the_same_table_and_play_goes_on(server, page):
    table = start_match(page, server, preset="classic", level="easy", target=500)
    table.play_until(lambda t: t.my_plays_made() >= 2 and not t.hand_over())

    def shown():
        return {
            "hand": table.hand(),
            "board": table.board_tiles(),
            "line": page.locator("#board-summary").text_content(),
            "seats": page.locator("#seats").inner_text(),
            "round": page.locator("#round").inner_text(),
            "boneyard": page.locator("#boneyard").inner_text(),
            "turn": page.locator("#status").get_attribute("data-turn"),
            "main": table.main_label(),
            "version": table.version(),
        }

    before = shown()
    assert before["board"] >= 3 and before["hand"], before
    page.reload()
    table.wait_settled()
    assert shown() == before

    # And the game goes on from there.
    played = 0
    for _ in range(10):
        action = table.pointer_turn()
        assert action != "finished"
        played += action.startswith("play ")
        if played == 2 or table.hand_over():
            break
    assert table.version() > before["version"]
    # (A pass that blocks the hand changes no tile: seen once, the hand over after one Pass.)
    if played:
        assert table.hand() != before["hand"]


def test_a_stale_move_from_a_second_tab_shows_the_servers_error(server, page):
    first = start_match(page, server, preset="classic", level="easy", target=500)
    first.play_until(lambda t: bool(t.playable()))

    # The second tab's messages from the server can be held back, as on a slow network.
    other = page.context.new_page()
    holding, held, routes = [False], [], []

    def relay(ws):
        upstream = ws.connect_to_server()
        routes.append(ws)

        def from_server(message):
            if holding[0]:
                held.append(message)
            else:
                ws.send(message)

        upstream.on_message(from_server)
        ws.on_message(upstream.send)

    other.route_web_socket(re.compile(r"/ws/tables/"), relay)
    other.goto(page.url)
    second = Table(other)
    second.wait_settled()
    seen = second.version()
    assert seen == first.version() and second.hand() == first.hand()

    holding[0] = True
    first.pointer_turn()  # a move in the first tab...
    assert second.version() == seen  # ...that the second has not heard of yet
    tile = second.playable()[0]
    other.locator(f'#hand [data-tile="{tile}"]').click()
    if other.locator("#board .spot").count():
        other.locator("#board .spot").first.click()
    expect(other.locator("#table-page")).to_have_attribute("aria-busy", "true")
    while held:  # the network catches up
        routes[-1].send(held.pop(0))
    holding[0] = False

    alert = other.locator("#alert")
    expect(alert).to_be_visible()
    expect(alert).to_have_text("The table has changed since you last saw it: here it is now.")
    first.wait_settled()
    other.wait_for_function("v => window.dominoesTable.state.version === v", arg=first.version())
    second.wait_settled()
    assert second.hand() == first.hand()
    assert first.view()["history"] == second.view()["history"]
    expect(alert).to_be_visible()  # still there once the tab has caught up
    screenshot(other, "stale-move-alert")
    other.close()


def test_an_illegal_move_gets_the_servers_reason_in_the_alert(server, page):
    table = start_match(page, server, preset="classic", level="easy", target=500)
    dimmed = page.locator("#hand [data-tile].dimmed")
    table.play_until(
        lambda t: t.board_tiles() >= 1 and t.left_end() is not None and dimmed.count() > 0
    )
    tile = dimmed.first.get_attribute("data-tile")
    expect(dimmed.first).to_have_attribute("aria-label", f"{tile}, does not fit")
    left = table.left_end()
    hand, before = table.hand(), table.version()

    # The page never sends a tile it does not light: send one through its own connection.
    page.evaluate("tile => window.dominoesTable.sendMove({play: tile, end: 'left'})", tile)
    alert = page.locator("#alert")
    expect(alert).to_be_visible()
    expect(alert).to_have_text(f"{tile} does not fit the left end ({left}).")
    table.wait_settled()
    assert table.version() == before and table.hand() == hand
    expect(page.locator("#status")).to_have_attribute("data-turn", "mine")

    # The next move clears the alert.
    table.pointer_turn()
    expect(alert).to_be_hidden()


# The look of a button (issue 20: Rematch was a native button, the home page's action a link).
BUTTON_LOOK = "e => [getComputedStyle(e).borderTopWidth, getComputedStyle(e).textDecorationLine]"


def test_a_best_of_match_ends_in_hands_won(server, page):
    """Best of 3 hands: the seats count hands won ("1 hand won", never "1 hands won") and the
    end says who won by hands ("wins the match, 2-1 in hands"), with its actions as buttons."""
    page.goto(server + "/play/")
    for name, value in (("mode", "computer"), ("preset", "classic"), ("seats", "2")):
        page.locator(f'input[name="{name}"][value="{value}"]').check()
    page.locator("#id_level_1").select_option("easy")
    page.locator("#id_match_format").select_option("best_of")
    page.get_by_text("More options").click()
    page.locator("#id_best_of").fill("3")
    page.get_by_role("button", name="Start match").click()
    page.wait_for_url(re.compile(r"/tables/[^/]+/$"))
    table = Table(page)
    for _ in range(MAX_ACTIONS):
        if table.pointer_turn() == "finished":
            break
        for wins in page.locator("#seats .seat-wins").all_inner_texts():
            assert re.fullmatch(r"(1 hand|[02-9] hands) won", wins), wins
    else:
        raise Stuck("the best of 3 did not end")

    view = table.view()
    hand_wins = view["hand_wins"]
    assert max(hand_wins) == 2, hand_wins
    expect(page.locator("#match-end-text")).to_contain_text(
        f"the match, {max(hand_wins)}-{min(hand_wins)} in hands"
    )
    for action in page.locator("#match-end .end-actions").locator("a, button").all():
        if action.is_visible():
            border, underline = action.evaluate(BUTTON_LOOK)
            assert border != "0px" and underline == "none", action.inner_text()
