"""The table always fits: a whole hand of every preset and seat count, checking at every turn
that the chain, every seat, the whole hand and the main button lie inside the window with the
page unscrolled and nothing wider than the window; the layout shift over the hand (CLS) stays
under 0.1. The densest table (4-player All Fives) and 2-player Draw are checked here at all
five sizes at every turn (one game, the window resized), every other preset and seat count on
a phone by tests/browser/test_table_fits_a_phone*.py (the checks are
tests/browser/table_fit_support.py's).

With TABLE_SCREENSHOTS=1 (scripts/table_screenshots.sh) every preset is played at every size
and a screenshot is written at the hand's start, its middle and its end to artifacts/table/.
"""

import pytest
from browser_support import SIZES
from table_driver import Table, start_match
from table_fit_support import CLS_OBSERVER, assert_fits, play_a_hand_checking_the_fit

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]


@pytest.mark.parametrize(("preset", "seats"), [("all_fives", 4), ("draw", 2)])
def test_the_table_fits_every_size_at_every_turn(server, page, preset, seats):
    play_a_hand_checking_the_fit(page, server, preset=preset, seats=seats, sizes=list(SIZES))


def test_a_table_fits_from_the_first_paint(server, page):
    """Reloaded mid-hand: the felt, seats and hand are drawn at once where they stay."""
    page.add_init_script(CLS_OBSERVER)
    table = start_match(page, server, preset="all_fives", seats=4, level="easy", target=500)
    table.play_until(lambda t: t.board_tiles() >= 5)
    page.reload()
    Table(page).wait_settled()
    assert_fits(page, "after a reload")
    assert page.evaluate("() => window.layoutShift") < 0.1
