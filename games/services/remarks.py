"""A word at the table: a phrase or reaction of the fixed list (games.phrases), said by a
player or a spectator, stored as a :class:`~games.models.Remark` and announced to the table.

A remark is kept apart from the match: it never touches the table's row, version or log, so
it cannot change the game nor what anyone sees of the hands. The server, not the page, decides
what may be said: an id not allowed at that table (a forged one, a phrase about the game at a
partnership table, a spectator's phrase) is refused in words and stores nothing.

At a partnership table the players' phrases and reactions wait for the hand to be over: said
during a hand, one reaches one's partner at once, and twelve of them were a code for seven
suits. They are refused then, in words, rather than held and delivered at the hand's end: the
page shows the talk as closed until then (with the reason), so nothing sent is lost or arrives
late out of its moment, and the server refuses what a forged page sends all the same. Between
hands, and once the match is over, they flow. The host of a friends table may allow talk
during the hands before the start (:func:`games.services.allow_table_talk`); such a match is
never rated (games.services.rated), and a tournament's tables never allow it.

Spectators' reactions go to spectators only, never to the players, during a hand or after it:
the players' screen stays theirs (no stranger watching can fill it), and nothing said from
outside the table can reach the players at all.
"""

from __future__ import annotations

from functools import partial
from typing import Any

from django.db import transaction
from django.utils.crypto import salted_hmac
from django.utils.translation import gettext, gettext_noop

from accounts.players import Player
from dominoes import limits
from games import phrases
from games.engine import Rules, load
from games.errors import TableError
from games.live import events
from games.models import Remark, Table
from games.services._tables import locked_table, own_name, unlocked_table

#: How many of the latest remarks a page is sent when it opens the table.
HISTORY = 30

# Said in the player's language where they are raised (gettext there); marked here.
NOT_A_PHRASE = gettext_noop("Only the phrases and reactions offered at this table can be said.")
ABOUT_THE_GAME = gettext_noop("At a partnership table no phrase may say anything about the game.")
SPECTATORS_REACT = gettext_noop("Spectators can send reactions only.")
COMPUTER_TABLE = gettext_noop("Phrases are for tables of people.")
DURING_THE_HAND = gettext_noop(
    "No table talk between partners during a hand: phrases and reactions open again when "
    "the hand is over."
)


def say_remark(*, public_id: str, player: Player, phrase: object, address: str) -> dict[str, Any]:
    """``player`` says ``phrase`` (an id of games.phrases, as the page sent it) at the table:
    stored and announced once committed, and returned as the others receive it. TableError
    in the player's words when that cannot be said there; limits.Refused past
    :data:`limits.REMARKS`."""
    table = unlocked_table(public_id)
    if table.kind != Table.Kind.ONLINE:
        raise TableError(gettext(COMPUTER_TABLE))
    seat = player.seat_in(table.seats.all())
    chosen = phrases.BY_ID.get(phrase) if isinstance(phrase, str) else None
    if chosen is None:
        raise TableError(gettext(NOT_A_PHRASE))
    if chosen not in allowed_at(table, spectator=seat is None):
        if seat is None:
            raise TableError(gettext(SPECTATORS_REACT))
        raise TableError(gettext(ABOUT_THE_GAME if _partnership(table) else NOT_A_PHRASE))
    quiet = seat is not None and quiet_during_hands(table)
    if quiet and hand_in_play(table):  # the read without a lock: refused at once, no wait
        raise TableError(gettext(DURING_THE_HAND))
    limits.check(limits.REMARKS, person=limits.person_key(player), address=address)
    with transaction.atomic():
        if quiet and hand_in_play(locked_table(public_id)):
            # Read again under the row's lock: a deal committed since the read above is seen,
            # and none commits before this remark does (it then reaches nobody mid-hand).
            raise TableError(gettext(DURING_THE_HAND))
        remark = Remark.objects.create(
            table=table,
            seat=seat.index if seat else None,
            name=seat.name if seat else own_name(player),
            speaker=speaker_token(player),
            phrase=chosen.id,
        )
        said = payload_of(remark)
        transaction.on_commit(partial(events.publish_remark, public_id, said))
    return said


def allowed_at(table: Table, *, spectator: bool) -> tuple[phrases.Phrase, ...]:
    """What a player (or a spectator) may say at ``table``."""
    return phrases.allowed(partnership=_partnership(table), spectator=spectator)


def _partnership(table: Table) -> bool:
    return Rules.from_record(table.rules).teams


def quiet_during_hands(table: Table) -> bool:
    """The players of ``table`` may talk between hands only: partners sit at it (the rules'
    teams) and its host did not allow talk during the hands."""
    return _partnership(table) and not table.table_talk


def hand_in_play(table: Table) -> bool:
    """A hand of ``table`` is dealt and not over (nor the match, forfeits included)."""
    if table.started_at is None or table.finished:
        return False
    match = load(table.record)
    return match.dealt and not match.finished and not match.needs_deal


def speaker_token(player: Player) -> str:
    """Who speaks, the same at every table so that a mute holds, but neither the account's id
    nor the guest's session: a keyed digest of either, which names nobody outside the site."""
    who = f"user:{player.user_id}" if player.user_id is not None else f"guest:{player.session_key}"
    return salted_hmac("games.remarks.speaker", who, algorithm="sha256").hexdigest()[:16]


def payload_of(remark: Remark) -> dict[str, Any]:
    """A remark as pages receive it: the phrase's own words, never anything sent by a page."""
    phrase = phrases.BY_ID[remark.phrase]
    return {
        "id": remark.pk,
        "seat": remark.seat,
        "name": remark.name,
        "speaker": remark.speaker,
        "phrase": phrase.id,
        "kind": phrase.kind.value,
        "text": phrase.text,
        "spoken": phrase.spoken,
        "spectator": remark.seat is None,
    }


def remarks_heard(*, public_id: str, player: Player) -> dict[str, Any]:
    """What a page opening the table is sent of its talk (games.live.protocol.Remarks): the
    latest remarks its person may hear (a player: the players'; a spectator: everyone's), what
    they may say there, and their own token (no mute for oneself)."""
    table = unlocked_table(public_id)
    spectator = player.seat_in(table.seats.all()) is None
    sayable = allowed_at(table, spectator=spectator) if table.kind == Table.Kind.ONLINE else ()
    said = Remark.objects.filter(table=table).order_by("-id")
    if not spectator:
        said = said.filter(seat__isnull=False)
    return {
        "remarks": [payload_of(remark) for remark in reversed(said[:HISTORY])],
        "phrases": [
            {"id": p.id, "text": p.text, "kind": p.kind.value, "spoken": p.spoken} for p in sayable
        ],
        "speaker": speaker_token(player),
    }
