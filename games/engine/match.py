"""A match: hands dealt one after another, scores carried over, until the match format ends it.

This is the engine's checked public face: every move goes through :meth:`Match.apply`, which
either applies it or raises :class:`IllegalMove` saying why and changes nothing.

>>> from games.engine import ALL_TILES, Deal, End, Match, Play, Rules, Tile
>>> rules = Rules.for_preset("classic", seats=2)
>>> deal = Deal.from_hands(rules, [
...     [Tile(6, 6), Tile(6, 2), Tile(5, 5), Tile(4, 1), Tile(3, 0), Tile(2, 2), Tile(1, 0)],
...     [Tile(6, 4), Tile(5, 2), Tile(4, 4), Tile(3, 3), Tile(2, 1), Tile(1, 1), Tile(0, 0)],
... ], [t for t in ALL_TILES if t not in {Tile(6, 6), Tile(6, 2), Tile(5, 5), Tile(4, 1),
...     Tile(3, 0), Tile(2, 2), Tile(1, 0), Tile(6, 4), Tile(5, 2), Tile(4, 4), Tile(3, 3),
...     Tile(2, 1), Tile(1, 1), Tile(0, 0)}])
>>> match = Match(rules)
>>> match.start_hand(deal)
>>> match.turn, match.legal_moves()
(0, [Play(tile=Tile(6, 6), end=None)])
>>> match.apply(0, Play(Tile(6, 6)))
>>> match.apply(1, Play(Tile(5, 2), End.LEFT))
Traceback (most recent call last):
...
games.engine.errors.IllegalMove: 5-2 does not fit the left end (6)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .bonuses import Bonus
from .deal import Deal
from .errors import Illegal, IllegalMove, NotYourTurn
from .hand import RESULT_NAMES, HandState
from .moves import Draw, Move, Pass, Play, decode, encode
from .options import BestOf, NextOpener, SingleRound, Target
from .rules import Rules
from .tiles import ALL_TILES, BIT, SUIT
from .view import SeatView, view_for


@dataclass(frozen=True, slots=True)
class HandReport:
    """How a hand ended, as the replay report spells it (arrays are per side). ``bonuses``:
    the hand's bonus events, their points included in ``points``; None (and no ``bonuses`` in
    the JSON) under rules that pay none (docs/rules.md#replay-report)."""

    result: str | None
    winners: tuple[int, ...]
    points: tuple[int, ...]
    scores: tuple[int, ...]
    bonuses: tuple[Bonus, ...] | None = None

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "result": self.result,
            "winners": list(self.winners),
            "points": list(self.points),
            "scores": list(self.scores),
        }
        if self.bonuses is not None:
            out["bonuses"] = [bonus.to_json() for bonus in self.bonuses]
        return out


class Match:
    """Hands, scores and the match format. Deal each hand with :meth:`start_hand`."""

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.scores = [0] * rules.sides
        self.hand_wins = [0] * rules.sides
        self.reports: list[HandReport] = []
        self.deals: list[Deal] = []
        self.histories: list[list[int]] = []  # each hand's move log, the hand in play's last
        self._hand: HandState | None = None
        self.finished = False
        self.winners: tuple[int, ...] = ()

    # --- dealing ----------------------------------------------------------------------------
    @property
    def dealt(self) -> bool:
        """True once the first hand is dealt. The hand itself is the engine's inside: outside
        code asks the match (:meth:`view_for`, :func:`~games.engine.reveal`), never the hand."""
        return self._hand is not None

    @property
    def needs_deal(self) -> bool:
        """True before the first hand and after each finished hand of a match still going."""
        return not self.finished and (self._hand is None or bool(self._hand.result))

    def start_hand(self, deal: Deal) -> None:
        """Deal the next hand. Its opener follows the rules; the first hand's tile too."""
        if self.finished:
            raise IllegalMove("the match is over", Illegal.MATCH_OVER)
        if not self.needs_deal:
            raise IllegalMove("the current hand is not over", Illegal.HAND_NOT_OVER)
        if deal.seats != self.rules.seats or deal.tiles_each != self.rules.tiles_each:
            raise IllegalMove("the deal was made for other rules")
        number = len(self.deals)
        if self._hand is None or self.rules.next_opener is NextOpener.AS_FIRST:
            self._hand = HandState.first(self.rules, deal, number=number)
        else:
            opener = self._hand.next_opener()
            self._hand = HandState.dealt(self.rules, deal, opener=opener, number=number)
        self.deals.append(deal)
        self.histories.append(self._hand.history)

    # --- moves ------------------------------------------------------------------------------
    @property
    def turn(self) -> int | None:
        """The seat to move, or None between hands and after the match."""
        if self.finished or self._hand is None or self._hand.result:
            return None
        return self._hand.turn

    def legal_moves(self) -> list[Move]:
        """The legal moves of the seat to move (empty between hands)."""
        if self.turn is None:
            return []
        assert self._hand is not None
        opening = self._hand.ends[0] < 0
        return [decode(code, opening=opening) for code in self._hand.legal_codes()]

    def apply(self, seat: int, move: Move) -> None:
        """Play ``move`` for ``seat``, or raise :class:`IllegalMove` and change nothing."""
        hand = self._hand_in_play()
        if seat != hand.turn:
            raise NotYourTurn(f"it is seat {hand.turn}'s turn, not seat {seat}'s")
        opening = hand.ends[0] < 0
        if isinstance(move, Play):
            if opening and move.end is not None:
                raise IllegalMove("the opening play names no end", Illegal.OPENING_NAMES_NO_END)
            if not opening and move.end is None:
                raise IllegalMove(
                    "a play after the opening names its end", Illegal.PLAY_NAMES_AN_END
                )
        code = encode(move)
        if code not in hand.legal_codes():
            raise _illegal(hand, seat, move)
        self.push(code)

    def push(self, code: int) -> None:
        """Apply a move code already known to be legal (bots, replays of our own log)."""
        hand = self._hand_in_play()
        hand.push(code)
        if hand.result:
            self._close_hand(hand)
        elif hand.fives and isinstance(self.rules.match, Target):
            reached = any(
                score + gained >= self.rules.match.points
                for score, gained in zip(self.scores, hand.points, strict=True)
            )
            if reached:
                # All Fives: a count that reaches the target ends the match at once.
                self._record(hand, result=None, winners=())
                self._finish_by_score()

    def _hand_in_play(self) -> HandState:
        if self.finished:
            raise IllegalMove("the match is over", Illegal.MATCH_OVER)
        if self._hand is None:
            raise IllegalMove("no hand has been dealt", Illegal.NOT_DEALT)
        if self._hand.result:
            raise IllegalMove("the hand is over", Illegal.HAND_OVER)
        return self._hand

    # --- results ----------------------------------------------------------------------------
    def _record(self, hand: HandState, *, result: str | None, winners: tuple[int, ...]) -> None:
        for side, gained in enumerate(hand.points):
            self.scores[side] += gained
        bonuses = hand.events if hand.bonus else None
        report = HandReport(result, winners, tuple(hand.points), tuple(self.scores), bonuses)
        self.reports.append(report)

    def _close_hand(self, hand: HandState) -> None:
        self._record(hand, result=RESULT_NAMES[hand.result], winners=hand.winners)
        match self.rules.match:
            case Target(points=target):
                if max(self.scores) >= target:
                    self._finish_by_score()
            case BestOf(hands=best_of):
                if len(hand.winners) == 1:  # tied and shared hands count for nobody
                    self.hand_wins[hand.winners[0]] += 1
                    self._check_best_of(best_of)
            case SingleRound():
                if hand.winners:
                    self.finished, self.winners = True, hand.winners

    def _check_best_of(self, best_of: int) -> None:
        """After a hand that counted: a majority wins; an even N ending level goes to the
        higher score, and if the scores are level too, to the next hand won
        (docs/rules.md#best-of)."""
        wins = self.hand_wins
        for side, won in enumerate(wins):
            if 2 * won > best_of:
                self.finished, self.winners = True, (side,)
                return
        level = best_of % 2 == 0 and wins[0] == wins[1] == best_of // 2
        if level and self.scores[0] != self.scores[1]:
            self.finished = True
            self.winners = (0,) if self.scores[0] > self.scores[1] else (1,)

    def _finish_by_score(self) -> None:
        best = max(self.scores)
        self.finished = True
        self.winners = tuple(side for side, score in enumerate(self.scores) if score == best)

    def partial_report(self) -> HandReport | None:
        """The hand in play as it stands (result None), or None when no hand is in play."""
        hand = self._hand
        if hand is None or hand.result or self.finished:
            return None
        scores = tuple(s + p for s, p in zip(self.scores, hand.points, strict=True))
        return HandReport(None, (), tuple(hand.points), scores, hand.events if hand.bonus else None)

    def view_for(self, seat: int | None) -> SeatView:
        """What ``seat`` may know now (``None``: a spectator). See :mod:`games.engine.view`."""
        return view_for(self, seat)

    def copy(self) -> Match:
        twin = Match.__new__(Match)
        twin.__dict__.update(self.__dict__)
        twin.scores = self.scores[:]
        twin.hand_wins = self.hand_wins[:]
        twin.reports = self.reports[:]
        twin.deals = self.deals[:]
        twin._hand = None if self._hand is None else self._hand.copy()
        twin.histories = self.histories[:]
        if twin._hand is not None:
            twin.histories[-1] = twin._hand.history
        return twin


def _illegal(hand: HandState, seat: int, move: Move) -> IllegalMove:
    """Why a move that is not among the legal codes is illegal (called only on that path)."""
    holding = hand.hands[seat]
    plays = hand.playable_codes()
    match move:
        case Play(tile=tile, end=end):
            if not holding & BIT[tile.index]:
                return IllegalMove(
                    f"{tile} is not in seat {seat}'s hand", Illegal.NOT_IN_HAND, tile=str(tile)
                )
            if end is None:
                required = str(ALL_TILES[hand.required])
                return IllegalMove(
                    f"the first hand opens with {required}", Illegal.OPENS_WITH, tile=required
                )
            value = hand.ends[end.slot]
            if value < 0:
                return IllegalMove(f"there is no {end} end yet", Illegal.NO_SUCH_END, end=end.value)
            if not SUIT[value] & BIT[tile.index]:
                return IllegalMove(
                    f"{tile} does not fit the {end} end ({value})",
                    Illegal.DOES_NOT_FIT,
                    tile=str(tile),
                    end=end.value,
                    value=value,
                )
            return IllegalMove(
                f"{tile} cannot be played on the {end} end now",
                Illegal.NOT_ON_THAT_END,
                tile=str(tile),
                end=end.value,
            )
        case Draw() | Pass() if hand.ends[0] < 0:
            return IllegalMove("the opener must play a tile", Illegal.OPENER_PLAYS)
        case Draw() | Pass() if plays:
            fitting = str(ALL_TILES[plays[0] >> 2])
            word = "draw" if isinstance(move, Draw) else "pass"
            return IllegalMove(
                f"seat {seat} holds a tile that fits ({fitting}), so it cannot {word}",
                Illegal.HOLDS_A_FIT,
                tile=fitting,
                move=word,
            )
        case Draw():
            if not hand.stuck_draws:
                return IllegalMove(
                    "nobody draws in this game: a stuck seat passes", Illegal.NO_DRAWING
                )
            if hand.single_draw and hand.drew:
                return IllegalMove(
                    "single draw: one draw a turn, then play the tile or pass", Illegal.ONE_DRAW
                )
            if hand.reserve:
                return IllegalMove(
                    f"no draw is possible: only the {hand.reserve} reserved tiles are left",
                    Illegal.RESERVE_LEFT,
                    count=hand.reserve,
                )
            return IllegalMove("no draw is possible: the boneyard is empty", Illegal.BONEYARD_EMPTY)
        case Pass():
            return IllegalMove(
                "a draw is possible, so the seat must draw before passing", Illegal.DRAW_FIRST
            )
    return IllegalMove(f"{move} is not a legal move")
