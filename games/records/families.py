"""Rating families: presets close enough in play that one rating fits them all.

A rating measures skill at one kind of game. Draw games (a stuck seat draws), block games (a
stuck seat passes) and All Fives (points scored during the hand) reward different skills, so
each is a family with ratings of its own; house rules do not change a table's family. A
preset's family is read from its own rules (as played by the most seats it allows): a new game
finds its family without a list to keep.
"""

from __future__ import annotations

from enum import StrEnum
from typing import TYPE_CHECKING

from django.utils.translation import gettext_lazy, pgettext_lazy

from games.engine import PRESET_SEATS, Preset, Rules

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise


class Family(StrEnum):
    DRAW = "draw"
    BLOCK = "block"
    FIVES = "fives"

    @property
    def label(self) -> StrOrPromise:
        return FAMILY_LABELS[self]


FAMILY_LABELS: dict[Family, StrOrPromise] = {
    Family.DRAW: gettext_lazy("Draw games"),
    Family.BLOCK: gettext_lazy("Block games"),
    Family.FIVES: pgettext_lazy("preset", "All Fives"),
}


def _family_of_rules(rules: Rules) -> Family:
    if rules.count_fives:
        return Family.FIVES
    return Family.DRAW if rules.can_draw else Family.BLOCK


FAMILY_OF_PRESET = {
    preset: _family_of_rules(Rules.for_preset(preset, seats=PRESET_SEATS[preset][-1]))
    for preset in Preset
}


def family_of(preset: str) -> Family:
    """The family of a preset (its name as a record spells it).

    >>> family_of("brazilian"), family_of("all_fives"), family_of("classic")
    (<Family.BLOCK: 'block'>, <Family.FIVES: 'fives'>, <Family.DRAW: 'draw'>)
    """
    return FAMILY_OF_PRESET[Preset(preset)]
