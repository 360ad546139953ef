"""How a table's match is stored in its row: the one owner of that format, for the model's
Python (``Table.record``, ``Table.store``: the locked path's save) and the one statement's SQL
(games.live.writes: a move or a deal written from the event loop).

The log (``LogEntry``) is the truth; the row keeps a cache of the same match, a
``dominoes-record/1`` document, in two columns: the record as last written whole
(:data:`RECORD_COLUMN`, the field ``Table.settled_record``: big, compressed, TOASTed) and the
moves of its last hand played since (:data:`MOVES`, small). Rewriting the big one at every move
made PostgreSQL decompress, rebuild, recompress and write it whole (bench/RESULTS.md, "Measured
by hand"). So:

- the match is the settled record with the moves apart appended to its last hand's moves
  (:func:`whole_record`);
- moves of the last hand are appended to the moves apart, the big column untouched
  (:func:`stored` in Python, :func:`moves_added` in SQL);
- a new hand, which rewrites the record anyway, folds the moves apart into its last hand,
  appends the new hand and starts the moves apart again with the moves dealt with it
  (:func:`hand_added`, the one statement's deal; the locked path writes the whole record);
- anything else (a move taken back) rewrites the record whole, no moves apart (:func:`stored`).

Every JSON value the SQL sends is encoded by :func:`encode`.
"""

from __future__ import annotations

import json
from typing import Any

type Record = dict[str, Any]

#: The field of the record as last written whole, and its column (it kept its first name).
RECORD_FIELD = "settled_record"
RECORD_COLUMN = "record"
#: The field and column of the moves of the record's last hand played since.
MOVES = "hand_moves"
#: The field and column of the current hand's seed (a cache of its deal in the log).
SEED = "hand_seed"


def encode(value: object) -> str:
    """A JSON value as the SQL sends it (cast to ``jsonb`` there)."""
    return json.dumps(value)


def whole_record(settled: Record, moves: list[dict[str, Any]]) -> Record:
    """The match: ``settled`` with ``moves`` appended to its last hand's moves. To read, not to
    change in place: it is ``settled`` itself when no moves are apart, else shares its earlier
    hands."""
    if not moves:
        return settled
    *hands, last = settled["hands"]
    last = {**last, "moves": [*last["moves"], *moves]}
    return {**settled, "hands": [*hands, last]}


def stored(settled: Record, record: Record) -> dict[str, Any]:
    """The fields to save to keep ``record``, the whole match, over ``settled``, with their
    values: only :data:`MOVES` when ``record`` is ``settled`` with moves added to its last hand
    (a move, the computer's included), so that the big column is not written again; else (a
    new hand, a move taken back) the whole record, with no moves apart."""
    hands, settled_hands = record.get("hands", []), settled.get("hands", [])
    if hands and len(hands) == len(settled_hands):
        last, settled_last = hands[-1], settled_hands[-1]
        kept = len(settled_last["moves"])
        if (
            last["moves"][:kept] == settled_last["moves"]
            and _but(last, "moves") == _but(settled_last, "moves")
            and hands[:-1] == settled_hands[:-1]
            and _but(record, "hands") == _but(settled, "hands")
        ):
            return {MOVES: last["moves"][kept:]}
    return {RECORD_FIELD: record, MOVES: []}


def _but(document: Record, key: str) -> Record:
    return {name: value for name, value in document.items() if name != key}


def moves_added(moves: list[dict[str, Any]]) -> tuple[str, list[Any]]:
    """The SQL assignments (and parameters) that append ``moves`` to the last hand's."""
    return f"{MOVES} = {MOVES} || %s::jsonb", [encode(moves)]


def hand_added(deal: Any, seed: str, moves: list[dict[str, Any]]) -> tuple[str, list[Any]]:
    """The SQL assignments (and parameters) of a new hand dealt ``deal`` from ``seed``, with
    ``moves`` played after it in the same change (automatic draws and passes; usually none):
    every right-hand side of an ``UPDATE`` reads the row as it was, so the moves apart are
    folded into the last hand as the new one is appended."""
    record = RECORD_COLUMN
    sql = f"""
        {record} = jsonb_set(
            {record},
            '{{hands}}',
            jsonb_set(
                {record} -> 'hands', '{{-1,moves}}', ({record} #> '{{hands,-1,moves}}') || {MOVES}
            ) || %s::jsonb
        ),
        {MOVES} = %s::jsonb,
        {SEED} = %s"""
    return sql, [encode([{"deal": deal, "moves": []}]), encode(moves), seed]
