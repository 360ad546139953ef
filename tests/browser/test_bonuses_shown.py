"""Bonuses on the table (issue 36, point 4): a bonus shows where it happens. Over its side's
score a pop-up names it with its points ("Capicú! +100"), the live region says it for a screen
reader, and when the hand ends the end panel lists each side's bonuses under the side; in
Spanish and Portuguese in the players' words. The games that score no bonuses never fetch the
part that draws them (static/js/table/bonuses.js).

The engine's seat view lists the hand's bonuses (name, side, seat, points, move: the engine's
tests prove where they come from); here the page of a four-seat partnership table is given the
states that carry them through its controller (``window.dominoesTable.receiveState``), as the
long-chains test gives its lines.
"""

import os

import pytest
from factories import make_user, sign_in, table_with_chain
from playwright.sync_api import expect

from games import services

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]

#: With BONUS_SHOTS=<folder>, the pop-up and the end panel are photographed there.
SHOTS = os.environ.get("BONUS_SHOTS")

# The current state again, a version on, its view patched.
SHOW = """(patch) => {
  const t = window.dominoesTable;
  const state = structuredClone(t.state);
  state.version += 1;
  Object.assign(state.view, patch(state.view));
  t.receiveState(state);
}"""

# Whether the page fetched the bonuses' part (bonuses.js, or the bundle's bonuses-<hash>.js).
FETCHED = """() => performance.getEntriesByType("resource")
  .some((entry) => new URL(entry.name).pathname.split("/").pop().startsWith("bonuses"))"""


def open_partnership_table(page, server, language: str | None = None):
    user = make_user("ana@example.com", first_name="Ana")
    if language:
        page.context.set_extra_http_headers({"Accept-Language": language})
    sign_in(page, server, user)
    me = services.Player(user_id=user.id, session_key=None)
    table = table_with_chain(me, preset="brazilian", seats=4, tiles=2)
    page.goto(f"{server}/tables/{table.public_id}/")
    page.wait_for_function("() => window.dominoesTable?.state")
    return table


def bonus(name: str, side: int, seat: int | None, points: int, move: int = 3) -> dict:
    return {"name": name, "side": side, "seat": seat, "points": points, "move": move}


def test_a_bonus_pops_up_over_its_sides_score_and_is_said(server, page):
    open_partnership_table(page, server)
    assert page.evaluate(FETCHED) is False  # no bonus yet: the part is not fetched

    salida = bonus("pase_salida", 0, 0, 50)
    page.evaluate(
        SHOW.replace("patch(state.view)", f"({{bonuses: [{salida}]}})".replace("None", "null"))
    )
    pop = page.locator(".flyer.fly-bonus")
    expect(pop).to_have_attribute("data-text", "Pase de salida! +50")
    if SHOTS:
        page.wait_for_timeout(400)
        page.screenshot(path=f"{SHOTS}/bonus-pop.png")
    score = page.locator('#seats .seat[data-seat="0"] .seat-score').bounding_box()
    shown = pop.bounding_box()
    # Over its side's score: centred on it, above it.
    assert abs((shown["x"] + shown["width"] / 2) - (score["x"] + score["width"] / 2)) < 2
    assert shown["y"] + shown["height"] <= score["y"] + 1
    expect(page.locator("#live")).to_contain_text("Pase de salida! +50 for your team.")
    assert page.evaluate(FETCHED) is True
    motions = page.evaluate("() => window.dominoesTable.motions")
    assert {"kind": "bonus", "name": "pase_salida", "side": 0, "points": 50} in motions

    # The same state again (a resync) says nothing new; the other team's next bonus is told.
    corrido = bonus("pase_corrido", 1, 3, 25, move=7)
    both = f"[{salida}, {corrido}]".replace("None", "null")
    page.evaluate(SHOW.replace("patch(state.view)", f"({{bonuses: {both}}})"))
    expect(page.locator("#live")).to_contain_text("Pase corrido: +25 for the other team.")
    assert page.locator("#live p", has_text="Pase de salida").count() == 1


def test_the_end_panel_lists_each_sides_bonuses_in_spanish(server, page):
    open_partnership_table(page, server, language="es")
    hand = [bonus("hand_bonus", 1, None, 100, 20), bonus("capicu", 1, 1, 100, 20)]
    found = str(hand).replace("None", "null")
    # The hand ends: the other team went out with a capicú, on the match's first hand.
    page.evaluate(
        SHOW.replace(
            "patch(state.view)",
            f"""({{bonuses: {found}, result: {{result: "out", winners: [1], points: [0, 230],
                hands: [["6-6"], [], ["5-1"], ["4-4"]]}}}})""",
        )
    )
    beto = page.locator('#seats .seat[data-seat="1"] .seat-name').inner_text()
    line = page.locator('#result-sides li[data-side="1"] .result-bonuses')
    expect(line).to_have_text(f"Bono de mano +100 · Capicúa +100 ({beto})", timeout=5000)
    # The two popped up at once over the same score, one above the other, both whole.
    tops = page.evaluate(
        "() => [...document.querySelectorAll('.fly-bonus')].map((pop) => parseFloat(pop.style.top))"
    )
    assert len(tops) == 2 and tops[0] - tops[1] >= 28
    if SHOTS:
        page.screenshot(path=f"{SHOTS}/bonus-end-panel.png")


def test_on_a_phone_a_pop_up_over_a_side_seat_stays_inside_the_window(server, page):
    page.set_viewport_size({"width": 390, "height": 844})
    open_partnership_table(page, server)
    shown = []
    for seat in (1, 3):  # the left and the right seat, both of the other team
        shown.append(bonus("chuchazo", 1, seat, 100, move=len(shown)))
        found = str(shown).replace("None", "null")
        page.evaluate(SHOW.replace("patch(state.view)", f"({{bonuses: {found}}})"))
        expect(page.locator(".fly-bonus")).to_have_count(len(shown))
        left = page.evaluate(
            "() => { const p = [...document.querySelectorAll('.fly-bonus')].pop();"
            " return [parseFloat(p.style.left), p.getBoundingClientRect().width]; }"
        )
        assert left[0] - left[1] / 2 >= 0 and left[0] + left[1] / 2 <= 390, (seat, left)
        if SHOTS:
            page.wait_for_timeout(400)
            page.screenshot(path=f"{SHOTS}/bonus-pop-phone-{seat}.png")
    expect(page.locator('#result-sides li[data-side="0"] .result-bonuses')).to_have_count(0)
