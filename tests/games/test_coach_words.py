"""The coach's words a player believes (issue 35, point 11): every reason names what the better
move achieves (a count scored, a number kept, a rival blocked, a double played off, hands won)
and none says only that it "did better over the deals you could have been facing"; a hand
won with one inaccuracy reads as the good hand it was, its grades on the hand's own scale."""

import pytest

from games.coach.review import SeatReview
from games.coach.words import decision_words, reason_words
from games.engine.bots import Grade, Graded, grade_of, most_for

BETTER, WORSE = ["6-6"], ["4-2"]

#: Each reason the grader gives, and words its sentence must hold.
REASONS = [
    (
        {"kind": "scored", "best": 15, "played": 0},
        ["6-6 scores 15 on the count", "4-2 scores nothing"],
    ),
    ({"kind": "scored", "best": 15, "played": 5}, ["scores 15", "only 5"]),
    (
        {"kind": "scored", "best": 15, "played": 0, "reply": 10},
        ["6-6 scores 15", "4-2 scores nothing and could let the next player score 10"],
    ),
    (
        {"kind": "leaves_count", "best": 0, "played": 10},
        ["could score 10 on the count with a tile you have not seen", "6-6 leaves them no count"],
    ),
    ({"kind": "leaves_count", "best": 5, "played": 15}, ["score 15", "at most 5"]),
    (
        {"kind": "partner_blocked", "lacks": [3, 5], "ends": [3, 5]},
        ["lack 3s and 5s", "keeps a number open"],
    ),
    (
        {"kind": "next_blocked", "lacks": [2], "ends": [2]},
        ["6-6 blocks the next player", "lack 2s"],
    ),
    ({"kind": "double", "number": 6, "pips": 12}, ["6-6 plays off a double", "fits only its own"]),
    (
        {"kind": "own_fit", "ends": [1, 3], "ends_best": [2, 6], "played": 1, "best": 3},
        ["keeps your numbers in play", "3 of your tiles fit", "2s and 6s", "against 1 after 4-2"],
    ),
    (
        {"kind": "own_fit", "ends": [1, 3], "ends_best": [2, 6], "played": 0, "best": 1},
        ["one of your tiles fits"],
    ),
    (
        {"kind": "out_fit", "ends": [1, 3], "ends_best": [2, 6], "played": 5, "best": 2},
        ["leaves the others less to play", "2 tiles you have not seen fit", "against 5"],
    ),
    ({"kind": "sheds", "pips": 4}, ["6-6 gets 4 pips more out of your hand"]),
    (
        {"kind": "wins", "best": 62, "played": 41},
        ["6-6 wins the hand about 62% of the time", "41%"],
    ),
    (
        {"kind": "points", "best": 3.5, "played": -2.0},
        ["+3.5 points for your side", "-2 after 4-2"],
    ),
]


@pytest.mark.parametrize(("why", "said"), REASONS)
def test_every_reason_names_what_the_better_move_achieves(why, said):
    words = reason_words(why, better=BETTER, worse=WORSE)
    for part in said:
        assert part in words, (part, words)
    assert "did better" not in words


def test_a_review_stored_before_the_reasons_said_so_keeps_its_words():
    old = {"kind": "own_fit", "ends": [1, 3], "played": 1, "best": 3}
    assert reason_words(old, better=BETTER, worse=WORSE).startswith("After 4-2 the ends were")


def graded(ply: int, cost: float, worth: float) -> Graded:
    return Graded(
        ply=ply,
        played=["4-2"],
        best=["4-2"] if cost == 0 else ["6-6"],
        cost=cost,
        grade=grade_of(cost, worth),
        expected=5.0,
        reason=None if cost == 0 else {"kind": "sheds", "pips": 4},
        worth=worth,
    )


@pytest.mark.parametrize("worth", [8.0, 14.0, 30.0])
def test_a_hand_won_with_one_inaccuracy_reads_as_a_good_hand(worth):
    # The player's report: a hand won +11 read "38% accuracy". One inaccuracy, at the most an
    # inaccuracy may cost, among three moves, is now about 90%.
    worst = most_for(Grade.INACCURACY, worth)
    review = SeatReview(
        hand=0,
        seat=0,
        decisions=[graded(2, 0, worth), graded(6, worst, worth), graded(10, 0, worth)],
    )
    assert [d.grade for d in review.decisions] == [Grade.BEST, Grade.INACCURACY, Grade.BEST]
    assert review.accuracy is not None and review.accuracy >= 90
    assert [d.ply for d in review.critical] == [6]
    assert review.to_json()["worth"] == worth


def test_the_pages_get_the_cost_in_points_of_the_hand_and_the_scale_beside_it():
    decision = graded(4, 1.8, 20.0).to_json()
    shown = decision_words(decision)
    assert shown["cost"] == 1.8 and shown["worth"] == 20.0
    assert shown["label"] == "Good" and shown["best"] == "6-6"
    assert shown["reason"] == reason_words({"kind": "sheds", "pips": 4}, better=BETTER, worse=WORSE)
