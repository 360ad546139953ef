"""A whole hand against the computer with the keyboard alone: Tab into the hand, arrows to a
tile, Enter to choose it, arrows and Enter for the end, Tab and Enter for Draw, Pass and Next
round. No pointer event reaches the page, and once the player is in the game their focus is
never lost to the page's body (after Draw, Pass or a play it moves to the next control)."""

import re

import pytest
from playwright.sync_api import expect
from table_driver import Stuck, start_match

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]

MAX_ACTIONS = 120

# Counts every pointer, mouse and touch event the page sees, from the first script on.
COUNT_POINTER_EVENTS = """
window.pointerEvents = 0;
for (const type of ["pointerdown", "pointerup", "mousedown", "mouseup", "touchstart"]) {
  window.addEventListener(type, () => { window.pointerEvents += 1; }, true);
}
"""


# Draws (All Fives' boneyard) and passes (Block, three players: seven tiles left out) come up
# in most hands; after each the focus must land on a control.
@pytest.mark.parametrize(("preset", "seats"), [("classic", 2), ("all_fives", 4), ("block", 3)])
def test_a_whole_hand_by_keyboard_alone(server, page, preset, seats):
    page.add_init_script(COUNT_POINTER_EVENTS)
    table = start_match(page, server, preset=preset, seats=seats, level="easy", target=500)
    dealt = len(table.hand())
    actions: list[str] = []
    for _ in range(MAX_ACTIONS):
        table.wait_settled()
        if actions:
            focus = table.focused()
            assert focus["tag"] != "body", f"focus lost to the body after {actions[-3:]}"
        if table.hand_over():
            break
        actions.append(table.keyboard_turn())
    else:
        raise Stuck(f"the hand did not end after {MAX_ACTIONS} actions: {actions[-10:]}")

    plays = [a for a in actions if a.startswith("play ")]
    assert plays, actions
    expect(page.locator("#hand-result")).to_be_visible()
    expect(page.locator("#hand-result-text")).to_have_text(re.compile(r"(went out|blocked)"))
    view = table.view()
    assert view["result"] and not view["match"]["finished"], view["result"]
    assert len(view["hand"]) == dealt + actions.count("Draw") - len(plays)

    # The next round, by keyboard too.
    assert table.main_label() == "Next round"
    assert table.keyboard_turn() == "Next round"
    expect(page.locator("#round")).to_have_text("2")
    expect(page.locator("#hand-result")).to_be_hidden()
    table.wait_settled()
    assert table.focused()["tag"] != "body", "focus lost to the body after Next round"
    assert page.evaluate("() => window.pointerEvents") == 0, "a pointer event reached the page"
