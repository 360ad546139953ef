"""A hint's reason is data from the engine (games.engine.bots.hints), worded by the site in the
reader's language (games.coach.words)."""

import pytest
from django.utils import translation

from games.coach.words import hint_reason_words
from games.engine.bots import HintReason, Why

EVERY_REASON = [
    HintReason(Why.MUST_OPEN, tile="6-6"),
    HintReason(Why.ONLY_PLAY, tile="5-3"),
    HintReason(Why.DRAW, numbers=(2, 4)),
    HintReason(Why.PASS, numbers=(6,)),
    HintReason(Why.BLOCKS, numbers=(1, 3)),
    HintReason(Why.BLOCKS, numbers=(5,), drew=True),
    HintReason(Why.BLOCKS, numbers=(5,), rival=2),
    HintReason(Why.BLOCKS, numbers=(5,), rival=3, drew=True),
    HintReason(Why.LEAVES_OPEN, numbers=(0, 4)),
    HintReason(Why.SCORES, amount=10),
    HintReason(Why.LEAVES_COUNT),
    HintReason(Why.KEEPS_CONTROL, numbers=(2, 6)),
    HintReason(Why.VARIETY),
    HintReason(Why.DOUBLE, tile="4-4"),
    HintReason(Why.OPENS_FOR_PARTNER),
    HintReason(Why.SHEDS, amount=11),
    HintReason(Why.SIMULATED),
]


def test_every_kind_of_reason_is_worded():
    assert {reason.why for reason in EVERY_REASON} == set(Why)


@pytest.mark.parametrize(
    ("reason", "words"),
    [
        (EVERY_REASON[0], "6-6 must open"),
        (EVERY_REASON[3], "nothing fits the open ends (6): pass"),
        (EVERY_REASON[4], "blocks 1s and 3s: your rival passed on 1 and 3"),
        (EVERY_REASON[7], "blocks 5s: seat 4 had to draw on 5"),
        (EVERY_REASON[9], "scores 10 at once: the ends add up to 10"),
        (EVERY_REASON[15], "sheds 11 pips: heavy tiles cost most if someone goes out"),
    ],
)
def test_the_reasons_in_english(reason, words):
    with translation.override("en"):
        assert hint_reason_words(reason) == words


@pytest.mark.parametrize("language", ["es", "pt-br"])
def test_every_reason_is_said_in_spanish_and_portuguese(language):
    for reason in EVERY_REASON:
        with translation.override("en"):
            english = hint_reason_words(reason)
        with translation.override(language):
            said = hint_reason_words(reason)
        assert said and said != english, (language, reason, said)


def test_a_reason_survives_the_cache_as_json():
    for reason in EVERY_REASON:
        assert HintReason.from_json(reason.to_json()) == reason
