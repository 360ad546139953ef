"""The coach's grading of one decision (games.engine.bots.grading): from the seat's view alone,
a known blunder graded Blunder with the better move and why, forced moves not graded."""

import pytest

from games.engine import ALL_TILES, Deal, End, Match, Play, Rules, Tile, reveal
from games.engine.bots import Grade, grade_decision
from games.engine.bots.estimate import Estimate
from games.engine.bots.grading import MIN_WORTH, accuracy_of, grade_of, most_for
from games.engine.bots.knowledge import Knowledge
from games.engine.bots.reasons import reason

FIVES = Rules.for_preset("all_fives", seats=2)


def tiles(text: str) -> list[Tile]:
    return [Tile.parse(tile) for tile in text.split()]


def dealt(mine: str, theirs: str, boneyard_first: str = "") -> Match:
    """An All Fives hand where seat 0 holds ``mine`` and seat 1 ``theirs``."""
    used = tiles(f"{mine} {theirs} {boneyard_first}")
    rest = [tile for tile in ALL_TILES if tile not in used]
    deal = Deal.from_hands(FIVES, [tiles(mine), tiles(theirs)], tiles(boneyard_first) + rest)
    match = Match(FIVES)
    match.start_hand(deal)
    return match


def count_of_fifteen_on_offer(
    theirs: str = "6-4 5-5 3-3 4-4 5-4 3-0 2-2", first: str = ""
) -> Match:
    """I open 6-6 (the first hand's forced opening); the other seat's only six is 6-4. Then the
    count is 16 (the spinner's 12 and the 4): my 4-3 on the 4 makes it 15 and scores 15 at
    once, my 6-2 on the other side makes it 6 and scores nothing."""
    match = dealt("6-6 4-3 6-2 1-1 2-1 1-0 0-0", theirs, first)
    match.apply(0, Play(Tile(6, 6)))
    match.apply(1, Play(Tile(6, 4), End.LEFT))
    return match


def test_giving_up_a_count_of_fifteen_is_a_blunder_with_the_better_move_and_why():
    match = count_of_fifteen_on_offer()
    view = match.view_for(0)
    graded = grade_decision(view, Play(Tile(6, 2), End.RIGHT), seed=1)
    assert graded is not None
    assert graded.grade is Grade.BLUNDER and graded.cost > most_for(Grade.MISTAKE, graded.worth)
    assert graded.played == ["6-2"] and graded.best == ["4-3"]
    # ... and the played 6-2 lets the other seat score 10 with a tile seat 0 has not seen.
    assert graded.reason == {"kind": "scored", "best": 15, "played": 0, "reply": 10}
    assert graded.ply == 2

    taken = grade_decision(view, Play(Tile(4, 3), End.LEFT), seed=1)
    assert taken is not None and taken.grade is Grade.BEST and taken.cost == 0
    assert taken.best == ["4-3"] and taken.reason is None


def test_the_blunder_s_cost_is_known_within_a_tight_band_whatever_the_seed():
    # The cost is estimated from sampled deals: at 48 deals a decision this blunder cost
    # anywhere from 7.9 to 20.9 points (a Mistake at one seed); sampling until the cost's
    # standard error is small keeps it within a few points of its worth (about 15).
    view = count_of_fifteen_on_offer().view_for(0)
    costs = []
    for seed in range(8):
        graded = grade_decision(view, Play(Tile(6, 2), End.RIGHT), seed=seed)
        assert graded is not None and graded.grade is Grade.BLUNDER
        costs.append(graded.cost)
    assert min(costs) >= 12.0 and max(costs) <= 18.0, costs
    assert max(costs) - min(costs) <= 4.0, costs


def test_a_forced_move_is_not_graded():
    match = count_of_fifteen_on_offer()
    opening = dealt("6-6 4-3 6-2 1-1 2-1 1-0 0-0", "6-4 5-5 3-3 4-4 5-4 3-0 2-2")
    assert len(opening.legal_moves()) == 1
    assert grade_decision(opening.view_for(0), Play(Tile(6, 6)), seed=1) is None
    assert len(match.legal_moves()) == 2  # the position above is a choice


def test_the_grade_is_the_view_s_alone_whatever_the_hidden_tiles_are():
    """Two deals that differ only in what seat 0 cannot see (the other hand's tiles it has not
    played, and the boneyard) give seat 0 the same view, and the coach the same grade."""
    one = count_of_fifteen_on_offer("6-4 5-5 3-3 4-4 5-4 3-0 2-2")
    other = count_of_fifteen_on_offer("6-4 5-3 5-2 5-1 5-0 4-0 3-1", first="5-5 3-3")
    assert one.view_for(0) == other.view_for(0)
    seen, unseen = reveal(one), reveal(other)
    assert seen is not None and unseen is not None
    assert seen.hands[1] != unseen.hands[1]
    move = Play(Tile(6, 2), End.RIGHT)
    assert grade_decision(one.view_for(0), move, seed=7) == grade_decision(
        other.view_for(0), move, seed=7
    )


def test_a_move_that_was_not_legal_is_refused():
    match = count_of_fifteen_on_offer()
    with pytest.raises(ValueError, match="not a legal move"):
        grade_decision(match.view_for(0), Play(Tile(1, 1), End.LEFT), seed=1)


@pytest.mark.parametrize(
    ("cost", "worth", "grade"),
    [
        (0.0, 10, Grade.BEST),
        (0.25, 10, Grade.BEST),
        (1.0, 10, Grade.GOOD),
        (3.0, 10, Grade.INACCURACY),
        (4.0, 10, Grade.MISTAKE),
        (6.01, 10, Grade.BLUNDER),
        # The same points in a hand worth four times more: a tenth of it is still Good.
        (4.0, 40, Grade.GOOD),
        (10.0, 40, Grade.INACCURACY),
        (20.0, 40, Grade.MISTAKE),
        (20.5, 40, Grade.BLUNDER),
        # However little a hand is worth, a point is never a Mistake.
        (1.0, 1, Grade.GOOD),
    ],
)
def test_grades_by_the_points_a_move_cost_against_what_the_hand_was_worth(cost, worth, grade):
    assert grade_of(cost, worth) is grade


def test_accuracy_halves_every_half_of_the_hand_s_worth_and_never_faster_than_six_points():
    assert accuracy_of(0, 40) == 100
    assert accuracy_of(20, 40) == pytest.approx(50)
    assert accuracy_of(40, 40) == pytest.approx(25)
    assert accuracy_of(6, 4) == pytest.approx(50)


@pytest.mark.parametrize("worth", [MIN_WORTH, 12, 25, 60])
def test_an_inaccuracy_keeps_seventy_and_a_mistake_fifty_whatever_the_hand_was_worth(worth):
    # A hand won +11 with one inaccuracy once read "38% accuracy": a grade and its accuracy
    # now agree, on the hand's own scale.
    assert accuracy_of(most_for(Grade.INACCURACY, worth), worth) >= 70
    assert accuracy_of(most_for(Grade.MISTAKE, worth), worth) >= 50
    assert accuracy_of(most_for(Grade.MISTAKE, worth) + 0.5, worth) < 50 + 10


def test_the_hand_s_worth_is_the_size_of_its_result_on_average():
    # Two deals, equally likely: the best move ends one +10 and the other -6: a hand worth 8,
    # won half the time.
    found = Estimate(codes=[1, 2], weights=[1.0, 1.0], rows=[[10.0, 2.0], [-6.0, -6.0]])
    assert found.worth(1) == pytest.approx(8.0)
    assert found.wins(1) == pytest.approx(0.5) and found.wins(2) == pytest.approx(0.5)
    assert found.means() == {1: pytest.approx(2.0), 2: pytest.approx(-2.0)}


def test_when_the_position_cannot_tell_two_plays_apart_the_deals_say_what_the_better_achieves():
    # Classic: I open 6-6, and the other seat may lay 6-4 on either 6: the same ends, counts
    # and tiles either way. The reason then comes from the deals: how often each wins the hand,
    # else what each leaves the hand worth; never that one "did better".
    classic = Rules.for_preset("classic", seats=2)
    mine, theirs = tiles("6-6 0-0 1-0 1-1 2-0 2-1 2-2"), tiles("6-4 5-5 3-3 4-3 4-4 3-0 4-0")
    rest = [tile for tile in ALL_TILES if tile not in mine + theirs]
    match = Match(classic)
    match.start_hand(Deal.from_hands(classic, [mine, theirs], rest))
    match.apply(0, Play(Tile(6, 6)))
    knowledge = Knowledge.from_view(match.view_for(1))
    left, right = knowledge.legal
    assert left >> 2 == right >> 2  # one tile, two ends

    wins = Estimate([left, right], [1.0, 1.0, 1.0], [[4.0, -2.0], [3.0, 5.0], [-1.0, -1.0]])
    assert reason(knowledge, played=right, best=left, found=wins) == {
        "kind": "wins",
        "best": 67,
        "played": 33,
    }
    margins = Estimate([left, right], [1.0, 1.0], [[9.0, 3.0], [-2.0, -2.0]])
    assert reason(knowledge, played=right, best=left, found=margins) == {
        "kind": "points",
        "best": 3.5,
        "played": 0.5,
    }
