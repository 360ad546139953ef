"""The coach never names a tile the graded seat could not see when it chose: every tile its
review spells (the move played, the better one, the reason) is one the hidden-information audit
allows that seat at that moment (tests/games/hidden_audit.py), not one revealed afterwards."""

import pytest
from hidden_audit import Moment, spelled_tiles

from games import services
from games.coach.service import review_finished_hand
from games.engine import Deal, Match, Rules, load, move_from_record

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
    rules = Rules.from_record(table.rules)
    hand = table.record["hands"][0]
    by_ply = {decision["ply"]: decision for decision in review.decisions}
    replayed = Match(rules)
    replayed.start_hand(Deal.from_record(rules, hand["deal"]))
    for ply, data in enumerate(hand["moves"]):
        if ply in by_ply:
            leaked = spelled_tiles(by_ply[ply]) - Moment(replayed).may_know(0)
            assert not leaked, f"the review of move {ply + 1} names {sorted(leaked)}"
        replayed.apply(*move_from_record(data))
