"""A word at the table, in Chromium with separate browsers: phrases and reactions appear by the
speaker's seat on the others' screens and in the table's talk, a mute hides a person (and is
remembered), a spectator's reaction never reaches the players; at a partnership table the
players' talk is closed during a hand (and refused when sent by hand), open between hands, and
open during them when the host allowed it in the lobby."""

import pytest
from browser_support import SCREENSHOTS, axe_report, axe_violations
from online_driver import open_online_table, start_online_pair
from playwright.sync_api import expect
from table_driver import Table

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]

LAPTOP = {"width": 1366, "height": 768}
PHONE = {"width": 390, "height": 844}


def new_page(browser, viewport):
    context = browser.new_context(viewport=viewport)
    page = context.new_page()
    page.set_default_timeout(10_000)
    return context, page


def shot(page, name: str) -> None:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"talk-{name}.png"))


def say(page, name: str) -> None:
    """Open the picker from the keyboard and press the phrase or reaction called ``name``."""
    page.locator("#talk summary").focus()
    page.keyboard.press("Enter")
    choice = page.locator("#talk").get_by_role("button", name=name, exact=True)
    expect(choice).to_be_visible()
    choice.focus()
    page.keyboard.press("Enter")
    expect(page.locator("#talk")).not_to_have_attribute("open", "")


def bubble(page, text: str):
    return page.locator("#bubbles .bubble", has_text=text)


def test_phrases_and_reactions_reach_the_others_a_mute_holds_and_spectators_stay_apart(
    browser, server
):
    contexts = []
    try:
        host_context, host = new_page(browser, LAPTOP)
        friend_context, friend = new_page(browser, PHONE)
        watcher_context, watcher = new_page(browser, LAPTOP)
        contexts = [host_context, friend_context, watcher_context]
        path = start_online_pair(host, friend, server, server)
        watcher.goto(server + path)
        expect(watcher.locator("#connection")).to_have_attribute("data-state", "online")

        # Alice says "Good game" from the keyboard: Bob sees it by her seat and in the talk.
        say(host, "Good game")
        expect(bubble(friend, "Good game")).to_contain_text("Alice")
        alice_seat = friend.locator("#seats .seat[data-seat='0']").bounding_box()
        said = bubble(friend, "Good game").bounding_box()
        middle = said["x"] + said["width"] / 2
        assert abs(middle - (alice_seat["x"] + alice_seat["width"] / 2)) < 100
        expect(friend.locator("#live")).to_contain_text("Alice says: Good game")
        # A bubble lasts 4 s, which the checks above can outlast on a loaded machine: the
        # spectator's talk, which keeps it, says it arrived.
        expect(watcher.locator("#talk-history .said").first).to_contain_text("Good game")
        shot(friend, "bubble-phone")
        # Bob answers with a reaction, named for a screen reader.
        say(friend, "smile")
        expect(host.locator("#bubbles .bubble[data-phrase=smile]")).to_contain_text("Bob")
        expect(host.locator("#bubbles .bubble[data-phrase=smile] svg")).to_be_visible()
        expect(host.locator("#live")).to_contain_text("Bob says: smile")
        shot(host, "bubble-laptop")
        # Bubbles go after a few seconds; the talk keeps what was said.
        expect(host.locator("#bubbles .bubble")).to_have_count(0, timeout=8000)
        host.locator("#talk summary").click()
        expect(host.locator("#talk-history .said")).to_have_text(["AliceGood game", "BobMute"])
        shot(host, "picker-laptop")
        assert not (found := axe_violations(host)), axe_report(found)
        friend.locator("#talk summary").click()
        shot(friend, "picker-phone")
        assert not (found := axe_violations(friend)), axe_report(found)
        friend.keyboard.press("Escape")
        expect(friend.locator("#talk")).not_to_have_attribute("open", "")

        # A spectator only reacts; spectators see it apart; the players never receive it.
        watcher.locator("#talk summary").click()
        expect(watcher.locator("#talk-phrases").get_by_role("button")).to_have_count(0)
        watcher.locator("#talk").get_by_role("button", name="wow").click()
        expect(watcher.locator("#bubbles .bubble.crowd[data-phrase=wow]")).to_be_visible()
        shot(watcher, "crowd-laptop")
        # Bob speaks after it: once Alice has Bob's words, the spectator's were never sent her.
        say(friend, "Nice play")
        expect(bubble(host, "Nice play")).to_be_visible()
        for player in (host, friend):
            expect(player.locator("#talk-history .said")).to_have_count(3)
            assert not player.locator(":is(#talk-history, #bubbles) [data-phrase=wow]").count()
        expect(watcher.locator("#talk-history .said[data-phrase=wow]")).to_have_count(1)

        # Alice mutes Bob: his next word reaches the table but not her screen, even after a
        # reload (the mute is remembered).
        host.get_by_role("button", name="Mute Bob").first.click()
        expect(host.get_by_role("button", name="Unmute Bob").first).to_be_focused()
        host.reload()
        expect(host.locator("#connection")).to_have_attribute("data-state", "online")
        expect(host.locator("#talk-history .said.muted")).to_have_count(2)
        say(friend, "Oops")
        expect(watcher.locator("#talk-history .said").last).to_contain_text("Oops")
        expect(host.locator("#talk-history .said")).to_have_count(4)
        assert not bubble(host, "Oops").count()
        expect(host.locator("#talk-history .said").last).to_contain_text("(muted)")
        say(host, "Thanks")
        expect(bubble(friend, "Thanks")).to_be_visible()  # Bob was not muted by Alice's mute
    finally:
        for context in contexts:
            context.close()


def seat_in_lobby(page, index: int):
    return page.locator(f'#lobby-seats li[data-seat="{index}"]')


def partners_table(host, friend, server) -> None:
    """Alice (the host) opens a Team draw table for four; Bob sits opposite her, her partner
    (seat 3 of 4); the computer will take the two other seats. Both are left in the lobby."""
    open_online_table(host, server, preset="team_draw", seats=4)
    expect(host.locator("#connection")).to_have_attribute("data-state", "online")
    friend.goto(host.url)
    expect(friend.locator("#connection")).to_have_attribute("data-state", "online")
    friend.get_by_label("Your name").fill("Bob")
    seat_in_lobby(friend, 2).get_by_role("button", name="Sit here").click()
    expect(seat_in_lobby(friend, 2)).to_contain_text("you")
    expect(friend.locator("#connection")).to_have_attribute("data-state", "online")
    expect(seat_in_lobby(host, 2)).to_contain_text("Bob")


def play_out_the_hand(seats: dict) -> None:
    """The people take their turns on their own pages (the computer its own) until the hand
    is over; ``seats``: each person's table page by seat."""
    host = seats[0]
    for _ in range(100):
        state = host.state()  # the view and its version read together
        view = state["view"]
        if view["result"] or view["match"]["finished"]:
            return
        if view["turn"] in seats:
            acted = seats[view["turn"]]
            acted.pointer_turn()
            version = acted.version()
        else:
            version = state["version"] + 1  # the computer's move
        host.page.wait_for_function("v => window.dominoesTable.state.version >= v", arg=version)
    raise AssertionError(f"the hand never ended: {host.describe()}")


def test_partners_say_nothing_during_a_hand_and_talk_once_it_is_over(browser, server):
    contexts = []
    try:
        host_context, host = new_page(browser, LAPTOP)
        friend_context, friend = new_page(browser, PHONE)
        contexts = [host_context, friend_context]
        partners_table(host, friend, server)
        # The lobby says how it is: the host may allow talk, Bob reads the rule.
        expect(host.get_by_label("Let partners talk during the hands")).not_to_be_checked()
        expect(friend.locator("#talk-rule")).to_have_text("Partners talk between hands only.")
        host.get_by_role("button", name="Start").click()
        expect(friend.locator("#hand [data-tile]")).to_have_count(7)

        # During the hand the talk is closed for both, and says why.
        reason = (
            "No table talk between partners during a hand: phrases and reactions open again "
            "when the hand is over."
        )
        for page, size in ((friend, "phone"), (host, "laptop")):
            page.locator("#talk summary").click()
            expect(page.locator("#talk-closed")).to_have_text(reason)
            expect(page.locator("#talk button[data-phrase]")).to_have_count(12)
            expect(page.locator("#talk button[data-phrase]:enabled")).to_have_count(0)
            shot(page, f"closed-{size}")
            assert not (found := axe_violations(page)), axe_report(found)
            page.keyboard.press("Escape")
        # Sent on the socket by hand, it is refused all the same, and Alice receives nothing.
        friend.evaluate(
            "window.dominoesTable.socket.send({type: 'remark', phrase: 'well_played_partner'})"
        )
        expect(friend.locator("#alert")).to_have_text(reason)
        friend.evaluate("window.dominoesTable.socket.send({type: 'remark', phrase: 'stuck'})")
        expect(friend.locator("#alert")).to_have_text(
            "At a partnership table no phrase may say anything about the game."
        )
        friend.evaluate("window.dominoesTable.socket.send({type: 'remark', text: 'I hold 6-6'})")
        expect(friend.locator("#alert")).to_have_text(
            "Only the phrases and reactions offered at this table can be said."
        )

        play_out_the_hand({0: Table(host), 2: Table(friend)})
        expect(friend.locator("#talk button[data-phrase]:enabled")).to_have_count(12)
        expect(friend.locator("#talk-closed")).to_be_hidden()
        say(friend, "Well played, partner")
        expect(bubble(host, "Well played, partner")).to_contain_text("Bob")
        expect(host.locator("#talk-history .said")).to_have_count(1)
        assert not host.locator("#bubbles").get_by_text("6-6").count()
    finally:
        for context in contexts:
            context.close()


def test_the_host_lets_partners_talk_during_the_hands(browser, server):
    contexts = []
    try:
        host_context, host = new_page(browser, LAPTOP)
        friend_context, friend = new_page(browser, PHONE)
        contexts = [host_context, friend_context]
        partners_table(host, friend, server)
        host.get_by_label("Let partners talk during the hands").check()
        expect(friend.locator("#talk-rule")).to_have_text("Table talk allowed by the host")
        expect(host.get_by_label("Let partners talk during the hands")).to_be_checked()
        shot(host, "lobby-allowed-laptop")
        shot(friend, "lobby-allowed-phone")
        host.get_by_role("button", name="Start").click()
        expect(friend.locator("#hand [data-tile]")).to_have_count(7)

        friend.locator("#talk summary").click()
        expect(friend.locator("#talk-allowed")).to_have_text("Table talk allowed by the host")
        expect(friend.locator("#talk-closed")).to_be_hidden()
        shot(friend, "allowed-phone")
        friend.keyboard.press("Escape")
        say(friend, "Oops")
        expect(bubble(host, "Oops")).to_contain_text("Bob")
        host.locator("#talk summary").click()
        expect(host.locator("#talk-allowed")).to_be_visible()
        shot(host, "allowed-laptop")
    finally:
        for context in contexts:
            context.close()
