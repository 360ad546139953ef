"""The coach never names a tile the graded seat could not see when it chose: every tile its
review spells (the move played, the better one, the reason) is one the hidden-information audit
allows that seat at that moment (tests/games/hidden_audit.py), not one revealed afterwards."""

import pytest
from hidden_audit import review_leaks

from games import services
from games.coach.service import review_finished_hand
from games.engine import Rules, load

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]

ALICE = services.Player(user_id=None, session_key="alice-session")


@pytest.mark.parametrize(("preset", "seats"), [("block", 2), ("all_fives", 2), ("brazilian", 4)])
def test_a_review_names_only_tiles_the_seat_could_see_then(preset, seats):
    table = services.create_computer_table(
        player=ALICE,
        name="Alice",
        rules=Rules.for_preset(preset, seats=seats),
        levels=["easy"] * (seats - 1),
    )
    for _ in range(200):
        table.refresh_from_db()
        match = load(table.record)
        if match.needs_deal or match.finished:
            break
        services.play(
            public_id=table.public_id,
            player=ALICE,
            move=match.legal_moves()[-1],
            seen_version=table.version,
        )
    (review,) = review_finished_hand(public_id=table.public_id, hand=0)
    assert review.decisions, "the hand had choices to grade"
    table.refresh_from_db()
    assert review_leaks(table.record, hand=0, seat=0, decisions=review.decisions) == {}
