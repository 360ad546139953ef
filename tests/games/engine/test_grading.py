"""The coach's grading of one decision (games.engine.bots.grading): from the seat's view alone,
a known blunder graded Blunder with the better move and why, forced moves not graded."""

import pytest

from games.engine import ALL_TILES, Deal, End, Match, Play, Rules, Tile, reveal
from games.engine.bots import Grade, grade_decision
from games.engine.bots.grading import THRESHOLDS, accuracy_of, grade_of

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
    assert graded.grade is Grade.BLUNDER and graded.cost > THRESHOLDS[-1][1]
    assert graded.played == ["6-2"] and graded.best == ["4-3"]
    assert graded.reason == {"kind": "scored", "best": 15, "played": 0}
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
    ("cost", "grade"),
    [
        (0.0, Grade.BEST),
        (0.25, Grade.BEST),
        (1.0, Grade.GOOD),
        (3.0, Grade.INACCURACY),
        (6.0, Grade.MISTAKE),
        (8.01, Grade.BLUNDER),
    ],
)
def test_grades_by_the_points_a_move_cost(cost, grade):
    assert grade_of(cost) is grade


def test_accuracy_is_a_hundred_at_no_cost_and_halves_every_six_points():
    assert accuracy_of(0) == 100
    assert accuracy_of(6) == pytest.approx(50)
    assert accuracy_of(12) == pytest.approx(25)
