"""The words of the game: the presets' names and summaries, the computer's levels, the house
rules' options, and a table's rules in words (the setup form, the table page, statistics and
the settings page read them)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from django.utils.text import format_lazy
from django.utils.translation import gettext, gettext_lazy, ngettext, pgettext_lazy

from games.engine import (
    PRESET_SEATS,
    TARGET_RANGE,
    USUAL_RULES,
    BestOf,
    Illegal,
    IllegalMove,
    Preset,
    Rules,
    Scoring,
    SingleRound,
    Target,
)
from games.engine.bots import Level
from games.partnership_words import VARIANT_RULES, amount_words

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise

#: The points a target may be, as forms and help texts say it: "25 to 500".
TARGETS = format_lazy(
    gettext_lazy("{low} to {high}"), low=TARGET_RANGE.start, high=TARGET_RANGE[-1]
)

PRESET_NAMES: dict[str, StrOrPromise] = {
    Preset.CLASSIC: pgettext_lazy("preset", "Classic"),
    Preset.SINGLE_ROUND: pgettext_lazy("preset", "Single round"),
    Preset.TEAM_DRAW: pgettext_lazy("preset", "Team draw"),
    Preset.DRAW: pgettext_lazy("preset", "Draw"),
    Preset.BLOCK: pgettext_lazy("preset", "Block"),
    Preset.ALL_FIVES: pgettext_lazy("preset", "All Fives"),
    Preset.BRAZILIAN: pgettext_lazy("preset", "Brazilian partnership"),
    Preset.LATIN: pgettext_lazy("preset", "Latin"),
    Preset.PUERTO_RICAN: pgettext_lazy("preset", "Puerto Rican"),
    Preset.DOMINICAN: pgettext_lazy("preset", "Dominican"),
}

PRESET_SUMMARIES: dict[str, StrOrPromise] = {
    Preset.CLASSIC: gettext_lazy(
        "Draw from the boneyard when stuck; to 100 points or best of 1 to 5 hands."
    ),
    Preset.SINGLE_ROUND: gettext_lazy(
        "One hand decides; the lowest double from double one opens; "
        "tied blocked hands share the win."
    ),
    Preset.TEAM_DRAW: gettext_lazy(
        "Draw when stuck; four players play as partners with all 28 tiles dealt; to 100 points."
    ),
    Preset.DRAW: gettext_lazy("Draw from the boneyard until a tile fits; to 100 points."),
    Preset.BLOCK: gettext_lazy("No drawing: pass when you cannot play; to 100 points."),
    Preset.ALL_FIVES: gettext_lazy(
        "Draw when stuck, and score whenever the open ends add up to a multiple "
        "of five; the first double is the spinner."
    ),
    Preset.BRAZILIAN: gettext_lazy(
        "Partners or one on one, pass when stuck, the blocker's side loses a tied "
        "block; to 50 points."
    ),
    Preset.LATIN: gettext_lazy(
        "Four players as partners, all 28 tiles dealt, pass when stuck; the double six opens, "
        "then each player in turn; to 100 points."
    ),
    Preset.PUERTO_RICAN: gettext_lazy(
        "Partners score every hand's pips, with bonuses for the first four hands, the capicú "
        "and the chuchazo; two or three players draw; to 500 points."
    ),
    Preset.DOMINICAN: gettext_lazy(
        "Partners, pass when stuck; pases and the capicúa score bonuses, the blocker wins a "
        "tied tranque; to 200 points."
    ),
}

LEVEL_NAMES: dict[str, Any] = {
    Level.EASY: gettext_lazy("Easy: plays any tile that fits"),
    Level.MEDIUM: gettext_lazy("Medium: sheds its heaviest tile"),
    Level.HARD: gettext_lazy("Hard: counts tiles and reads passes"),
    Level.MASTER: gettext_lazy("Master: also simulates the deals it cannot see"),
}

#: A computer's level in one word ("computer medium").
LEVEL_WORDS: dict[str, Any] = {
    Level.EASY: pgettext_lazy("computer level", "easy"),
    Level.MEDIUM: pgettext_lazy("computer level", "medium"),
    Level.HARD: pgettext_lazy("computer level", "hard"),
    Level.MASTER: pgettext_lazy("computer level", "master"),
}


def computer_name(level: str) -> str:
    """A computer seat's name as a person reads it, in their language: "Computer (easy)" (the
    seat's stored name is English, the same for every reader)."""
    return gettext("Computer (%(level)s)") % {"level": LEVEL_WORDS.get(level, level)}


def joined(items: list[str]) -> str:
    """Words joined as a sentence says them: "Ana", "Ana and Bob", "Ana, Bob and Cy"."""
    if len(items) < 2:
        return "".join(items)
    return gettext("%(some)s and %(last)s") % {"some": ", ".join(items[:-1]), "last": items[-1]}


# The house rules of the options table (docs/rules.md#options): (field, label, [(value, words)]).
# The words are also how a table states its rules (``describe_rules``).
HOUSE_RULES: list[tuple[str, Any, list[tuple[str, Any]]]] = [
    (
        "stuck",
        gettext_lazy("When you cannot play"),
        [
            ("draw", gettext_lazy("Draw from the boneyard until a tile fits")),
            (
                "single_draw",
                gettext_lazy("Single Draw: draw one tile, play it if it fits, otherwise pass"),
            ),
            ("pass", gettext_lazy("Pass: no drawing")),
        ],
    ),
    (
        "reserve",
        gettext_lazy("Boneyard reserve"),
        [
            ("0", gettext_lazy("Every boneyard tile may be drawn")),
            ("2", gettext_lazy("The last two boneyard tiles are never drawn")),
        ],
    ),
    (
        "score",
        gettext_lazy("Scoring a hand"),
        [
            ("others", gettext_lazy("The winner scores the pips left in the other hands")),
            (
                "difference",
                gettext_lazy("A blocked hand scores the others' pips minus the winner's own"),
            ),
            ("none", gettext_lazy("No points: the hand decides the game")),
            (
                "all_hands",
                gettext_lazy("The winner scores the pips left in every hand, its own included"),
            ),
        ],
    ),
    (
        "count_fives",
        gettext_lazy("All Fives counting"),
        [
            (
                "true",
                gettext_lazy(
                    "All Fives counting: multiples of five on the open ends score at once"
                ),
            ),
            ("false", gettext_lazy("No All Fives counting")),
        ],
    ),
    (
        "out_counts_partner",
        gettext_lazy("Going out (partners only)"),
        [
            ("true", gettext_lazy("Going out also scores your partner's pips")),
            ("false", gettext_lazy("Going out does not score your partner's pips")),
        ],
    ),
    (
        "tied_block",
        gettext_lazy("Tied blocked hand"),
        [
            ("no_score", gettext_lazy("A tied blocked hand scores nothing")),
            ("shared", gettext_lazy("Tied lowest hands share the win")),
            (
                "blocker_loses",
                gettext_lazy("On a tied block the blocker's side loses (two sides only)"),
            ),
            ("blocker_wins", gettext_lazy("On a tied block the blocker's side wins")),
            ("opener_team", gettext_lazy("On a tied block the side that opened the hand wins")),
        ],
    ),
    (
        "first_opener",
        gettext_lazy("Who opens the first hand"),
        [
            ("highest_double", gettext_lazy("The highest double opens the first hand")),
            (
                "lowest_double_from_one",
                gettext_lazy(
                    "The lowest double, from double one up (double blank last), opens the first "
                    "hand"
                ),
            ),
            ("lot", gettext_lazy("A player drawn by lot opens the first hand with any tile")),
        ],
    ),
    (
        "next_opener",
        gettext_lazy("Who opens later hands"),
        [
            ("winner", gettext_lazy("The winner of a hand opens the next with any tile")),
            ("rotate", gettext_lazy("The next player in turn opens each new hand")),
            ("as_first", gettext_lazy("Every hand is opened as the first one is")),
        ],
    ),
    (
        "tiles_each",
        gettext_lazy("Tiles each"),
        [(str(n), format_lazy(gettext_lazy("{n} tiles each"), n=n)) for n in range(5, 10)],
    ),
]


def match_format_words(rules: Rules) -> str:
    match rules.match:
        case Target(points):
            return gettext("To %(points)s points") % {"points": points}
        case BestOf(hands):
            return ngettext("Best of %(hands)s hand", "Best of %(hands)s hands", hands) % {
                "hands": hands
            }
        case SingleRound():
            return gettext("Single round")
    return ""  # pragma: no cover


def describe_rules(rules: Rules) -> dict[str, Any]:
    """A table's rules in words, each said once, from the table's own rules (never from the
    preset's summary, which house rules and the seats may change: a 2-player Team draw has no
    partners, a target set at the table is the only target): the players (with partners only
    when there are), the match, what the summary states of the preset's own rules, and each
    house rule."""
    record = rules.to_record()
    words = {name: dict(choices) for name, _, choices in HOUSE_RULES + VARIANT_RULES}
    house: list[str] = []
    for key, value in record.items():
        if key in ("preset", "seats", "teams", "match"):
            continue  # said by the players and the match
        if key in words:
            house.append(str(words[key][_spelled(value)]))
        else:
            house.extend(amount_words(key, value))
    summary = []
    for key, _, _ in HOUSE_RULES + VARIANT_RULES:
        value = getattr(rules, key)
        if key in record or (key in USUAL_RULES and USUAL_RULES[key] == value):
            continue  # a house rule (listed below), or the usual rule: nothing to say
        summary.append(f"{words[key][_spelled(value)]}.")
    if rules.teams:
        summary.append(gettext("Partners: seats facing each other play together."))
    players = (
        gettext("%(seats)s players as partners") if rules.teams else gettext("%(seats)s players")
    ) % {"seats": rules.seats}
    return {
        "preset": str(PRESET_NAMES[rules.preset]),
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
        # A game that keeps no points (a single round's) shows who won, not "+0".
        "keeps_points": rules.score is not Scoring.NONE or rules.count_fives,
        "single_round": isinstance(rules.match, SingleRound),
    }


def players_words(preset: Preset) -> str:
    """How many players a preset takes, in words: "2 players", "2, 3 or 4 players"."""
    counts = PRESET_SEATS[preset]
    if len(counts) == 1:
        return ngettext("%(n)s player", "%(n)s players", counts[0]) % {"n": counts[0]}
    return gettext("%(some)s or %(last)s players") % {
        "some": ", ".join(str(n) for n in counts[:-1]),
        "last": counts[-1],
    }


TWO_SIDES = gettext_lazy("two sides: 2 players, or 4 as partners")


def rules_problem(preset: Preset, seats: int, options: dict[str, object]) -> str:
    """Why these choices make no game, in a player's words ("" when they do). The engine's
    own checks (``Rules.validate``) speak its record's words; the setup page speaks these."""
    name = PRESET_NAMES[preset]
    allowed = PRESET_SEATS[preset]
    if seats not in allowed:
        return gettext(
            "%(name)s is a game for %(players)s: choose %(players)s, or another game."
        ) % {"name": name, "players": players_words(preset)}
    base = Rules.for_preset(preset, seats=seats)
    teams = bool(options.get("teams", base.teams))
    tiles_each = int(str(options.get("tiles_each", base.tiles_each)))
    sides = 2 if teams else seats
    if teams and seats != 4:
        return gettext("Partners need 4 players: choose 4 players, or everyone for themselves.")
    if seats * tiles_each > 28:
        return gettext(
            "%(seats)s players with %(tiles)s tiles each would need more than the 28 tiles "
            "of the set: choose fewer tiles each under More options."
        ) % {"seats": seats, "tiles": tiles_each}
    if options.get("out_counts_partner") and not teams:
        return gettext("Scoring your partner's pips when going out needs partners (4 players).")
    match = options.get("match")
    if isinstance(match, dict) and "best_of" in match and sides != 2:
        return gettext(
            "Best of a number of hands needs %(sides)s. Play to a points target instead."
        ) % {"sides": TWO_SIDES}
    if options.get("tied_block") == "blocker_loses" and sides != 2:
        return gettext("“The blocker's side loses a tied block” needs %(sides)s.") % {
            "sides": TWO_SIDES
        }
    return ""


#: The ends of the line as a sentence names them ("does not fit the left end").
END_NAMES: dict[str, Any] = {
    "left": pgettext_lazy("an end of the line", "the left end"),
    "right": pgettext_lazy("an end of the line", "the right end"),
    "up": pgettext_lazy("an end of the line", "the top end"),
    "down": pgettext_lazy("an end of the line", "the bottom end"),
}


#: Why a move was refused (games.engine.Illegal), from the player's side; the details the
#: error carries fill them in.
ILLEGAL_WORDS: dict[Illegal, Any] = {
    Illegal.MATCH_OVER: gettext_lazy("The match is over."),
    Illegal.HAND_OVER: gettext_lazy("The hand is over."),
    Illegal.HAND_NOT_OVER: gettext_lazy("The hand is still being played."),
    Illegal.NOT_DEALT: gettext_lazy("No hand has been dealt yet."),
    Illegal.OPENING_NAMES_NO_END: gettext_lazy(
        "The opening tile goes in the middle: it names no end."
    ),
    Illegal.PLAY_NAMES_AN_END: gettext_lazy("Say which end to play the tile on."),
    Illegal.NOT_IN_HAND: gettext_lazy("%(tile)s is not in your hand."),
    Illegal.OPENS_WITH: gettext_lazy("The first hand opens with %(tile)s."),
    Illegal.NO_SUCH_END: gettext_lazy("There is no such end yet: %(end)s."),
    Illegal.DOES_NOT_FIT: gettext_lazy("%(tile)s does not fit %(end)s (%(value)s)."),
    Illegal.NOT_ON_THAT_END: gettext_lazy("%(tile)s cannot be played on %(end)s now."),
    Illegal.OPENER_PLAYS: gettext_lazy("You open the hand: play a tile."),
    Illegal.HOLDS_A_FIT: gettext_lazy("You hold a tile that fits (%(tile)s), so you cannot draw."),
    Illegal.NO_DRAWING: gettext_lazy("Nobody draws in this game: when you cannot play, you pass."),
    Illegal.ONE_DRAW: gettext_lazy("One draw a turn: play the tile you drew, or pass."),
    Illegal.BONEYARD_EMPTY: gettext_lazy("You cannot draw: the boneyard is empty."),
    Illegal.DRAW_FIRST: gettext_lazy("You can still draw, so draw before you pass."),
}


def illegal_move_words(error: IllegalMove) -> str:
    """Why the player's move was refused (the engine's :class:`~games.engine.Illegal`), as a
    sentence in their language; a refusal no rule names gets the form a move takes (as data
    that cannot be a move does: games.live.protocol.PlayMove)."""
    details = dict(error.details)
    if "end" in details:
        details["end"] = END_NAMES[details["end"]]
    if error.why is Illegal.RESERVE_LEFT:
        return (
            ngettext(
                "You cannot draw: only the %(count)s reserved tile is left.",
                "You cannot draw: only the %(count)s reserved tiles are left.",
                details["count"],
            )
            % details
        )
    if error.why is Illegal.HOLDS_A_FIT and details["move"] == "pass":
        return gettext("You hold a tile that fits (%(tile)s), so you cannot pass.") % details
    if error.why is None:
        return gettext("A move is an object: play and end, draw, or pass.")
    return str(ILLEGAL_WORDS[error.why]) % details
