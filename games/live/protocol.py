"""The table socket's wire protocol: every message in and out as one typed value.

As lila-ws reads a frame once into one case of ``ipc/ClientIn.scala``: a frame the page sends is
read here (:func:`parse`) into a frozen value of a class of :data:`INCOMING`, or refused with
:class:`Malformed` in the player's words; everything the socket sends is a value of a class of
:data:`OUTGOING`, written as its frame by its own ``to_json()``. The two registries are the one
list of the protocol: the consumer (games.live.consumers.TableConsumer) has one handler per
incoming class, tests/test_odd_values.py sends each incoming type odd values, and
tests/games/test_wire.py holds the table's JavaScript to both lists.

Frames are JSON text, an object whose ``type`` names the message:

>>> parse('{"type": "move", "version": 7, "move": {"draw": true}}')
PlayMove(version=7, move=Draw())
>>> Error(message="It is not your turn.", version=7).to_json()
'{"type": "error", "message": "It is not your turn.", "version": 7}'

No database work and nothing of Django but the words: the event loop parses and encodes.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, fields
from typing import Any, ClassVar, Self, TypeGuard

from django.utils.translation import gettext

from games.engine import InvalidMove, Move, move_from_json

#: Frames larger than this are refused unread: no legitimate message comes close.
MAX_FRAME = 2048


class Malformed(Exception):
    """A frame that is no message of :data:`INCOMING`; ``message`` says why in the words of the
    language active while parsing (the socket's)."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


def parse(text: str | None) -> Incoming:
    """The message a text frame holds (``None``: a binary frame), or :class:`Malformed`."""
    if text is None or len(text) > MAX_FRAME:
        raise Malformed(gettext("Messages are JSON text of at most 2 KB."))
    try:
        data = json.loads(text)
    except ValueError:
        raise Malformed(gettext("That message is not JSON.")) from None
    if not isinstance(data, dict):
        raise Malformed(gettext("A message is a JSON object with a type."))
    kind = data.get("type")
    message_class = INCOMING.get(kind) if isinstance(kind, str) else None
    if message_class is None:
        raise Malformed(gettext("Unknown message type %(type)s.") % {"type": repr(kind)})
    return message_class.parse(data)


# --- in: client -> server ----------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Incoming:
    """A message the page sends. Its fields are the keys it reads, named as on the wire."""

    type: ClassVar[str]

    @classmethod
    def parse(cls, data: Mapping[str, Any]) -> Self:
        """The message of ``data`` (a frame's object), or :class:`Malformed` saying why."""
        return cls()


@dataclass(frozen=True, slots=True)
class Sync(Incoming):
    """Send me the state (a reconnect, or a page that thinks it missed a change)."""

    type = "sync"


@dataclass(frozen=True, slots=True)
class AskHint(Incoming):
    """Suggest a move for my seat (a table against the computer)."""

    type = "hint"


@dataclass(frozen=True, slots=True)
class Acting(Incoming):
    """A change to the game, made on the version of the table the page showed (a page behind
    is refused: games.services.StaleVersion)."""

    version: int

    @classmethod
    def parse(cls, data: Mapping[str, Any]) -> Self:
        return cls(_version(data))


@dataclass(frozen=True, slots=True)
class PlayMove(Acting):
    """Play, draw or pass: the engine's move in its JSON form (``games.engine.move_from_json``);
    data that cannot be a move (:class:`games.engine.InvalidMove`) is malformed here, a move
    the rules refuse is the engine's to say (``IllegalMove``)."""

    type = "move"
    move: Move

    @classmethod
    def parse(cls, data: Mapping[str, Any]) -> Self:
        version = _version(data)
        try:
            return cls(version, move_from_json(data.get("move")))
        except InvalidMove:
            raise Malformed(gettext("A move is an object: play and end, draw, or pass.")) from None


@dataclass(frozen=True, slots=True)
class NextHand(Acting):
    """Deal the next hand (the hand over)."""

    type = "next_hand"


@dataclass(frozen=True, slots=True)
class Undo(Acting):
    """Take back my last play (a table against the computer)."""

    type = "undo"


@dataclass(frozen=True, slots=True)
class Join(Incoming):
    """A spectator takes a seat under ``name``: the first free one, or ``seat``."""

    type = "join"
    name: str
    seat: int | None

    @classmethod
    def parse(cls, data: Mapping[str, Any]) -> Self:
        name = data.get("name")
        seat = data.get("seat")
        # A name that is not text is refused by the service, in the words of any bad name.
        return cls(name if isinstance(name, str) else "", None if seat is None else _seat(seat))


@dataclass(frozen=True, slots=True)
class Rematch(Incoming):
    """My vote for a rematch (the match over); against the computer, Play again."""

    type = "rematch"


@dataclass(frozen=True, slots=True)
class Resign(Incoming):
    """I resign my match against the computer (games.services.resign_computer_game)."""

    type = "resign"


@dataclass(frozen=True, slots=True)
class Leave(Incoming):
    """The computer plays my seat; at a rated or tournament table the grace to come back
    starts instead (games.services.leave_table)."""

    type = "leave"


@dataclass(frozen=True, slots=True)
class Back(Incoming):
    """The "I'm back" button of a seat away."""

    type = "back"


@dataclass(frozen=True, slots=True)
class Start(Incoming):
    """The host starts a friends table."""

    type = "start"


@dataclass(frozen=True, slots=True)
class SayRemark(Incoming):
    """Say a phrase, by its id (games.phrases): never text. The service checks the id, in its
    own words, whatever JSON value it is."""

    type = "remark"
    phrase: object

    @classmethod
    def parse(cls, data: Mapping[str, Any]) -> Self:
        return cls(data.get("phrase"))


@dataclass(frozen=True, slots=True)
class AskRemarks(Incoming):
    """The page opened: what was said, and what it may say (answered with :class:`Remarks`)."""

    type = "remarks"


@dataclass(frozen=True, slots=True)
class SeatNamed(Incoming):
    """A friends table's lobby acting on one seat, by its number."""

    seat: int

    @classmethod
    def parse(cls, data: Mapping[str, Any]) -> Self:
        return cls(_seat(data.get("seat")))


@dataclass(frozen=True, slots=True)
class ChooseSeat(SeatNamed):
    """Move to another seat of the lobby."""

    type = "seat"


@dataclass(frozen=True, slots=True)
class Remove(SeatNamed):
    """The host removes the person at ``seat``."""

    type = "remove"


@dataclass(frozen=True, slots=True)
class Unjoin(Incoming):
    """Leave the lobby's seat (or the promise of a computer's seat) for the spectators."""

    type = "unjoin"


@dataclass(frozen=True, slots=True)
class TableTalk(Incoming):
    """The host allows partners to talk during the hands, or not."""

    type = "table_talk"
    allowed: bool

    @classmethod
    def parse(cls, data: Mapping[str, Any]) -> Self:
        allowed = data.get("allowed")
        if not isinstance(allowed, bool):
            raise Malformed(gettext("Say whether table talk is allowed: true or false."))
        return cls(allowed)


def _version(data: Mapping[str, Any]) -> int:
    version = data.get("version")
    if not _is_whole_number(version):
        raise Malformed(gettext("Say which version of the table you acted on."))
    return version


def _seat(value: object) -> int:
    if not _is_whole_number(value):
        raise Malformed(gettext("Choose a seat by its number."))
    return value


def _is_whole_number(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


# --- out: server -> client ---------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Outgoing:
    """A message the socket sends: ``{"type": ..., <each field, named as on the wire>}``."""

    type: ClassVar[str]

    def to_json(self) -> str:
        """The text frame."""
        return json.dumps(
            {"type": self.type, **{f.name: getattr(self, f.name) for f in fields(self)}}
        )


@dataclass(frozen=True, slots=True)
class State(Outgoing):
    """The table as this seat sees it: ``text`` is the frame itself, the payload of
    games.selectors.state_of encoded by games.selectors.state_text (the part every seat shares
    encoded once per version, which a typed copy here would undo)."""

    type = "state"
    text: str

    def to_json(self) -> str:
        return self.text


@dataclass(frozen=True, slots=True)
class Error(Outgoing):
    """Why the last message was refused, in the player's words; the version the page was last
    sent. The current state follows it, except after a refused flood (no database work)."""

    type = "error"
    message: str
    version: int


@dataclass(frozen=True, slots=True)
class Hint(Outgoing):
    """The move suggested for :class:`AskHint`, and why (games.coach.words)."""

    type = "hint"
    move: Move
    reason: str

    def to_json(self) -> str:
        return json.dumps({"type": self.type, "move": self.move.to_json(), "reason": self.reason})


@dataclass(frozen=True, slots=True)
class Remarks(Outgoing):
    """The answer to :class:`AskRemarks` (games.services.remarks_heard): the latest remarks
    this person may hear, the phrases they may say here, their own speaker token."""

    type = "remarks"
    remarks: list[dict[str, Any]]
    phrases: list[dict[str, Any]]
    speaker: str


@dataclass(frozen=True, slots=True)
class Remark(Outgoing):
    """A phrase just said at the table (games.services.remarks.payload_of)."""

    type = "remark"
    remark: dict[str, Any]


@dataclass(frozen=True, slots=True)
class Review(Outgoing):
    """The coach's review of this seat's hand (games.coach.selectors.own_review)."""

    type = "review"
    version: int
    review: dict[str, Any]


@dataclass(frozen=True, slots=True)
class Arrival(Outgoing):
    """The computer's seat this spectator takes at the next deal, or None any more."""

    type = "arrival"
    seat: int | None


@dataclass(frozen=True, slots=True)
class RematchDealt(Outgoing):
    """The rematch (or Play again) this seat asked for was just dealt at ``table`` (its public
    id): the page goes there by itself. Sent once, to the seats' sockets open when it happened
    (a page opened later shows the link instead)."""

    type = "rematch_dealt"
    table: str


#: The one list of the protocol, both ways: each message type and its class.
INCOMING: dict[str, type[Incoming]] = {
    kind.type: kind
    for kind in (
        Sync,
        AskHint,
        PlayMove,
        NextHand,
        Undo,
        Join,
        Rematch,
        Resign,
        Leave,
        Back,
        Start,
        SayRemark,
        AskRemarks,
        ChooseSeat,
        Remove,
        Unjoin,
        TableTalk,
    )
}
OUTGOING: dict[str, type[Outgoing]] = {
    kind.type: kind for kind in (State, Error, Hint, Remarks, Remark, Review, Arrival, RematchDealt)
}
