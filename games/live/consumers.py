"""The table's WebSocket: rate limit, read the message (games.live.protocol), call a service,
reply.

Every change is announced on the table's group as a version number only; each connection then
loads the table and sends its own seat's view (:func:`games.selectors.state_text`). Any error
gets a clear message and the current state, so the page is never left out of date. Each
message of the protocol's :data:`~games.live.protocol.INCOMING` has one handler
(:meth:`TableConsumer._handle`), and everything sent is a value of its
:data:`~games.live.protocol.OUTGOING`.

Words go out in the person's language, chosen at the handshake as a page chooses it
(:func:`dominoes.language.language_of_scope`) and set only around the work of each message
(``translation.override``): sockets share the server's threads and event loop.
"""

from __future__ import annotations

import contextlib
import functools
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from channels.consumer import get_handler_name
from channels.generic.websocket import AsyncWebsocketConsumer
from django.utils import translation
from django.utils.translation import gettext

from accounts.guests import player_for
from dominoes import client_address, limits, socket_limits
from dominoes.language import language_of_scope
from games import selectors, services
from games.coach import selectors as coach_selectors
from games.coach.words import hint_reason_words
from games.engine import IllegalMove, NotYourTurn
from games.live import catch_up, events, presence, protocol, snapshots
from games.live.async_db import in_database
from games.services import Player, StaleVersion, TableError
from games.words import illegal_move_words

if TYPE_CHECKING:
    from asgiref.typing import ASGIReceiveCallable as Receive
    from asgiref.typing import ASGISendCallable as Send
    from channels.consumer import _ChannelScope

#: Messages a connection may send: a burst of ``RATE_BURST``, refilled at ``RATE_PER_SECOND``.
RATE_BURST = 20
RATE_PER_SECOND = 5.0

CLOSE_NOT_FOUND = 4404
CLOSE_FORBIDDEN = 4403
#: Too many sockets open for this person or address (dominoes.socket_limits.OPEN_SOCKETS): the page
#: says so and tries again later.
CLOSE_TOO_MANY = socket_limits.CLOSE_TOO_MANY


def player_of(scope: Mapping[str, Any]) -> Player:
    """Who is connected (reads the session: call it off the event loop)."""
    return player_for(scope.get("user"), scope.get("session"))


def _who(scope: Mapping[str, Any]) -> tuple[Player, str]:
    """Who is connected and the language they read (one trip off the event loop)."""
    return player_of(scope), language_of_scope(scope)


class TableConsumer(AsyncWebsocketConsumer):
    seat: int | None  # None: a spectator
    seat_id: int | None  # the seat row whose presence this socket counts for, once it has one
    rematch_seen: str | None  # the rematch's table when last sent a state (_follow_rematch)

    async def dispatch(self, message: dict[str, Any]) -> None:
        """Each message to its handler, without channels' ``aclose_old_connections`` first: that
        is a trip through the server's one thread-sensitive executor for every message, each
        announcement included, although this consumer touches the database only through
        :func:`in_database`, whose thread closes stale connections itself (before and after)."""
        handler = getattr(self, get_handler_name(message), None)
        if handler is None:
            raise ValueError(f"No handler for message type {message['type']}")
        await handler(message)

    async def connect(self) -> None:
        self.public_id: str = self.scope["url_route"]["kwargs"]["public_id"]
        self.address = client_address.of_scope(self.scope)
        # The handshake's language until the account's is read (no database work yet).
        self.language = language_of_scope(self.scope, account=False)
        if not await socket_limits.admit_or_close(
            self, socket_limits.OPEN_SOCKETS, language=self.language, identify=self._identify
        ):
            return
        self.bucket = socket_limits.TokenBucket(RATE_BURST, RATE_PER_SECOND)
        self.slowed_down = False  # told "slow down" since the budget last had room
        self.sent_version = -1
        try:
            await self._take_seat()
        except services.TableNotFound:
            await self.close(code=CLOSE_NOT_FOUND)
            return
        except services.NotYourSeat:
            await self.close(code=CLOSE_FORBIDDEN)
            return
        self.group = events.group_name(self.public_id)
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.accept()
        await self._send_state()
        catch_up.watch(self)

    async def _identify(self) -> tuple[str | None, str]:
        """Who is connected, for the socket limits (dominoes.socket_limits.admit_or_close)."""
        self.player, self.language = await in_database(_who)(self.scope)
        self.person = limits.person_key(self.player)
        return self.person, self.language

    async def __call__(self, scope: _ChannelScope, receive: Receive, send: Send) -> None:
        try:
            await super().__call__(scope, receive, send)
        except Exception:
            # The socket dies of an error (the channel layer's Redis went away, say): channels
            # then never calls disconnect, and the seat would count as open in this process
            # for ever (games.live.presence). The page reconnects by itself.
            with contextlib.suppress(Exception):
                await self._leave()
            raise

    async def disconnect(self, code: int) -> None:
        await self._leave()

    async def _leave(self) -> None:
        """Once: this socket no longer counts for its seat's presence, nor is in its group."""
        if getattr(self, "has_left", False):
            return
        self.has_left = True
        catch_up.unwatch(self)
        await socket_limits.release_socket(self.channel_name)
        if (seat_id := getattr(self, "seat_id", None)) is not None and presence.closed(seat_id):
            await in_database(services.seat_disconnected)(
                public_id=self.public_id, player=self.player
            )
        if hasattr(self, "group"):
            await self.channel_layer.group_discard(self.group, self.channel_name)

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        with translation.override(self.language):
            await self._receive(text_data)

    async def _receive(self, text_data: str | None) -> None:
        if not self.bucket.take():
            # Refused unread, without the state (a flood must cost no database work), and said
            # once until the budget refills: a flood gets one answer, not one per message, and
            # a page that asks for the state after an error does not ping-pong with us.
            if not self.slowed_down:
                self.slowed_down = True
                await self._send(
                    protocol.Error(gettext("Too many messages: slow down."), self.sent_version)
                )
            return
        self.slowed_down = False
        try:
            await self._handle(protocol.parse(text_data))
        except protocol.Malformed as error:
            await self._error(error.message)
        except limits.Refused as refused:
            # Without the state, as a flood's answer must be: it costs no database work.
            await self._send(protocol.Error(str(refused.message), self.sent_version))
        except StaleVersion as error:
            await self._error(str(error))
        except NotYourTurn:
            await self._error(gettext("It is not your turn."))
        except IllegalMove as error:
            await self._error(illegal_move_words(error))
        except TableError as error:
            await self._error(_sentence(str(error)))

    async def table_changed(self, event: dict[str, Any]) -> None:
        """A change was committed: send this seat's view if it is newer than the last sent,
        from this process's snapshot when it has that version (no database trip), else from
        the snapshot caught up from the log (another process's moves: one query)."""
        version = event["version"]
        if version <= self.sent_version:
            return
        snapshot = snapshots.recall(self.public_id, at_least=version)
        if snapshot is None:
            snapshot = await selectors.asnapshot_at(self.public_id, version)
        await self._send_snapshot(snapshot)

    async def table_remark(self, event: dict[str, Any]) -> None:
        """A phrase was said: sent on, but a spectator's never to a player (games.services.
        remarks)."""
        remark = event["remark"]
        if remark["spectator"] and self.seat is not None:
            return
        await self._send(protocol.Remark(remark))

    async def table_review(self, event: dict[str, Any]) -> None:
        """The coach stored a seat's review of a hand: sent to that seat's own connections
        only, and only if its player may see it now (never while the hand can be played, nor
        at a rated or tournament table before the match ends: games.coach.selectors)."""
        if self.seat is None or event["seat"] != self.seat:
            return
        with translation.override(self.language):  # the review's words
            review = await in_database(coach_selectors.own_review)(
                public_id=self.public_id, player=self.player, hand=event["hand"]
            )
        if review is not None:
            await self._send(protocol.Review(self.sent_version, review))

    # --- messages: one handler per class of protocol.INCOMING -------------------------------
    @functools.singledispatchmethod
    async def _handle(self, message: protocol.Incoming) -> None:
        raise NotImplementedError(f"no handler for {message!r}")  # tests/games/test_wire.py

    @_handle.register
    async def _on_sync(self, message: protocol.Sync) -> None:
        await self._send_state()

    @_handle.register
    async def _on_hint(self, message: protocol.AskHint) -> None:
        await limits.acheck(limits.HINTS, person=self.person, address=self.address)
        suggestion = await in_database(services.hint_for)(
            public_id=self.public_id, player=self.player
        )
        await self._send(protocol.Hint(suggestion.move, hint_reason_words(suggestion.reason)))

    @_handle.register
    async def _on_play(self, message: protocol.PlayMove) -> None:
        await services.aplay(move=message.move, **self._acting(message))

    @_handle.register
    async def _on_next_hand(self, message: protocol.NextHand) -> None:
        await services.anext_hand(**self._acting(message))

    @_handle.register
    async def _on_undo(self, message: protocol.Undo) -> None:
        await in_database(services.undo)(**self._acting(message))

    def _acting(self, message: protocol.Acting) -> dict[str, Any]:
        return {"public_id": self.public_id, "player": self.player, "seen_version": message.version}

    @_handle.register
    async def _on_join(self, message: protocol.Join) -> None:
        await limits.acheck(limits.JOINS, person=self.person, address=self.address)
        await in_database(services.join_table)(
            public_id=self.public_id, player=self.player, name=message.name, seat=message.seat
        )
        await self._take_seat()  # a spectator until now

    @_handle.register
    async def _on_rematch(self, message: protocol.Rematch) -> None:
        await in_database(services.vote_rematch)(public_id=self.public_id, player=self.player)

    @_handle.register
    async def _on_resign(self, message: protocol.Resign) -> None:
        await in_database(services.resign_computer_game)(
            public_id=self.public_id, player=self.player
        )

    @_handle.register
    async def _on_leave(self, message: protocol.Leave) -> None:
        await in_database(services.leave_table)(public_id=self.public_id, player=self.player)

    @_handle.register
    async def _on_back(self, message: protocol.Back) -> None:
        await in_database(services.come_back)(public_id=self.public_id, player=self.player)

    @_handle.register
    async def _on_start(self, message: protocol.Start) -> None:
        await in_database(services.start_table)(public_id=self.public_id, player=self.player)

    @_handle.register
    async def _on_say_remark(self, message: protocol.SayRemark) -> None:
        await in_database(services.say_remark)(
            public_id=self.public_id,
            player=self.player,
            phrase=message.phrase,
            address=self.address,
        )

    @_handle.register
    async def _on_remarks(self, message: protocol.AskRemarks) -> None:
        heard = await in_database(services.remarks_heard)(
            public_id=self.public_id, player=self.player
        )
        await self._send(protocol.Remarks(**heard))

    # A friends table's lobby: the seat this socket sends follows from the state (_follow_seat).
    @_handle.register
    async def _on_choose_seat(self, message: protocol.ChooseSeat) -> None:
        await in_database(services.choose_seat)(
            public_id=self.public_id, player=self.player, seat=message.seat
        )

    @_handle.register
    async def _on_remove(self, message: protocol.Remove) -> None:
        await in_database(services.remove_from_table)(
            public_id=self.public_id, player=self.player, seat=message.seat
        )

    @_handle.register
    async def _on_unjoin(self, message: protocol.Unjoin) -> None:
        await in_database(services.unjoin_table)(public_id=self.public_id, player=self.player)

    @_handle.register
    async def _on_table_talk(self, message: protocol.TableTalk) -> None:
        await in_database(services.allow_table_talk)(
            public_id=self.public_id, player=self.player, allowed=message.allowed
        )

    async def _follow_seat(self, snapshot: snapshots.TableSnapshot) -> None:
        """The lobby moves people: a seat chosen, someone removed or un-joined, a friend who
        came late seated by a deal. This socket then serves the person's seat as it is now,
        and tells them which computer's seat they are promised ("arrival")."""
        seat = self.player.seat_in(snapshot.seats)
        index = None if seat is None else seat.index
        if index != self.seat:
            if index is not None:
                await self._take_seat()
            else:
                self.seat = None
                if (seat_id := getattr(self, "seat_id", None)) is not None:
                    presence.closed(seat_id)
                    self.seat_id = None
        arrival = self.player.seat_in(snapshot.arrivals)
        arriving = None if arrival is None else arrival.index
        if arriving != getattr(self, "arriving", None):
            self.arriving = arriving
            await self._send(protocol.Arrival(arriving))

    async def _follow_rematch(self, snapshot: snapshots.TableSnapshot, *, first: bool) -> None:
        """The rematch dealt while this socket was open (not before: a finished table opened
        later stays where it is) sends its seat there ("rematch_dealt"), once."""
        dealt = snapshot.rematch_public_id
        if first:
            self.rematch_seen = dealt
        elif dealt is not None and dealt != self.rematch_seen:
            self.rematch_seen = dealt
            if self.seat is not None:  # the seats play it; a spectator stays
                await self._send(protocol.RematchDealt(dealt))

    # --- replies ---------------------------------------------------------------------------
    async def _take_seat(self) -> None:
        """Open the table for the player (:func:`services.open_table`); at an online table a
        person's open socket counts for their presence (games.live.presence)."""
        opened = await in_database(services.open_table)(
            public_id=self.public_id, player=self.player
        )
        self.seat = opened.seat
        if opened.presence_seat_id is not None and getattr(self, "seat_id", None) is None:
            self.seat_id = opened.presence_seat_id
            presence.opened(self.seat_id)

    @in_database
    def _snapshot(self) -> snapshots.TableSnapshot:
        return selectors.snapshot_of(selectors.table_for(self.public_id))

    async def _send_state(self) -> None:
        await self._send_snapshot(await self._snapshot())

    async def _send_snapshot(self, snapshot: snapshots.TableSnapshot) -> None:
        """This seat's view of ``snapshot`` (the payload of :func:`selectors.state_of`)."""
        await self._follow_seat(snapshot)
        first = self.sent_version < 0
        self.sent_version = max(self.sent_version, snapshot.version)
        await self._send(protocol.State(selectors.state_text(snapshot, self.seat)))
        await self._follow_rematch(snapshot, first=first)

    async def _error(self, message: str) -> None:
        await self._send(protocol.Error(message, self.sent_version))
        await self._send_state()

    async def _send(self, message: protocol.Outgoing) -> None:
        await self.send(text_data=message.to_json())


def _sentence(text: str) -> str:
    return text[:1].upper() + text[1:] + ("" if text.endswith(".") else ".")
