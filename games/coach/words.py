"""The coach's words, in the language of whoever reads them: the grades, the moves and why the
better move was better (the grader gives them as data: games.engine.bots.grading), and why a
hint suggests its move (games.engine.bots.hints)."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext, gettext_lazy, ngettext, pgettext, pgettext_lazy

from games.engine.bots import HintReason, Why
from games.words import joined

GRADE_NAMES: dict[str, Any] = {
    "best": pgettext_lazy("coach grade", "Best"),
    "good": pgettext_lazy("coach grade", "Good"),
    "inaccuracy": pgettext_lazy("coach grade", "Inaccuracy"),
    "mistake": pgettext_lazy("coach grade", "Mistake"),
    "blunder": pgettext_lazy("coach grade", "Blunder"),
}

#: A number of pips as the ends show it, said in the plural ("lacks 3s and 5s").
NUMBER_NAMES: tuple[Any, ...] = (
    pgettext_lazy("pips, plural", "0s"),
    pgettext_lazy("pips, plural", "1s"),
    pgettext_lazy("pips, plural", "2s"),
    pgettext_lazy("pips, plural", "3s"),
    pgettext_lazy("pips, plural", "4s"),
    pgettext_lazy("pips, plural", "5s"),
    pgettext_lazy("pips, plural", "6s"),
)


def decision_words(decision: dict[str, Any]) -> dict[str, Any]:
    """A stored graded decision as the pages read it: ``played``, ``best``, ``label`` and
    ``reason`` in words (a review stored before the grader gave data keeps its English)."""
    shown = {key: decision[key] for key in ("ply", "cost", "grade", "expected")}
    if "worth" in decision:
        shown["worth"] = decision["worth"]
    shown["label"] = str(GRADE_NAMES.get(decision["grade"], decision["grade"]))
    played, best = decision["played"], decision["best"]
    if isinstance(played, str):
        return shown | {"played": played, "best": best, "reason": decision.get("reason", "")}
    why = decision.get("reason")
    return shown | {
        "played": move_words(played),
        "best": move_words(best),
        "reason": "" if why is None else reason_words(why, better=best, worse=played),
    }


def move_words(parts: list[str]) -> str:
    """The move as a player says it: "drawing", "passing", "6-4", "6-4 on the left"."""
    match parts:
        case ["draw"]:
            return pgettext("coach: the move", "drawing")
        case ["pass"]:
            return pgettext("coach: the move", "passing")
        case [tile, "left"]:
            return gettext("%(tile)s on the left") % {"tile": tile}
        case [tile, "right"]:
            return gettext("%(tile)s on the right") % {"tile": tile}
        case [tile, "up"]:
            return gettext("%(tile)s on the top") % {"tile": tile}
        case [tile, "down"]:
            return gettext("%(tile)s on the bottom") % {"tile": tile}
        case [tile, *_]:
            return tile
    return ""


def _numbers(numbers: list[int]) -> str:
    return joined([str(NUMBER_NAMES[n]) for n in numbers]) or pgettext("coach: ends", "nothing")


def _tiles(count: int) -> str:
    return ngettext("one tile", "%(count)s tiles", count) % {"count": count}


def _signed(points: float) -> str:
    """A result from the seat's side, its sign always written: "+4.5", "-2", "0"."""
    return f"{points:+g}" if points else "0"


def reason_words(why: dict[str, Any], *, better: list[str], worse: list[str]) -> str:
    """What ``better`` achieves that ``worse`` did not (the grader's ``reason``), in a player's
    words. A reason stored before the grader said what the move achieves keeps its old words."""
    words = {"better": move_words(better), "worse": move_words(worse)}
    match why.get("kind"):
        case "scored" if why.get("reply") and not why["played"]:
            return gettext(
                "%(better)s scores %(best)s on the count at once; %(worse)s scores nothing and "
                "could let the next player score %(reply)s."
            ) % (words | {"best": why["best"], "reply": why["reply"]})
        case "scored" if why["played"]:
            return gettext(
                "%(better)s scores %(best)s on the count at once; %(worse)s scores only %(played)s."
            ) % (words | {"best": why["best"], "played": why["played"]})
        case "scored":
            return gettext(
                "%(better)s scores %(best)s on the count at once; %(worse)s scores nothing."
            ) % (words | {"best": why["best"]})
        case "leaves_count" if why["best"]:
            return gettext(
                "After %(worse)s the next player could score %(played)s on the count with a tile "
                "you have not seen; %(better)s leaves them at most %(best)s."
            ) % (words | {"best": why["best"], "played": why["played"]})
        case "leaves_count":
            return gettext(
                "After %(worse)s the next player could score %(played)s on the count with a tile "
                "you have not seen; %(better)s leaves them no count."
            ) % (words | {"played": why["played"]})
        case "partner_blocked":
            return gettext(
                "Your partner had shown they lack %(lacks)s: %(worse)s left them only those "
                "ends (%(ends)s), %(better)s keeps a number open for them."
            ) % (words | {"lacks": _numbers(why["lacks"]), "ends": _numbers(why["ends"])})
        case "next_blocked":
            return gettext(
                "%(better)s blocks the next player: they had shown they lack %(lacks)s, and it "
                "leaves them only %(ends)s to match."
            ) % (words | {"lacks": _numbers(why["lacks"]), "ends": _numbers(why["ends"])})
        case "double":
            return gettext(
                "%(better)s plays off a double while a %(number)s is open: a double fits only "
                "its own number, and each %(number)s laid makes it harder to place."
            ) % (words | {"number": why["number"]})
        case "own_fit" if "ends_best" in why:
            return ngettext(
                "%(better)s keeps your numbers in play: one of your tiles fits the ends it "
                "leaves (%(ends_best)s), against %(played)s after %(worse)s.",
                "%(better)s keeps your numbers in play: %(best)s of your tiles fit the ends it "
                "leaves (%(ends_best)s), against %(played)s after %(worse)s.",
                why["best"],
            ) % (
                words
                | {
                    "ends_best": _numbers(why["ends_best"]),
                    "best": why["best"],
                    "played": why["played"],
                }
            )
        case "own_fit":
            return gettext(
                "After %(worse)s the ends were %(ends)s and you held %(played)s that fit; after "
                "%(better)s, %(best)s."
            ) % (
                words
                | {
                    "ends": _numbers(why["ends"]),
                    "played": _tiles(why["played"]),
                    "best": _tiles(why["best"]),
                }
            )
        case "out_fit" if "ends_best" in why:
            return ngettext(
                "%(better)s leaves the others less to play: one tile you have not seen fits the "
                "ends it leaves (%(ends_best)s), against %(played)s after %(worse)s.",
                "%(better)s leaves the others less to play: %(best)s tiles you have not seen fit "
                "the ends it leaves (%(ends_best)s), against %(played)s after %(worse)s.",
                why["best"],
            ) % (
                words
                | {
                    "ends_best": _numbers(why["ends_best"]),
                    "best": why["best"],
                    "played": why["played"],
                }
            )
        case "out_fit":
            return gettext(
                "After %(worse)s, %(played)s still out fit the ends (%(ends)s); after %(better)s "
                "only %(best)s."
            ) % (
                words
                | {
                    "ends": _numbers(why["ends"]),
                    "played": _tiles(why["played"]),
                    "best": why["best"],
                }
            )
        case "sheds":
            return ngettext(
                "%(better)s gets %(pips)s pip more out of your hand: if the hand blocks, the "
                "pips you hold count against you.",
                "%(better)s gets %(pips)s pips more out of your hand: if the hand blocks, the "
                "pips you hold count against you.",
                why["pips"],
            ) % (words | {"pips": why["pips"]})
        case "wins":
            return gettext(
                "With good play from here, %(better)s wins the hand about %(best)s%% of the "
                "time, %(worse)s %(played)s%%, over the deals you could have been facing."
            ) % (words | {"best": why["best"], "played": why["played"]})
        case "points":
            return gettext(
                "With good play from here, the hand ends %(best)s points for your side on "
                "average after %(better)s, %(played)s after %(worse)s."
            ) % (words | {"best": _signed(why["best"]), "played": _signed(why["played"])})
    return gettext("%(better)s did better over the deals you could have been facing.") % words


#: Why a hint suggests its move (games.engine.bots.Why), filled in with the reason's tile,
#: ends (its numbers) and count.
HINT_WORDS: dict[Why, Any] = {
    Why.MUST_OPEN: gettext_lazy("%(tile)s must open"),
    Why.ONLY_PLAY: gettext_lazy("%(tile)s is the only play"),
    Why.DRAW: gettext_lazy("nothing fits the open ends (%(ends)s): draw"),
    Why.PASS: gettext_lazy("nothing fits the open ends (%(ends)s): pass"),
    Why.LEAVES_OPEN: gettext_lazy("leaves %(ends)s open, which nobody else can still match"),
    Why.SCORES: gettext_lazy("scores %(count)s at once: the ends add up to %(count)s"),
    Why.LEAVES_COUNT: gettext_lazy("leaves the next player no easy count"),
    Why.KEEPS_CONTROL: gettext_lazy("keeps a tile of yours for the ends it leaves (%(ends)s)"),
    Why.VARIETY: gettext_lazy("keeps your numbers varied, so you can answer more ends"),
    Why.DOUBLE: gettext_lazy("gets the double %(tile)s out while it still fits"),
    Why.OPENS_FOR_PARTNER: gettext_lazy("leaves numbers your partner can play"),
    Why.SIMULATED: gettext_lazy("gives the best result over the deals it simulated"),
}


def hint_reason_words(reason: HintReason) -> str:
    """Why a hint suggests its move (games.engine.bots.hints), in a player's words."""
    numbers = joined([str(n) for n in reason.numbers])
    if reason.why is Why.BLOCKS:
        return _blocking_words(reason, numbers)
    if reason.why is Why.SHEDS:
        return ngettext(
            "sheds %(pips)s pip: heavy tiles cost most if someone goes out",
            "sheds %(pips)s pips: heavy tiles cost most if someone goes out",
            reason.amount or 0,
        ) % {"pips": reason.amount}
    said = {"tile": reason.tile, "ends": numbers, "count": reason.amount}
    return str(HINT_WORDS[reason.why]) % said


def _blocking_words(reason: HintReason, numbers: str) -> str:
    words: dict[str, object] = {"blocked": _numbers(list(reason.numbers)), "numbers": numbers}
    if reason.rival is None:
        if reason.drew:
            return gettext("blocks %(blocked)s: your rival had to draw on %(numbers)s") % words
        return gettext("blocks %(blocked)s: your rival passed on %(numbers)s") % words
    words["seat"] = reason.rival + 1
    if reason.drew:
        return gettext("blocks %(blocked)s: seat %(seat)s had to draw on %(numbers)s") % words
    return gettext("blocks %(blocked)s: seat %(seat)s passed on %(numbers)s") % words
