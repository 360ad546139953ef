"""Why one move was better than another, from what the seat knew (the coach's reasons, put in
a player's words by games.coach.words). Pure, no Django, no I/O.

A reason names what the better move achieves: a count it scores or denies the next rival, a
partner left a number or a rival none, a heavy double played off, numbers kept in hand, fewer
tiles left to fit the ends, weight shed; else, from the deals the seat could have been facing,
how often each move wins the hand, or what each leaves the hand worth. It reads only the seat's
own tiles, the table and the numbers the others showed they lack by passing or drawing: never
another hand.
"""

from __future__ import annotations

from typing import Any

from ..moves import DRAW
from ..tiles import ALL_TILES, BIT, IS_DOUBLE, PIPS
from .estimate import Estimate
from .knowledge import NUMBER_TILES, Knowledge
from .policies import count_scored


def _scored(knowledge: Knowledge, code: int) -> int:
    """The points the move scores at once (All Fives' count)."""
    side = knowledge.rules.side_of(knowledge.seat)
    state = knowledge.public.copy()
    before = state.points[side]
    state.push(code)
    return state.points[side] - before


def _reply_count(knowledge: Knowledge, code: int) -> int:
    """All Fives: the best count the next seat, a rival, could score at once after ``code``
    with a tile it may hold (one the seat has not seen, of a number it is not known to lack);
    0 when the next seat is a partner or nothing scores."""
    rules = knowledge.rules
    if not rules.count_fives:
        return 0
    state = knowledge.public.copy()
    state.push(code)
    following = state.turn
    if state.result or rules.side_of(following) == rules.side_of(knowledge.seat):
        return 0
    state.hands[following] = knowledge.candidates(following)
    return max((count_scored(state, reply) for reply in state.playable_codes()), default=0)


def _ends_after(knowledge: Knowledge, code: int) -> tuple[int, ...]:
    state = knowledge.public.copy()
    state.push(code)
    return tuple(sorted({state.ends[slot] for slot in state.open_slots if state.ends[slot] >= 0}))


def _fitting(mask: int, ends: tuple[int, ...]) -> int:
    numbers = 0
    for end in ends:
        numbers |= 1 << end
    return (mask & NUMBER_TILES[numbers]).bit_count()


#: The least difference in the share of hands won that is worth saying ("wins about 60% of
#: the time against 45%").
WINS_APART = 0.05


def reason(
    knowledge: Knowledge, *, played: int, best: int, found: Estimate | None = None
) -> dict[str, Any]:
    """What ``best`` achieves that ``played`` did not, from what the seat knew, as data the site
    puts in a player's words (games.coach.words): the first reading that tells them apart, from
    the position (a count scored, a partner left a number or a rival none, a heavy double
    played off, numbers kept in hand, fewer tiles left to fit the ends, weight shed), else from
    the deals the seat could have been facing (``found``): how often each wins the hand, or
    what each leaves the hand worth. Never what another hand holds: only the seat's own tiles,
    the table, and the numbers the others showed they lack by passing or drawing."""
    if played < DRAW and best < DRAW:
        readings = _position_reason(knowledge, played=played, best=best)
        if readings is not None:
            return readings
    if found is None:
        return {"kind": "average"}
    wins_best, wins_played = found.wins(best), found.wins(played)
    if wins_best - wins_played >= WINS_APART:
        return {
            "kind": "wins",
            "best": round(100 * wins_best),
            "played": round(100 * wins_played),
        }
    if played < DRAW and best < DRAW and PIPS[best >> 2] > PIPS[played >> 2]:
        return {"kind": "sheds", "pips": PIPS[best >> 2] - PIPS[played >> 2]}
    means = found.means()
    return {"kind": "points", "best": round(means[best], 1), "played": round(means[played], 1)}


def _position_reason(knowledge: Knowledge, *, played: int, best: int) -> dict[str, Any] | None:
    """The readings of the position that tell two plays apart (see :func:`reason`)."""
    scored_best, scored_played = _scored(knowledge, best), _scored(knowledge, played)
    reply_best, reply_played = _reply_count(knowledge, best), _reply_count(knowledge, played)
    if scored_best > scored_played:
        scored = {"kind": "scored", "best": scored_best, "played": scored_played}
        if reply_played > reply_best:  # and the worse play offered the next rival a count
            scored["reply"] = reply_played
        return scored
    if scored_best == scored_played and reply_played > reply_best:
        return {"kind": "leaves_count", "best": reply_best, "played": reply_played}
    own_after_best = knowledge.own & ~BIT[best >> 2]
    own_after_played = knowledge.own & ~BIT[played >> 2]
    ends_best, ends_played = _ends_after(knowledge, best), _ends_after(knowledge, played)
    # A partner (four seats as teams) or the next rival known to lack what the move leaves.
    seats = knowledge.rules.seats
    nxt = (knowledge.seat + 1) % seats
    partner = (knowledge.seat + 2) % seats if knowledge.rules.teams else None
    if partner is not None and _blocks(knowledge, partner, ends_played, ends_best):
        lacks = list(_void_numbers(knowledge, partner))
        return {"kind": "partner_blocked", "lacks": lacks, "ends": list(ends_played)}
    if _blocks(knowledge, nxt, ends_best, ends_played):
        lacks = list(_void_numbers(knowledge, nxt))
        return {"kind": "next_blocked", "lacks": lacks, "ends": list(ends_best)}
    heavy = best >> 2
    if IS_DOUBLE[heavy] and not IS_DOUBLE[played >> 2] and knowledge.own & BIT[heavy]:
        return {"kind": "double", "number": ALL_TILES[heavy].high, "pips": PIPS[heavy]}
    mine_best = _fitting(own_after_best, ends_best)
    mine_played = _fitting(own_after_played, ends_played)
    if mine_best > mine_played:
        return {
            "kind": "own_fit",
            "ends": list(ends_played),
            "ends_best": list(ends_best),
            "played": mine_played,
            "best": mine_best,
        }
    out_best = _fitting(knowledge.unseen, ends_best)
    out_played = _fitting(knowledge.unseen, ends_played)
    if out_played > out_best:
        return {
            "kind": "out_fit",
            "ends": list(ends_played),
            "ends_best": list(ends_best),
            "played": out_played,
            "best": out_best,
        }
    return None


def _void_numbers(knowledge: Knowledge, seat: int) -> tuple[int, ...]:
    return tuple(n for n in range(7) if knowledge.lacks(seat, n))


def _blocks(knowledge: Knowledge, seat: int, ends: tuple[int, ...], other: tuple[int, ...]) -> bool:
    """Whether ``seat`` is known to lack every number of ``ends`` but not of ``other``."""
    lacked = bool(ends) and all(knowledge.lacks(seat, end) for end in ends)
    return lacked and not all(knowledge.lacks(seat, end) for end in other)
