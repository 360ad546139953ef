"""Computer opponents at four honest levels. A bot is given a seat's view, never the state.

>>> import random
>>> from games.engine import Deal, Match, Rules
>>> rules = Rules.for_preset("brazilian", seats=4)
>>> match = Match(rules)
>>> match.start_hand(Deal.shuffled(rules, random.Random(2)))
>>> bot = Bot(Level.MEDIUM)
>>> move = bot.choose(match.view_for(match.turn))
>>> move in match.legal_moves()
True
"""

from __future__ import annotations

import random
from enum import StrEnum

from ..moves import Move, decode
from ..view import SeatView
from . import policies
from .grading import COACH_BUDGET, Grade, Graded, accuracy_of, grade_decision, grade_of, most_for
from .hints import Hint, HintReason, Why, hint
from .knowledge import Knowledge
from .master import Budget, decide

DEFAULT_BUDGET = Budget()


class Level(StrEnum):
    EASY = "easy"
    MEDIUM = "medium"
    HARD = "hard"
    MASTER = "master"


#: The computer players' names, a short list per level, one for each seat: the seat a computer
#: sits in and its level name it ("Rosa" is medium's at seat 1, on every page and the wire), so
#: two computers of one table never share a name. Names, not words: said the same in every
#: language. No name is in two lists.
BOT_NAMES: dict[Level, tuple[str, str, str, str]] = {
    Level.EASY: ("Pip", "Dot", "Bingo", "Lulu"),
    Level.MEDIUM: ("Tito", "Rosa", "Nina", "Paco"),
    Level.HARD: ("Vera", "Bruno", "Iris", "Oscar"),
    Level.MASTER: ("Sofia", "Magnus", "Athena", "Leo"),
}


def bot_name(level: Level | str, seat: int) -> str:
    """The name of the computer of ``level`` at ``seat`` (0-based): stable, one per seat."""
    names = BOT_NAMES[Level(level)]
    return names[seat % len(names)]


class Bot:
    """A computer player of one level. ``seed`` makes its random choices repeatable."""

    def __init__(
        self, level: Level | str, *, seed: int = 0, budget: Budget = DEFAULT_BUDGET
    ) -> None:
        self.level = Level(level)
        self.budget = budget
        self._rng = random.Random(seed)

    def choose(self, view: SeatView) -> Move:
        """The move this level plays from ``view`` (its seat's view, on its turn)."""
        knowledge = Knowledge.from_view(view)
        return decode(self.choose_code(knowledge), opening=not view.history)

    def choose_code(self, knowledge: Knowledge) -> int:
        codes = knowledge.legal
        if len(codes) == 1:
            return codes[0]
        match self.level:
            case Level.EASY:
                return policies.easy(codes, self._rng)
            case Level.MEDIUM:
                return policies.medium(knowledge.public, codes)
            case Level.HARD:
                return policies.hard(knowledge)
            case Level.MASTER:
                return decide(knowledge, self._rng, self.budget).code
        raise AssertionError(self.level)


__all__ = [
    "BOT_NAMES",
    "COACH_BUDGET",
    "Bot",
    "Budget",
    "Grade",
    "Graded",
    "Hint",
    "HintReason",
    "Level",
    "Why",
    "accuracy_of",
    "bot_name",
    "grade_decision",
    "grade_of",
    "hint",
    "most_for",
]
