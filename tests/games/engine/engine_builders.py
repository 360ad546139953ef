"""Hand-built deals, moves and records for the rules tests (docs/rules.md).

Hands are written as strings of tiles, ``"6-6 5-0 4-0"``; a boneyard string gives the boneyard's
first tiles in order (``boneyard[0]`` is drawn first) and every tile not named anywhere follows in
the canonical order 0-0, 1-0, 1-1, 2-0, 2-1, 2-2, 3-0, ..., 6-6. Moves are written
``"0 6-6"`` (an opening play), ``"1 6-2 right"``, ``"1 draw"``, ``"0 pass"``, separated by
commas; ``"1 draw*12"`` stands for twelve draws in a row.

The named deals below are used by several test files; each comment gives the pip totals the
tests rely on, worked out by hand.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from games.engine import (
    ALL_TILES,
    FORMAT,
    Deal,
    Draw,
    End,
    Match,
    Move,
    Pass,
    Play,
    Rules,
    Tile,
    export,
    replay,
)

# --- building --------------------------------------------------------------------------------


def tiles(text: str) -> list[Tile]:
    return [Tile.parse(word) for word in text.split()]


def deal_record(hands: Sequence[str], boneyard: str = "") -> dict[str, Any]:
    """A record's deal: the hands as given, then the boneyard (given tiles first, then the rest)."""
    dealt = [[str(tile) for tile in tiles(hand)] for hand in hands]
    first = [str(tile) for tile in tiles(boneyard)]
    named = {word for hand in dealt for word in hand} | set(first)
    rest = [str(tile) for tile in ALL_TILES if str(tile) not in named]
    return {"hands": dealt, "boneyard": first + rest}


def move_records(text: str) -> list[dict[str, Any]]:
    """``"0 6-6, 1 6-2 right, 1 draw*2, 0 pass"`` as a record's moves."""
    out: list[dict[str, Any]] = []
    for item in text.split(","):
        words = item.split()
        if not words:
            continue
        repeat = 1
        if "*" in words[-1]:
            words[-1], times = words[-1].split("*")
            repeat = int(times)
        seat, what, *end = words
        if what in ("draw", "pass"):
            move: dict[str, Any] = {"seat": int(seat), what: True}
        else:
            move = {"seat": int(seat), "play": what}
            if end:
                move["end"] = end[0]
        out.extend(dict(move) for _ in range(repeat))
    return out


def hand(hands: Sequence[str], moves: str = "", boneyard: str = "") -> dict[str, Any]:
    """One hand of a record."""
    return {"deal": deal_record(hands, boneyard), "moves": move_records(moves)}


def record(rules: dict[str, Any], *hands: dict[str, Any]) -> dict[str, Any]:
    return {"format": FORMAT, "rules": rules, "hands": list(hands)}


def run(rules: dict[str, Any], *hands: dict[str, Any]) -> dict[str, Any]:
    """Replay a record and return its report line (docs/rules.md#replay-report, without "file")."""
    return replay(record(rules, *hands)).to_json()


def line(result: str | None, winners: list[int], points: list[int], scores: list[int]) -> dict:
    """One entry of a report's "hands"."""
    return {"result": result, "winners": winners, "points": points, "scores": scores}


def report(
    hands: list[dict[str, Any]],
    scores: list[int],
    *,
    finished: bool = False,
    winners: Sequence[int] = (),
) -> dict[str, Any]:
    """A report line without an error."""
    return {
        "ok": True,
        "hands": hands,
        "match": {"finished": finished, "winners": list(winners), "scores": scores},
    }


def split_error(result: dict[str, Any]) -> tuple[dict[str, Any], tuple[int | None, int | None]]:
    """A report line with an error: the line as :func:`report` would build it, and (hand, move).

    The reason's wording is the engine's own; tests that care check it separately.
    """
    result = dict(result)
    error = result.pop("error")
    assert result.pop("ok") is False
    result["ok"] = True
    return result, (error["hand"], error["move"])


# --- playing through Match ---------------------------------------------------------------------


def make_deal(rules: Rules, hands: Sequence[str], boneyard: str = "") -> Deal:
    return Deal.from_record(rules, deal_record(hands, boneyard))


def start(rules: Rules, hands: Sequence[str], boneyard: str = "") -> Match:
    match = Match(rules)
    match.start_hand(make_deal(rules, hands, boneyard))
    return match


def to_move(data: dict[str, Any]) -> tuple[int, Move]:
    if data.get("draw"):
        return data["seat"], Draw()
    if data.get("pass"):
        return data["seat"], Pass()
    end = data.get("end")
    return data["seat"], Play(Tile.parse(data["play"]), None if end is None else End(end))


def play(match: Match, moves: str) -> None:
    """Apply the moves (they must all be legal)."""
    for data in move_records(moves):
        match.apply(*to_move(data))


def snapshot(match: Match) -> tuple[Any, ...]:
    """Everything observable about a match: its record, every seat's view, scores, reports."""
    views = [match.view_for(seat).to_json() for seat in [None, *range(match.rules.seats)]]
    return (
        export(match),
        views,
        list(match.scores),
        list(match.reports),
        match.turn,
        match.legal_moves(),
    )


def openings(text: str) -> set[Play]:
    """The opening plays of a seat that leads with any tile."""
    return {Play(tile) for tile in tiles(text)}


# --- named deals -------------------------------------------------------------------------------

# Deal A (Classic, 2 seats, boneyard 6-3 first): seat 0 opens 5-5 (the highest double dealt;
# 6-6 is in the boneyard) and plays left, seat 1 plays right; seat 1 is stuck once (ends 5 and 3,
# holding 6-4 2-1), draws 6-3, plays it; seat 0 goes out with 6-5.
# Seat 1 is left with 6-4 + 2-1 = 13 (the example of seed 002).
A_HANDS = ["5-5 5-3 3-3 3-0 0-0 5-0 6-5", "5-4 4-4 4-1 1-1 3-1 6-4 2-1"]
A_BONEYARD = "6-3"
A_BEFORE_STUCK = (
    "0 5-5, 1 5-4 right, 0 5-3 left, 1 4-4 right, 0 3-3 left, 1 4-1 right,"
    " 0 3-0 left, 1 1-1 right, 0 0-0 left, 1 3-1 right, 0 5-0 left"
)  # ends now: left 5, right 3; seat 1 to move holding 6-4 2-1
A_MOVES = A_BEFORE_STUCK + ", 1 draw, 1 6-3 right, 0 6-5 left"
# Deal A2: the same hands, boneyard 2-0 then 6-3: seat 1 draws 2-0 (no fit), then 6-3.
A2_BONEYARD = "2-0 6-3"

# Deal B (2 seats, no draws possible): seat 0 opens 6-6; nobody holds another six, so both pass.
# Left after the opening: seat 0 5+4+3+2+1+0 = 15, seat 1 2+3+4+5+6+4+5 = 29.
B_HANDS = ["6-6 5-0 4-0 3-0 2-0 1-0 0-0", "1-1 2-1 3-1 4-1 5-1 2-2 3-2"]
B_MOVES = "0 6-6, 1 pass, 0 pass"
# Deal BS: B with the seats swapped: seat 1 opens 6-6 and keeps 15, seat 0 keeps 29.
BS_HANDS = [B_HANDS[1], B_HANDS[0]]
BS_MOVES = "1 6-6, 0 pass, 1 pass"

# Deal T (tie, blocker seat 0): seat 0 opens 6-6, both pass.
# Seat 0 0+1+5+5+5+6 = 22, seat 1 2+2+3+3+4+4+4 = 22.
T_HANDS = ["6-6 0-0 1-0 3-2 4-1 5-0 4-2", "1-1 2-0 2-1 3-0 2-2 3-1 4-0"]
T_MOVES = "0 6-6, 1 pass, 0 pass"
TS_HANDS = [T_HANDS[1], T_HANDS[0]]
TS_MOVES = "1 6-6, 0 pass, 1 pass"

# Deal T2 (tie, blocker seat 1): 6-6, then seat 1 plays 6-5 (ends 6 and 5); nobody holds a 6 or
# a 5, both pass. Seat 0 8+7+6+0+1+2 = 24, seat 1 2+3+4+5+4+6 = 24.
T2_HANDS = ["6-6 4-4 4-3 3-3 0-0 1-0 1-1", "6-5 2-0 2-1 2-2 3-2 3-1 4-2"]
T2_MOVES = "0 6-6, 1 6-5 right, 0 pass, 1 pass"

# Deal T40 (tie at 40): seat 0 10+9+8+8+0+5 = 40, seat 1 7+7+6+6+6+5+3 = 40.
T40_HANDS = ["6-6 5-5 5-4 5-3 4-4 0-0 3-2", "4-3 5-2 3-3 4-2 5-1 4-1 2-1"]
T40_MOVES = "0 6-6, 1 pass, 0 pass"

# Deal D24: seat 0 opens 6-6, both pass. Seat 0 0+1+2+2+3+4 = 12, seat 1 3+5+6+4+5+6+7 = 36:
# seat 0 wins by 24.
D24_HANDS = ["6-6 0-0 1-0 1-1 2-0 2-1 2-2", "3-0 3-2 3-3 4-0 4-1 4-2 4-3"]
D24_MOVES = "0 6-6, 1 pass, 0 pass"

# Deal E24: 6-6, 6-5 (blocker seat 1), both pass. Seat 0 8+7+6+6+5+4 = 36, seat 1
# 0+1+2+2+3+4 = 12: seat 1 wins by 24.
E24_HANDS = ["6-6 4-4 4-3 3-3 4-2 4-1 4-0", "6-5 0-0 1-0 1-1 2-0 2-1 2-2"]
E24_MOVES = "0 6-6, 1 6-5 right, 0 pass, 1 pass"

# Deal D3 (3 seats of 7; 5-5 and 6-0..6-5 set aside): seat 0 opens 6-6, all three pass.
# Seat 0 0+1+2+2+3+3 = 11, seat 1 4+4+6+4+5+6+5 = 34, seat 2 9+8+8+7+7+6+5 = 50.
D3_HANDS = [
    "6-6 0-0 1-0 1-1 2-0 2-1 3-0",
    "2-2 3-1 3-3 4-0 4-1 4-2 5-0",
    "5-4 4-4 5-3 4-3 5-2 5-1 3-2",
]
D3_MOVES = "0 6-6, 1 pass, 2 pass, 0 pass"

# Deal D3T (3 seats of 7; 3-0 and 6-0..6-5 set aside): seats 0 and 1 tie lowest.
# Seat 0 4+4+4+5+5+5 = 27, seat 1 0+1+2+2+3+10+9 = 27, seat 2 6+6+7+8+6+7+8 = 48.
D3T_HANDS = [
    "6-6 2-2 3-1 4-0 3-2 4-1 5-0",
    "0-0 1-0 1-1 2-0 2-1 5-5 5-4",
    "3-3 4-2 4-3 4-4 5-1 5-2 5-3",
]
D3T_MOVES = "0 6-6, 1 pass, 2 pass, 0 pass"

# Four seats of 7 (all 28 dealt): ten plays use up every six, the ends are 6 and 6, then the
# four pass; the blocker is seat 1 (the last play, 6-0).
FOUR_MOVES = (
    "0 6-6, 1 6-5 right, 2 5-4 right, 3 6-4 right, 0 6-3 left, 1 3-2 left, 2 6-2 left,"
    " 3 6-1 left, 0 1-0 left, 1 6-0 left, 2 pass, 3 pass, 0 pass, 1 pass"
)
# Deal BL4: left in hand seat 0 4+4+4+8 = 20, seat 2 0+2+2+3+3 = 10 (side 0: 30);
# seat 1 10+8+7+7 = 32, seat 3 6+5+6+5+6 = 28 (side 1: 60).
BL4_HANDS = [
    "6-6 6-3 1-0 2-2 3-1 4-0 5-3",
    "6-5 3-2 6-0 5-5 4-4 4-3 5-2",
    "5-4 6-2 0-0 1-1 2-0 2-1 3-0",
    "6-4 6-1 3-3 4-1 4-2 5-0 5-1",
]
# Deal T4: both seats of side 0 keep 22. Seat 0 4-3 5-2 4-0 2-2 = 7+7+4+4 = 22; seat 2 0-0 1-1
# 2-0 5-3 5-5 = 0+2+2+8+10 = 22 (side 0: 44); seat 1 4-4 3-3 4-2 5-1 = 8+6+6+6 = 26, seat 3
# 2-1 3-0 3-1 4-1 5-0 = 3+3+4+5+5 = 20 (side 1: 46).
T4_HANDS = [
    "6-6 6-3 1-0 4-3 5-2 4-0 2-2",
    "6-5 3-2 6-0 4-4 3-3 4-2 5-1",
    "5-4 6-2 0-0 1-1 2-0 5-3 5-5",
    "6-4 6-1 2-1 3-0 3-1 4-1 5-0",
]
# Deal BT4: the sides tie at 45. Seat 0 5-5 4-4 5-3 4-3 = 10+8+8+7 = 33, seat 2 0-0 1-1 2-2
# 2-1 3-0 = 0+2+4+3+3 = 12 (45); seat 1 3-3 4-2 5-1 5-2 = 6+6+6+7 = 25, seat 3 2-0 3-1 4-0
# 4-1 5-0 = 2+4+4+5+5 = 20 (45).
BT4_HANDS = [
    "6-6 6-3 1-0 5-5 4-4 5-3 4-3",
    "6-5 3-2 6-0 3-3 4-2 5-1 5-2",
    "5-4 6-2 0-0 1-1 2-2 2-1 3-0",
    "6-4 6-1 2-0 3-1 4-0 4-1 5-0",
]

# Deal OUT4 (4 seats of 5 tiles, 8 set aside): every play goes right; seat 0 goes out with its
# fifth tile. Left: seat 1 6-3 = 9, seat 2 5-3 = 8, seat 3 6-2 = 8.
OUT4_HANDS = [
    "6-6 4-4 2-2 0-0 2-0",
    "6-5 4-3 2-1 6-0 6-3",
    "5-5 3-3 1-1 6-4 5-3",
    "5-4 3-2 1-0 4-2 6-2",
]
OUT4_MOVES = (
    "0 6-6, 1 6-5 right, 2 5-5 right, 3 5-4 right, 0 4-4 right, 1 4-3 right, 2 3-3 right,"
    " 3 3-2 right, 0 2-2 right, 1 2-1 right, 2 1-1 right, 3 1-0 right, 0 0-0 right,"
    " 1 6-0 right, 2 6-4 right, 3 4-2 right, 0 2-0 right"
)

# Deal S: seat 0 holds 1-1 (and 0-0 3-3 2-2), seat 1 holds 6-6 5-5 4-4. From 1-1 seat 0 plays
# left and seat 1 right; seat 0 goes out, seat 1 keeps 6-4 = 10.
S_HANDS = ["1-1 1-0 0-0 3-0 3-3 3-2 2-2", "6-1 6-6 6-5 5-5 5-4 4-4 6-4"]
S_MOVES = (
    "0 1-1, 1 6-1 right, 0 1-0 left, 1 6-6 right, 0 0-0 left, 1 6-5 right, 0 3-0 left,"
    " 1 5-5 right, 0 3-3 left, 1 5-4 right, 0 3-2 left, 1 4-4 right, 0 2-2 left"
)

# Deal RES (boneyard in canonical order: 3-1 3-3 4-0 4-1 4-2 4-3 4-4 5-0 5-1 5-2 5-3 5-5, then
# 6-0 6-1). Seven plays leave the ends 6 and 6 with 6-0 and 6-1 the last two boneyard tiles.
RES_HANDS = ["6-6 3-2 6-5 6-4 0-0 1-0 1-1", "6-3 6-2 5-4 2-0 2-1 2-2 3-0"]
RES_PLAYS = "0 6-6, 1 6-3 right, 0 3-2 right, 1 6-2 right, 0 6-5 left, 1 5-4 left, 0 6-4 left"

# Deal ALL6: seat 0 holds all seven sixes, so after 6-6 seat 1 finds no six in 14 draws.
ALL6_HANDS = ["6-6 6-5 6-4 6-3 6-2 6-1 6-0", "0-0 1-0 1-1 2-0 2-1 2-2 3-0"]

# Deal D44: seat 0 opens 4-4 (its highest double; none in seat 1's hand); seat 1 holds 6-2 and
# 4-2, which fits.
D44_HANDS = ["4-4 4-1 3-0 2-0 1-0 0-0 3-1", "6-2 4-2 5-1 5-2 3-2 2-1 6-1"]


def decisive_block() -> Match:
    """Seat 0 has passed on 6, on 1 and on 3. Seat 1 holds 1-1 and 5-1 at ends 1 and 3: 1-1
    keeps seat 0 out and 5-1 then goes out; 5-1 first lets seat 0 play a 5. Whatever seat 0
    holds, 1-1 gains more (found by solving every deal its view allows)."""
    rules = Rules.for_preset("block", seats=2)
    match = start(rules, ["5-5 3-0 4-0 6-0 4-4 5-4 4-2", "3-1 1-1 6-3 6-6 4-1 5-1 1-0"])
    play(
        match,
        "1 6-6, 0 6-0 left, 1 1-0 left, 0 pass, 1 3-1 left, 0 3-0 left, 1 6-3 right,"
        " 0 4-0 left, 1 4-1 left, 0 pass",
    )
    return match


# --- the partnership variants (VARIANTS.md sections 2-4) -------------------------------------


def seats_moved(hands: Sequence[str], moves: str, by: int) -> tuple[list[str], str]:
    """The same hand with every seat moved ``by`` places on (seat s plays as seat s + by)."""
    count = len(hands)
    moved = [hands[(seat - by) % count] for seat in range(count)]
    items = []
    for item in moves.split(","):
        seat, *rest = item.split()
        items.append(" ".join([str((int(seat) + by) % count), *rest]))
    return moved, ", ".join(items)


# Deal VN4 (FOUR_MOVES, blocker seat 1, the seat after it seat 2): the blocker and the next seat
# tie at 17 while the teams do not. Left: seat 0 3-0 3-1 4-0 4-1 = 16, seat 2 5-1 0-0 1-1 2-2
# 5-0 = 17 (side 0: 33); seat 1 3-3 4-2 2-1 2-0 = 17, seat 3 5-5 4-4 5-3 4-3 5-2 = 40 (57).
VN4_HANDS = [
    "6-6 6-3 1-0 3-0 3-1 4-0 4-1",
    "6-5 3-2 6-0 3-3 4-2 2-1 2-0",
    "5-4 6-2 5-1 0-0 1-1 2-2 5-0",
    "6-4 6-1 5-5 4-4 5-3 4-3 5-2",
]

# Deal CAP (4 seats, all dealt): seat 1 opens 6-6 and goes out with 5-3 on ends 3 and 5: a capicú
# (PR-6's example). Left: seat 0 6-1 1-1 = 9, seat 2 6-4 = 10 (side 0: 19); seat 3 4-1 = 5.
CAP_HANDS = [
    "6-1 5-1 2-1 6-2 6-0 4-2 1-1",
    "5-3 6-6 6-5 5-2 5-4 4-4 2-0",
    "4-3 0-0 6-4 6-3 1-0 3-2 3-1",
    "5-5 5-0 3-3 4-1 2-2 4-0 3-0",
]
CAP_MOVES = (
    "1 6-6, 2 6-3 right, 3 3-3 right, 0 6-0 left, 1 2-0 left, 2 3-2 right, 3 2-2 right,"
    " 0 4-2 left, 1 4-4 left, 2 4-3 left, 3 3-0 left, 0 6-2 right, 1 6-5 right, 2 1-0 left,"
    " 3 5-0 right, 0 2-1 left, 1 5-2 left, 2 0-0 right, 3 4-0 right, 0 5-1 left, 1 5-4 right,"
    " 2 3-1 left, 3 5-5 right, 0 pass, 1 5-3 left"
)

# Deal NOCAP: seat 1 goes out with 4-2 on ends 4 and 4: it fits either end only because both
# show 4, so no capicú (PR-6's second example). Left: seat 0 4-4 2-0 = 10, seat 2 4-0 = 4
# (side 0: 14); seat 3 2-2 0-0 = 4.
NOCAP_HANDS = [
    "6-4 4-4 5-2 2-0 6-0 1-1 5-1",
    "6-2 5-4 5-5 4-2 3-3 6-6 5-0",
    "3-1 4-3 5-3 6-1 6-3 3-0 4-0",
    "1-0 2-2 3-2 2-1 4-1 6-5 0-0",
]
NOCAP_MOVES = (
    "1 6-6, 2 6-3 left, 3 3-2 left, 0 5-2 left, 1 6-2 right, 2 5-3 left, 3 2-1 right,"
    " 0 1-1 right, 1 3-3 left, 2 3-1 left, 3 1-0 right, 0 5-1 left, 1 5-5 left, 2 3-0 right,"
    " 3 6-5 left, 0 6-0 left, 1 5-0 left, 2 4-3 right, 3 4-1 right, 0 pass, 1 5-4 left,"
    " 2 6-1 right, 3 pass, 0 6-4 right, 1 4-2 left"
)

# Deal CHUCHA: seat 2 opens 6-6 and goes out with the 0-0 (a chuchazo). Left: seat 0 5-5 4-1 1-1
# = 17; seat 1 3-3 3-2 3-1 = 15, seat 3 4-2 2-2 = 10 (side 1: 25).
CHUCHA_HANDS = [
    "4-1 5-0 5-4 4-4 6-4 1-1 5-5",
    "6-5 3-2 4-3 5-1 3-1 3-3 6-2",
    "2-0 5-3 5-2 0-0 6-6 2-1 4-0",
    "1-0 6-3 3-0 6-0 4-2 6-1 2-2",
]
CHUCHA_MOVES = (
    "2 6-6, 3 6-0 left, 0 6-4 right, 1 4-3 right, 2 2-0 left, 3 6-3 right, 0 pass,"
    " 1 6-2 right, 2 2-1 right, 3 1-0 right, 0 5-0 right, 1 6-5 right, 2 5-2 left, 3 6-1 right,"
    " 0 5-4 left, 1 5-1 right, 2 5-3 right, 3 3-0 right, 0 4-4 left, 1 pass, 2 4-0 left,"
    " 3 pass, 0 pass, 1 pass, 2 0-0 right"
)

# Deal BLOCK00: seat 1's 0-0 is the last play and the four pass: blocking with the 0-0.
# Left: seat 0 6-2 6-1 4-3 3-1 2-1 = 29, seat 2 6-4 5-4 4-2 1-1 = 27 (side 0: 56);
# seat 1 5-2 5-1 4-4 2-2 = 25, seat 3 6-3 5-5 5-3 3-3 = 33 (side 1: 58).
BLOCK00_HANDS = [
    "6-2 3-1 6-1 4-3 5-0 4-1 2-1",
    "5-1 3-2 2-2 6-0 5-2 0-0 4-4",
    "6-4 2-0 6-6 3-0 5-4 4-2 1-1",
    "5-5 1-0 3-3 5-3 6-3 6-5 4-0",
]
BLOCK00_MOVES = (
    "2 6-6, 3 6-5 left, 0 5-0 left, 1 6-0 right, 2 2-0 right, 3 4-0 left, 0 4-1 left,"
    " 1 3-2 right, 2 3-0 right, 3 1-0 left, 0 pass, 1 0-0 left, 2 pass, 3 pass, 0 pass, 1 pass"
)

# Deal SALIDA: seat 1 opens 6-6 and seat 2 passes on it at once (a pase de salida on a double);
# blocked later. Left: seat 0 25, seat 2 27 (side 0: 52); seat 1 19, seat 3 19 (side 1: 38).
SALIDA_HANDS = [
    "0-0 6-5 3-2 5-2 4-3 5-3 2-1",
    "1-0 5-5 4-2 6-0 6-4 6-6 1-1",
    "5-1 3-3 3-0 4-0 5-4 5-0 3-1",
    "6-1 6-3 4-4 6-2 4-1 2-2 2-0",
]
SALIDA_MOVES = (
    "1 6-6, 2 pass, 3 6-2 right, 0 3-2 right, 1 6-0 left, 2 4-0 left, 3 6-3 right,"
    " 0 6-5 right, 1 6-4 left, 2 5-1 right, 3 6-1 right, 0 pass, 1 pass, 2 pass, 3 pass"
)

# Deal CORRIDO: seat 2 plays 4-2 (move 9), the three others pass, and seat 2 plays 2-2 (move 13):
# a pase corrido. Then the three pass again and seat 2 passes too: a block, no bonus. Left:
# seat 0 27, seat 2 25 (side 0: 52); seat 1 15, seat 3 35 (side 1: 50).
CORRIDO_HANDS = [
    "4-4 5-1 6-1 0-0 5-2 6-0 3-1",
    "1-1 4-0 6-6 3-3 5-0 2-1 3-0",
    "2-2 4-2 6-5 6-4 4-1 6-3 2-0",
    "5-5 4-3 1-0 3-2 5-4 6-2 5-3",
]
CORRIDO_MOVES = (
    "1 6-6, 2 6-4 left, 3 6-2 right, 0 5-2 right, 1 5-0 right, 2 2-0 right, 3 3-2 right,"
    " 0 3-1 right, 1 2-1 right, 2 4-2 left, 3 pass, 0 pass, 1 pass, 2 2-2 right, 3 pass,"
    " 0 pass, 1 pass, 2 pass"
)

# Deal CORRIDO_OUT: seat 0 plays 1-0, the three others pass, and seat 0 goes out with 1-1 (a
# double: no capicúa). Left: seat 1 4-4 2-2 = 12, seat 3 5-0 5-4 = 14 (side 1: 26).
CORRIDO_OUT_HANDS = [
    "6-6 5-3 2-1 6-5 1-0 4-1 1-1",
    "4-4 4-2 3-1 6-4 2-2 0-0 5-2",
    "6-1 6-3 5-1 6-2 4-0 5-5 3-3",
    "6-0 3-0 5-0 3-2 5-4 4-3 2-0",
]
CORRIDO_OUT_MOVES = (
    "0 6-6, 1 6-4 right, 2 6-3 left, 3 3-0 left, 0 4-1 right, 1 3-1 right, 2 3-3 right,"
    " 3 3-2 right, 0 2-1 right, 1 0-0 left, 2 6-1 right, 3 2-0 left, 0 6-5 right, 1 4-2 left,"
    " 2 5-1 right, 3 4-3 left, 0 5-3 left, 1 5-2 left, 2 6-2 left, 3 6-0 left, 0 1-0 left,"
    " 1 pass, 2 pass, 3 pass, 0 1-1 right"
)

# Deal TIE42 (a hand 0): the teams tie at 42 when seat 1 blocks. Left: seat 0 3-0 5-0 4-0 5-2
# = 19, seat 2 4-2 2-1 5-4 4-1 = 23; seat 1 4-4 5-5 5-1 3-3 = 30, seat 3 1-0 1-1 3-2 2-2 = 12.
TIE42_HANDS = [
    "3-0 4-3 5-0 4-0 5-2 2-0 6-1",
    "4-4 0-0 5-5 6-4 5-1 3-3 6-0",
    "4-2 6-3 2-1 6-6 5-4 6-5 4-1",
    "1-0 1-1 6-2 3-2 2-2 5-3 3-1",
]
TIE42_MOVES = (
    "2 6-6, 3 6-2 left, 0 2-0 left, 1 0-0 left, 2 6-3 right, 3 3-1 right, 0 6-1 right,"
    " 1 6-0 left, 2 6-5 left, 3 5-3 left, 0 4-3 left, 1 6-4 left, 2 pass, 3 pass, 0 pass, 1 pass"
)
# Deal SALIDA50 (a later hand, opened by seat 3 with any tile): seat 3 opens 4-0, not a double,
# and seat 0 passes on it (a pase de salida of 50). Left at the block: seat 0 6-6 6-5 6-3 2-2
# = 36, seat 2 6-4 6-1 5-4 4-2 3-1 = 36 (side 0: 72); seat 1 4-3 3-3 3-2 = 18, seat 3 5-5 4-4
# = 18 (side 1: 36).
SALIDA50_HANDS = [
    "6-6 2-1 6-3 5-2 6-5 6-2 2-2",
    "4-3 3-2 6-0 4-1 5-1 2-0 3-3",
    "3-1 5-3 5-0 5-4 6-4 6-1 4-2",
    "0-0 4-4 3-0 4-0 1-0 1-1 5-5",
]
SALIDA50_MOVES = (
    "3 4-0, 0 pass, 1 4-1 left, 2 5-0 right, 3 1-1 left, 0 5-2 right, 1 5-1 left, 2 5-3 left,"
    " 3 3-0 left, 0 6-2 right, 1 6-0 right, 2 pass, 3 1-0 right, 0 2-1 right, 1 2-0 right,"
    " 2 pass, 3 0-0 left, 0 pass, 1 pass, 2 pass, 3 pass"
)

# Puerto Rican draw game, two seats (7 each, 14 in the boneyard, the last two never drawn).
# Hand 0: the highest double dealt is 3-3 (seat 0); seat 0 goes out, seat 1 keeps 6-4 = 10.
PR2_HANDS = ["5-1 3-2 1-0 2-1 6-2 4-3 3-3", "4-1 3-1 3-0 4-2 5-4 6-4 1-1"]
PR2_MOVES = (
    "0 3-3, 1 3-0 right, 0 3-2 left, 1 4-2 left, 0 1-0 right, 1 5-4 left, 0 5-1 left,"
    " 1 4-1 left, 0 4-3 left, 1 3-1 left, 0 2-1 right, 1 1-1 left, 0 6-2 right"
)
# Hand 1: the only double dealt is 0-0 (seat 1), so seat 1 opens with it although seat 0 won
# hand 0 (PR-13); seat 1 goes out, seat 0 keeps 4-3 = 7.
PR2_NEXT_HANDS = ["4-2 5-3 5-4 3-0 2-1 4-3 4-1", "2-0 5-1 0-0 6-4 6-2 5-2 6-1"]
PR2_NEXT_MOVES = (
    "1 0-0, 0 3-0 right, 1 2-0 left, 0 5-3 right, 1 6-2 left, 0 5-4 right, 1 6-1 left,"
    " 0 4-2 right, 1 5-2 right, 0 2-1 left, 1 5-1 right, 0 4-1 right, 1 6-4 right"
)

# Puerto Rican draw game, three seats (7 each, 7 in the boneyard): seat 2 draws five, down to
# the two never drawn, and the hand blocks. Left: seat 0 3-3 6-2 6-5 5-3 = 33, seat 1 4-3 5-2
# 2-2 4-2 = 24, seat 2 5-5 6-1 4-4 4-1 5-1 and the drawn 5-4 3-2 6-4 3-1 1-1 = 66.
PR3_HANDS = [
    "3-3 6-2 2-0 6-6 6-5 1-0 5-3",
    "0-0 3-0 4-3 5-2 2-2 6-0 4-2",
    "5-5 6-3 6-1 2-1 4-4 4-1 5-1",
]
PR3_BONEYARD = "5-4 3-2 6-4 3-1 1-1 4-0 5-0"
PR3_MOVES = (
    "0 6-6, 1 6-0 right, 2 6-3 left, 0 2-0 right, 1 3-0 left, 2 2-1 right, 0 1-0 right,"
    " 1 0-0 left, 2 draw*5, 2 pass, 0 pass, 1 pass"
)
