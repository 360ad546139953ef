"""What the table does besides drawing: sounds (and the mute switch kept by the browser), the
hidden tab's title on the player's turn, the notification asked from a button, and motion that
turns into fades for prefers-reduced-motion."""

import pytest
from playwright.sync_api import expect
from table_driver import Table, start_match

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]

PLAYED = "() => [...window.dominoesTable.sounds.played]"

# The tab hidden (as when the player looks at another tab), as the page sees it.
HIDE = """() => {
  Object.defineProperty(document, "visibilityState", {configurable: true, get: () => "hidden"});
  document.dispatchEvent(new Event("visibilitychange"));
}"""
SHOW = """() => {
  delete document.visibilityState;
  document.dispatchEvent(new Event("visibilitychange"));
}"""


def test_sounds_follow_the_mute_switch_and_the_setting_is_kept(server, page):
    table = start_match(page, server, preset="classic", level="easy", target=500)
    sound = page.locator("#sound")
    expect(sound).to_have_attribute("aria-pressed", "true")
    before = len(page.evaluate(PLAYED))
    table.play_until(lambda t: t.my_plays_made() >= 1)
    played = page.evaluate(PLAYED)[before:]
    assert "laid" in played and "turn" in played, played

    sound.click()
    expect(sound).to_have_attribute("aria-pressed", "false")
    expect(page.locator("#live")).to_contain_text("Sound off.")
    muted_at = len(page.evaluate(PLAYED))
    made = table.my_plays_made()
    table.play_until(lambda t: t.my_plays_made() > made or t.hand_over())
    assert page.evaluate(PLAYED)[muted_at:] == [], "a sound played while muted"

    page.reload()
    Table(page).wait_settled()
    expect(page.locator("#sound")).to_have_attribute("aria-pressed", "false")
    page.locator("#sound").click()
    expect(page.locator("#sound")).to_have_attribute("aria-pressed", "true")
    assert page.evaluate("() => localStorage.getItem('dominoes.sound')") == "on"


def test_a_hidden_tab_says_your_turn_in_its_title(server, page):
    table = start_match(page, server, preset="draw", seats=3, level="easy", target=500)
    title = page.title()
    assert "Your turn" not in title
    page.evaluate(HIDE)
    expect(page).to_have_title(f"\u25cf Your turn \u00b7 {title}")
    # Play on while hidden: the computers move, and the title says it again when it comes back.
    table.pointer_turn()
    table.wait_settled()
    if table.view()["turn"] == table.view()["seat"] and not table.hand_over():
        expect(page).to_have_title(f"\u25cf Your turn \u00b7 {title}")
    page.evaluate(SHOW)
    expect(page).to_have_title(title)


def test_notifications_are_asked_from_a_button_never_on_load(server, browser):
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    try:
        page = context.new_page()
        page.add_init_script(
            """window.asked = 0;
            Object.defineProperty(Notification, "permission", {get: () => "default"});
            Notification.requestPermission = async () => {
              window.asked += 1;
              return "granted";
            };"""
        )
        start_match(page, server, preset="classic", level="easy", target=500)
        assert page.evaluate("() => window.asked") == 0, "permission was asked on load"
        page.get_by_role("button", name="Notify me").click()
        expect(page.locator("#live")).to_contain_text("You will be told when it is your turn.")
        assert page.evaluate("() => window.asked") == 1
    finally:
        context.close()


@pytest.mark.parametrize("reduced", [True, False])
def test_motion_is_a_fade_with_reduced_motion(server, browser, reduced):
    context = browser.new_context(
        viewport={"width": 1366, "height": 768}, reduced_motion="reduce" if reduced else None
    )
    try:
        page = context.new_page()
        table = start_match(page, server, preset="all_fives", seats=3, level="easy", target=500)
        table.play_until(lambda t: t.my_plays_made() >= 2 or t.hand_over())
        motions = page.evaluate("() => window.dominoesTable.motions || []")
        assert any(m["kind"] == "play" for m in motions), motions
        assert all(m["reduced"] is reduced for m in motions), motions
    finally:
        context.close()


def test_a_move_played_at_the_deadline_is_worded_as_played_for_the_seat(server, page):
    """The contract with the server (table.played_for: the indices into the hand's history of
    the moves it played at a turn's time-out): the person reads that time ran out, not that they
    played; the others read whom it was played for."""
    table = start_match(page, server, preset="classic", level="easy", target=500)
    table.play_until(lambda t: t.my_plays_made() >= 1)
    words = page.evaluate(
        """() => {
          const t = window.dominoesTable;
          const history = t.state.view.history;
          const mine = history.findIndex((m) => m.play && m.seat === t.me);
          const theirs = history.findIndex((m) => m.play && m.seat !== t.me);
          t.state.table.played_for = [mine, theirs];
          const said = [mine, theirs].map((i) => t.describeMove(history[i], i));
          // Draws and passes made for a person say so too, never "You passed".
          t.state.table.played_for = [0];
          said.push(
            t.describeMove({ seat: t.me, pass: true }, 0),
            t.describeMove({ seat: t.me, draw: true }, 0),
            t.drawWords(t.me, 2, true),
            t.describeMove({ seat: t.me, pass: true }, 1),
          );
          t.state.table.played_for = [];
          return said.concat([t.describeMove(history[mine], mine)]);
        }"""
    )
    view = table.view()
    mine = next(m for m in view["history"] if "play" in m and m["seat"] == view["seat"])
    theirs = next(m for m in view["history"] if "play" in m and m["seat"] != view["seat"])
    assert words[0] == f"Time ran out: {mine['play']} was played for you"
    assert words[1] == f"Time ran out: {theirs['play']} was played for Dot"  # easy, seat 2
    assert words[2:6] == [
        "Time ran out: a pass was made for you",
        "Time ran out: a tile was drawn for you",
        "Time ran out: 2 tiles were drawn for you",
        "You passed",
    ]
    assert not words[6].startswith("Time ran out")
