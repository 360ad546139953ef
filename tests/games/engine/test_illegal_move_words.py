"""An illegal move is refused with the rule that refuses it as data (games.engine.Illegal),
which the site words in the player's language (games.words.illegal_move_words)."""

import random
from collections import Counter

import pytest
from django.utils import translation
from random_play import states_of_random_match

from games.engine import ALL_TILES, Deal, Draw, End, Illegal, IllegalMove, Match, Pass, Play, Rules
from games.words import illegal_move_words

EVERY_MOVE = [
    *(Play(tile, end) for tile in ALL_TILES for end in (None, *End)),
    Draw(),
    Pass(),
]


def refusals(match: Match, seat: int) -> list[IllegalMove]:
    """Every move but the legal ones tried (a refused move changes nothing)."""
    legal = match.legal_moves() if match.turn == seat else []
    found = []
    for move in EVERY_MOVE:
        if move not in legal:
            with pytest.raises(IllegalMove) as refusal:
                match.apply(seat, move)
            found.append(refusal.value)
    return found


#: Rules that meet every refusal: drawing (with a reserve, once a turn), passing, a spinner.
RULES = [
    Rules.for_preset("draw", seats=2, reserve=2),
    Rules.for_preset("draw", seats=3, stuck="single_draw"),
    Rules.for_preset("block", seats=2),
    Rules.for_preset("all_fives", seats=2),
    Rules.for_preset("team_draw", seats=4),
]


def refusals_of_random_matches(count: int) -> list[IllegalMove]:
    """Every refusal met in ``count`` random matches of each of RULES."""
    rng = random.Random(20261204)
    found = []
    for rules in [rule for rule in RULES for _ in range(count)]:
        found += refusals(Match(rules), 0)  # nothing dealt yet
        for match in states_of_random_match(rules, rng):
            if match.turn is not None:
                found += refusals(match, match.turn)
            if match.needs_deal:  # between hands, or over
                found += refusals(match, 0)
            else:
                try:
                    match.copy().start_hand(Deal.shuffled(rules, rng))
                except IllegalMove as error:
                    found.append(error)
    return found


@pytest.fixture(scope="module")
def refused() -> list[IllegalMove]:
    return refusals_of_random_matches(2)


def test_every_refusal_says_which_rule_refused_it(refused):
    assert all(error.why is not None for error in refused), [
        str(error) for error in refused if error.why is None
    ][:5]
    # Every rule is met in random play, but a tile that fits an open end and is still refused
    # there: the engine words it all the same, should its rules ever allow it.
    seen = Counter(error.why for error in refused)
    assert set(seen) == set(Illegal) - {Illegal.NOT_ON_THAT_END}, set(Illegal) - set(seen)


@pytest.mark.parametrize("language", ["es", "pt-br"])
def test_every_refusal_is_said_in_spanish_and_portuguese(refused, language):
    one_of_each = {error.why: error for error in refused}.values()
    for error in one_of_each:
        with translation.override("en"):
            english = illegal_move_words(error)
        with translation.override(language):
            said = illegal_move_words(error)
        assert said != english and said.endswith("."), (language, english, said)


def test_the_refusals_in_english():
    with translation.override("en"):
        said = illegal_move_words(
            IllegalMove("", Illegal.DOES_NOT_FIT, tile="6-4", end="left", value=3)
        )
        assert said == "6-4 does not fit the left end (3)."
        said = illegal_move_words(IllegalMove("", Illegal.HOLDS_A_FIT, tile="5-5", move="pass"))
        assert said == "You hold a tile that fits (5-5), so you cannot pass."
        assert illegal_move_words(IllegalMove("a move has no 'x'")) == (
            "A move is an object: play and end, draw, or pass."
        )
