"""Rating families: presets close enough in play that one rating fits them all.

A rating measures skill at one kind of game. Draw games (a stuck seat draws), block games (a
stuck seat passes) and All Fives (points scored during the hand) reward different skills, so
each is a family with ratings of its own; house rules do not change a table's family.
"""

from __future__ import annotations

from enum import StrEnum
from typing import TYPE_CHECKING

from django.utils.translation import gettext_lazy, pgettext_lazy

from games.engine import Preset

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

FAMILY_OF_PRESET = {
    Preset.CLASSIC: Family.DRAW,
    Preset.DRAW: Family.DRAW,
    Preset.TEAM_DRAW: Family.DRAW,
    Preset.SINGLE_ROUND: Family.DRAW,
    Preset.BLOCK: Family.BLOCK,
    Preset.BRAZILIAN: Family.BLOCK,
    Preset.ALL_FIVES: Family.FIVES,
    # The partnership games pass when stuck (the Puerto Rican draw game of two or three is
    # rated with its four-seat game: a table's family is its preset's).
    Preset.LATIN: Family.BLOCK,
    Preset.PUERTO_RICAN: Family.BLOCK,
    Preset.DOMINICAN: Family.BLOCK,
}


def family_of(preset: str) -> Family:
    """The family of a preset (its name as a record spells it)."""
    return FAMILY_OF_PRESET[Preset(preset)]
