"""The words of the game: the presets' names and summaries, the computer's levels, the house
rules' options, and a table's rules in words (the setup form, the table page, statistics and
the settings page read them)."""

from __future__ import annotations

from typing import Any

from games.engine import TARGET_RANGE, USUAL_RULES, BestOf, Preset, Rules, SingleRound, Target
from games.engine.bots import Level

#: The points a target may be, as forms and help texts say it: "25 to 500".
TARGETS = f"{TARGET_RANGE.start} to {TARGET_RANGE[-1]}"

PRESET_NAMES: dict[str, str] = {
    Preset.CLASSIC: "Classic",
    Preset.SINGLE_ROUND: "Single round",
    Preset.TEAM_DRAW: "Team draw",
    Preset.DRAW: "Draw",
    Preset.BLOCK: "Block",
    Preset.ALL_FIVES: "All Fives",
    Preset.BRAZILIAN: "Brazilian partnership",
}

PRESET_SUMMARIES: dict[str, str] = {
    Preset.CLASSIC: "Draw from the boneyard when stuck; to 100 points or best of 1 to 5 hands.",
    Preset.SINGLE_ROUND: "One hand decides; the lowest double from double one opens; "
    "tied blocked hands share the win.",
    Preset.TEAM_DRAW: "Draw when stuck; four players play as partners with all 28 tiles dealt; "
    "to 100 points.",
    Preset.DRAW: "Draw from the boneyard until a tile fits; to 100 points.",
    Preset.BLOCK: "No drawing: pass when you cannot play; to 100 points.",
    Preset.ALL_FIVES: "Draw when stuck, and score whenever the open ends add up to a multiple "
    "of five; the first double is the spinner.",
    Preset.BRAZILIAN: "Partners or one on one, pass when stuck, the blocker's side loses a tied "
    "block; to 50 points.",
}

LEVEL_NAMES = {
    Level.EASY: "Easy: plays any tile that fits",
    Level.MEDIUM: "Medium: sheds its heaviest tile",
    Level.HARD: "Hard: counts tiles and reads passes",
    Level.MASTER: "Master: also simulates the deals it cannot see",
}

# The house rules of the options table (docs/rules.md#options): (field, label, [(value, words)]).
# The words are also how a table states its rules (``describe_rules``).
HOUSE_RULES: list[tuple[str, str, list[tuple[str, str]]]] = [
    (
        "stuck",
        "When you cannot play",
        [
            ("draw", "Draw from the boneyard until a tile fits"),
            ("single_draw", "Single Draw: draw one tile, play it if it fits, otherwise pass"),
            ("pass", "Pass: no drawing"),
        ],
    ),
    (
        "reserve",
        "Boneyard reserve",
        [
            ("0", "Every boneyard tile may be drawn"),
            ("2", "The last two boneyard tiles are never drawn"),
        ],
    ),
    (
        "score",
        "Scoring a hand",
        [
            ("others", "The winner scores the pips left in the other hands"),
            ("difference", "A blocked hand scores the others' pips minus the winner's own"),
            ("none", "No points: the hand decides the game"),
        ],
    ),
    (
        "count_fives",
        "All Fives counting",
        [
            ("true", "All Fives counting: multiples of five on the open ends score at once"),
            ("false", "No All Fives counting"),
        ],
    ),
    (
        "out_counts_partner",
        "Going out (partners only)",
        [
            ("true", "Going out also scores your partner's pips"),
            ("false", "Going out does not score your partner's pips"),
        ],
    ),
    (
        "tied_block",
        "Tied blocked hand",
        [
            ("no_score", "A tied blocked hand scores nothing"),
            ("shared", "Tied lowest hands share the win"),
            ("blocker_loses", "On a tied block the blocker's side loses (two sides only)"),
        ],
    ),
    (
        "first_opener",
        "Who opens the first hand",
        [
            ("highest_double", "The highest double opens the first hand"),
            (
                "lowest_double_from_one",
                "The lowest double, from double one up (double blank last), opens the first hand",
            ),
        ],
    ),
    (
        "next_opener",
        "Who opens later hands",
        [
            ("winner", "The winner of a hand opens the next with any tile"),
            ("rotate", "The next player in turn opens each new hand"),
        ],
    ),
    (
        "tiles_each",
        "Tiles each",
        [(str(n), f"{n} tiles each") for n in range(5, 10)],
    ),
]


def match_format_words(rules: Rules) -> str:
    match rules.match:
        case Target(points):
            return f"To {points} points"
        case BestOf(hands):
            return f"Best of {hands} hand" + ("" if hands == 1 else "s")
        case SingleRound():
            return "Single round"
    return ""  # pragma: no cover


def describe_rules(rules: Rules) -> dict[str, Any]:
    """A table's rules in words, each said once, from the table's own rules (never from the
    preset's summary, which house rules and the seats may change: a 2-player Team draw has no
    partners, a target set at the table is the only target): the players (with partners only
    when there are), the match, what the summary states of the preset's own rules, and each
    house rule."""
    record = rules.to_record()
    words = {name: dict(choices) for name, _, choices in HOUSE_RULES}
    house: list[str] = []
    for key, value in record.items():
        if key in ("preset", "seats", "teams", "match"):
            continue  # said by the players and the match
        house.append(words[key].get(_spelled(value), f"{key}: {value}"))
    summary = []
    for key, _, _ in HOUSE_RULES:
        value = getattr(rules, key)
        if key in record or (key in USUAL_RULES and USUAL_RULES[key] == value):
            continue  # a house rule (listed below), or the usual rule: nothing to say
        summary.append(words[key][_spelled(value)] + ".")
    if rules.teams:
        summary.append("Partners: seats facing each other play together.")
    players = f"{rules.seats} players" + (" as partners" if rules.teams else "")
    return {
        "preset": PRESET_NAMES[rules.preset],
        "summary": " ".join(summary),
        "players": players,
        "format": match_format_words(rules),
        "house_rules": house,
    }


def _spelled(value: object) -> str:
    """A rule's value as the choices of HOUSE_RULES spell it."""
    return str(value).lower() if isinstance(value, bool) else str(value)


def table_info(rules: Rules) -> dict[str, Any]:
    """What the page script needs to know about the rules beyond the seat's view."""
    return {
        "format": match_format_words(rules),
        "can_draw": rules.can_draw,
        "fives": rules.count_fives,
        "teams": rules.teams,
        "sides": rules.sides,
        # How a hand's end scores, for the end panel's reasons ("blocked: 12 against 19").
        "score": rules.score.value,
        "out_counts_partner": rules.out_counts_partner,
    }
