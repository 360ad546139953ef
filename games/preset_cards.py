"""The cards of the games (the home page's and the setup's), read from the engine: a preset's
card, its small picture of a table included, comes from its rules and its words, so a new game
has its card without a template to edit.

>>> picture_of(Preset.BRAZILIAN)
Picture(seats='partners', chain='block', count='50', boneyard=False)
>>> picture_of(Preset.CLASSIC)
Picture(seats='two', chain='line', count=None, boneyard=True)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from django.utils.translation import gettext

from games.engine import PRESET_SEATS, Preset, Rules, SingleRound, Target
from games.words import PRESET_NAMES, PRESET_SUMMARIES, players_words

#: What a target says when the picture does not show it.
USUAL_TARGET = 100


@dataclass(frozen=True)
class Picture:
    """templates/games/_preset_picture.html's drawing: who sits where, the chain, a number in
    the corner (a target, a count, "1 hand"), and whether a boneyard waits beside the felt."""

    seats: Literal["partners", "three", "two"]
    chain: Literal["spinner", "block", "line", "short"]
    count: str | None
    boneyard: bool


def picture_of(preset: Preset) -> Picture:
    """The picture of ``preset`` as the most players it takes play it."""
    most = PRESET_SEATS[preset][-1]
    rules = Rules.for_preset(preset, seats=most)
    seats: Literal["partners", "three", "two"] = (
        "partners" if rules.teams else "three" if most >= 3 else "two"
    )
    count: str | None = None
    if rules.count_fives:
        chain: Literal["spinner", "block", "line", "short"] = "spinner"
        count = "15"
    elif isinstance(rules.match, SingleRound):
        chain, count = "short", gettext("1 hand")
    else:
        chain = "line" if rules.can_draw else "block"
    if count is None and isinstance(rules.match, Target) and rules.match.points != USUAL_TARGET:
        count = str(rules.match.points)
    # "1 hand" is written where the boneyard would stand.
    boneyard = rules.can_draw and chain != "short"
    return Picture(seats=seats, chain=chain, count=count, boneyard=boneyard)


def preset_cards() -> list[dict[str, Any]]:
    """Every game's card, in the engine's order: its preset, name, players, line of rules and
    picture."""
    return [
        {
            "preset": preset.value,
            "name": PRESET_NAMES[preset],
            "players": players_words(preset),
            "summary": PRESET_SUMMARIES[preset],
            "picture": picture_of(preset),
        }
        for preset in Preset
    ]
