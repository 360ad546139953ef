"""The words of the partnership games' options and bonuses (docs/rules.md#bonuses): how a
table states them (``games.words.describe_rules``) and the bonuses' names for the table and
its end panel."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext, gettext_lazy, pgettext_lazy

# The options of the partnership games (docs/rules.md#options) a table states in words; the
# setup page does not offer them yet.
VARIANT_RULES: list[tuple[str, Any, list[tuple[str, Any]]]] = [
    (
        "block_winner",
        gettext_lazy("Who wins a tranque"),
        [
            ("team_total", gettext_lazy("A tranque goes to the side with the fewest pips")),
            ("lowest_seat", gettext_lazy("A tranque goes to the side of the lowest hand")),
            (
                "blocker_vs_next",
                gettext_lazy("A tranque compares the blocker's hand with the next player's"),
            ),
        ],
    ),
    (
        "hand_bonuses",
        gettext_lazy("Hand bonuses"),
        [
            ("true", gettext_lazy("Winning one of the first four hands gains 100, 75, 50, 25")),
            ("false", gettext_lazy("No bonus for the first hands")),
        ],
    ),
    (
        "spanish_federation",
        gettext_lazy("Spanish federation rules"),
        [
            (
                "true",
                gettext_lazy(
                    "Spanish federation rules: a player drawn by lot opens, then each in "
                    "turn, and the winners score every hand's pips"
                ),
            ),
            ("false", gettext_lazy("No Spanish federation rules")),
        ],
    ),
]

#: The bonuses by the names the engine gives them (games.engine.BonusName, and the amounts of a
#: record's ``bonuses``): "Capicú! +100" on the table, the end panel's reasons.
BONUS_WORDS: dict[str, Any] = {
    "capicu": pgettext_lazy("bonus", "Capicú"),
    "chuchazo": pgettext_lazy("bonus", "Chuchazo"),
    "hand_bonus": pgettext_lazy("bonus", "Hand bonus"),
    "tranque_bonus": pgettext_lazy("bonus", "Tranque bonus"),
    "pase_salida": pgettext_lazy("bonus", "Pase de salida"),
    "pase_salida_double": pgettext_lazy("bonus", "Pase de salida on a double"),
    "pase_corrido": pgettext_lazy("bonus", "Pase corrido"),
}


def amount_words(key: str, value: object) -> list[str]:
    """The words of a record's numeric bonus options."""
    if key == "bonuses" and isinstance(value, dict):
        return [
            gettext("%(bonus)s is worth %(points)s") % {"bonus": BONUS_WORDS[name], "points": n}
            for name, n in value.items()
        ]
    if key == "tranque_bonus":
        return [gettext("A tranque won also gains %(points)s") % {"points": value}]
    return [gettext("Every bonus is worth %(points)s") % {"points": value}]
