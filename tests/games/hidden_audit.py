"""The hidden-information audit's yardstick: what a seat (or a spectator) may be shown of a match
at a given moment, and a check of a whole payload against it.

A payload is checked as text: every tile spelled anywhere in its JSON, in any key or value and
in either order ("5-2" or "2-5"), must be one the receiver may know. The allowed set is worked
out from the deal and the public history, not from the view under test: the tiles on the table,
the receiver's own hand and, once the hand is over, every hand (never the undrawn boneyard).
"""

from __future__ import annotations

import json
import re
from typing import Any

from games.engine import Match, history_to_record, reveal

TILE = re.compile(r"(?<![0-9])([0-6])-([0-6])(?![0-9])")
ENDS = ("left", "right", "up", "down")
RULE_OPTIONS = (
    "preset",
    "seats",
    "teams",
    "tiles_each",
    "stuck",
    "reserve",
    "score",
    "count_fives",
    "out_counts_partner",
    "tied_block",
    "first_opener",
    "next_opener",
    "block_winner",
    "hand_bonuses",
    "tranque_bonus",
    "bonus_size",
    "spanish_federation",
)
BONUS_AMOUNTS = ("capicu", "chuchazo", "pase_salida", "pase_salida_double", "pase_corrido")

#: Every field a table payload may have (lists as []). A new field is a new way to leak: it
#: must be added here, after checking what it can hold.
PAYLOAD_FIELDS = frozenset(
    {
        ".type",
        ".version",
        ".table.id",
        ".table.kind",
        ".table.started",
        ".table.seat_count",
        ".table.deadline",
        ".table.turn_seconds",
        ".table.grace_seconds",
        ".table.forfeited_by",
        ".table.forfeit_reason",
        ".table.rematch.votes[]",
        ".table.rematch.table",
        ".table.show_hints",
        ".table.auto_pass",
        ".table.table_talk",
        ".table.can_undo",
        ".table.undo_refused",
        ".table.take_backs",
        ".table.can_hint",
        # The fair deal: the seed deals every hand and the boneyard, so it is checked below.
        ".table.fair_deal",
        ".table.fair_deal.hand",
        ".table.fair_deal.commitment",
        ".table.fair_deal.seed",
        ".table.seats[].index",
        ".table.seats[].name",
        ".table.seats[].bot",
        ".table.seats[].away",
        ".table.seats[].left",
        # The seat's avatar (accounts.avatars): a computer's level, or a person's initials (of
        # the seat's name, already public), a colour from a fixed list, an emoji from another.
        *(f".table.seats[].avatar.{key}" for key in ("bot", "initials", "colour", "emoji")),
        # A friends table (someone hosted it) or one the site seated (games.models.Table).
        ".table.hosted",
        # Indices into the public history (moves the server played for a person out of time).
        ".table.played_for[]",
        ".table.leaving_forfeits_after",
        ".view.seat",
        ".view.hand_number",
        ".view.opener",
        ".view.turn",
        ".view.hand[]",
        ".view.counts[]",
        ".view.boneyard",
        ".view.scores[]",
        ".view.hand_points[]",
        # The hand's bonus events so far (games.engine.Bonus): public as they happen.
        *(f".view.bonuses[].{key}" for key in ("name", "side", "seat", "points", "move")),
        ".view.hand_wins[]",
        ".view.count",
        ".view.table.opening",
        *(f".view.table.{end}[].{key}" for end in ENDS for key in ("tile", "outer")),
        *(f".view.ends.{end}" for end in ENDS),
        ".view.spinner",
        ".view.spinner.tile",
        ".view.spinner.arm",
        ".view.spinner.index",
        *(f".view.history[].{key}" for key in ("seat", "play", "end", "draw", "pass")),
        *(f".view.legal[].{key}" for key in ("play", "end", "draw", "pass", "scores")),
        ".view.result",
        ".view.result.result",
        ".view.result.winners[]",
        ".view.result.points[]",
        ".view.result.hands[][]",
        ".view.match.finished",
        ".view.match.winners[]",
        # The rules as a record spells them: options only, never tiles.
        *(f".view.rules.{key}" for key in RULE_OPTIONS),
        *(f".view.rules.match.{key}" for key in ("target", "best_of", "single_round")),
        *(f".view.rules.bonuses.{name}" for name in BONUS_AMOUNTS),
    }
)


def spelled_tiles(payload: Any) -> set[str]:
    """Every tile written anywhere in the payload's JSON, in the engine's spelling, but in
    the tables' ids (:func:`without_ids`)."""
    text = json.dumps(without_ids(payload))
    return {f"{max(a, b)}-{min(a, b)}" for a, b in TILE.findall(text)}


def without_ids(payload: Any) -> Any:
    """The payload with its table's id and its rematch's left out: random tokens of letters,
    digits, ``-`` and ``_`` that spell a tile now and then ("kyq0-6pt4WIo"), by chance, not
    from any hand."""
    table = payload.get("table") if isinstance(payload, dict) else None
    if not isinstance(table, dict):
        return payload
    table = {**table, "id": None}
    if isinstance(table.get("rematch"), dict):
        table["rematch"] = {**table["rematch"], "table": None}
    return {**payload, "table": table}


def fields_of(value: Any, path: str = "") -> set[str]:
    """The payload's field paths, lists collapsed to ``[]`` (an empty list holds none)."""
    if isinstance(value, dict):
        return {p for key, item in value.items() for p in fields_of(item, f"{path}.{key}")}
    if isinstance(value, list):
        return {p for item in value for p in fields_of(item, f"{path}[]")}
    return {path}


def hands_of(match: Match) -> list[set[str]]:
    """Each seat's tiles now."""
    return [{str(tile) for tile in hand} for hand in reveal(match).hands]


class Moment:
    """A match at one moment: what each receiver may know of it, worked out once."""

    def __init__(self, match: Match) -> None:
        self.match = match
        self.hands = hands_of(match) if match.dealt else []
        self.public = (
            {move["play"] for move in history_to_record(match.histories[-1]) if "play" in move}
            if match.dealt
            else set()
        )
        # Once the hand is over every hand is shown; the undrawn boneyard never is.
        self.over = match.dealt and (match.needs_deal or match.finished)
        self.everything_shown = self.public.union(*self.hands)

    def may_know(self, seat: int | None) -> set[str]:
        """The tiles ``seat`` (None: a spectator) may see now."""
        if self.over:
            return self.everything_shown
        return self.public | (self.hands[seat] if seat is not None and self.hands else set())


def audit(
    payload: dict[str, Any], moment: Moment | Match, seat: int | None, *, fields: bool = True
) -> None:
    """Fail unless the payload shows ``seat`` nothing it may not know at ``moment``, and only
    counts of the others' hands and of the boneyard (``fields``: and no unaudited field)."""
    if isinstance(moment, Match):
        moment = Moment(moment)
    leaked = spelled_tiles(payload) - moment.may_know(seat)
    assert not leaked, f"seat {seat} was shown {sorted(leaked)}"
    if fields:
        unknown_fields = fields_of(payload) - PAYLOAD_FIELDS
        assert not unknown_fields, f"unaudited fields {sorted(unknown_fields)}"
    fair = payload["table"].get("fair_deal")
    if fair is not None and not moment.over and payload["table"]["forfeited_by"] is None:
        assert fair["seed"] is None, f"seat {seat} was shown the seed of a hand being played"
    view = payload["view"]
    everything = reveal(moment.match)
    if everything is None:
        assert view["hand"] == [] and view["boneyard"] == 0
        return
    own = moment.hands[seat] if seat is not None else set()
    assert len(view["hand"]) == len(own) and set(view["hand"]) == own
    assert view["counts"] == [len(tiles) for tiles in moment.hands]
    assert view["boneyard"] == len(everything.boneyard)


#: Every field of a remark message (games.services.remarks.payload_of): the same yardstick.
REMARK_FIELDS = frozenset(
    {".type", *(f".remark.{key}" for key in ("id", "seat", "name", "speaker", "phrase"))}
    | {*(f".remark.{key}" for key in ("kind", "text", "spoken", "spectator"))}
)


def audit_remark(message: dict[str, Any], seat: int | None) -> None:
    """Fail unless a remark shows ``seat`` (None: a spectator) only a phrase of the fixed list,
    in its own words, spelling no tile, and a spectator's only to a spectator."""
    from games import phrases

    remark = message["remark"]
    unknown_fields = fields_of(message) - REMARK_FIELDS
    assert not unknown_fields, f"unaudited fields {sorted(unknown_fields)}"
    phrase = phrases.BY_ID[remark["phrase"]]
    assert (remark["text"], remark["spoken"]) == (phrase.text, phrase.spoken)
    assert not spelled_tiles(message), f"a remark spelled {sorted(spelled_tiles(message))}"
    assert seat is None or not remark["spectator"], f"seat {seat} was sent a spectator's remark"


#: Every field of the coach's review message (games.live.consumers.table_review).
REVIEW_FIELDS = frozenset(
    {".type", ".version", ".review.critical[]"}
    | {f".review.{key}" for key in ("hand", "seat", "accuracy", "luck", "forced", "worth")}
    | {
        f".review.decisions[].{key}"
        for key in (
            "ply",
            "played",
            "best",
            "cost",
            "grade",
            "label",
            "expected",
            "reason",
            "worth",
        )
    }
)


def review_leaks(record: dict[str, Any], *, hand: int, seat: int, decisions: list) -> dict:
    """For each graded decision of ``seat`` in hand ``hand`` of ``record``, the tiles it spells
    that the seat could not see when it chose (its ply's moment): {} when none leaks."""
    from games.engine import Deal, Rules, move_from_record

    rules = Rules.from_record(record["rules"])
    by_ply = {decision["ply"]: decision for decision in decisions}
    replayed = Match(rules)
    leaks = {}
    for number, hand_record in enumerate(record["hands"][: hand + 1]):
        replayed.start_hand(Deal.from_record(rules, hand_record["deal"]))
        for ply, data in enumerate(hand_record["moves"]):
            if number == hand and ply in by_ply:
                leaked = spelled_tiles(by_ply[ply]) - Moment(replayed).may_know(seat)
                if leaked:
                    leaks[ply] = sorted(leaked)
            replayed.apply(*move_from_record(data))
    for ply in set(by_ply) - set(range(len(record["hands"][hand]["moves"]))):
        leaks[ply] = "not a move of the hand"  # a moment the audit cannot check
    return leaks


def audit_review(message: dict[str, Any], record: dict[str, Any], seat: int | None) -> None:
    """Fail unless a review reaches only the seat reviewed (never a spectator), with only its
    audited fields, each decision naming only tiles the seat could see when it chose."""
    review = message["review"]
    assert seat is not None and review["seat"] == seat, f"seat {seat} got {review['seat']}'s"
    unknown_fields = fields_of(message) - REVIEW_FIELDS
    assert not unknown_fields, f"unaudited fields {sorted(unknown_fields)}"
    leaks = review_leaks(record, hand=review["hand"], seat=seat, decisions=review["decisions"])
    assert not leaks, f"the review names {leaks}"
