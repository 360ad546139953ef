"""The table's WebSocket: parse, identify the player, rate limit, call a service, reply.

Every change is announced on the table's group as a version number only; each connection then
loads the table and sends its own seat's view (:func:`games.selectors.table_state`). Any error
gets a clear message and the current state, so the page is never left out of date.
"""

from __future__ import annotations

import json
import time
from typing import Any

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncWebsocketConsumer

from accounts.guests import player_for
from games import events, selectors, services
from games.engine import IllegalMove, InvalidTile, Move
from games.engine.moves import move_to_record
from games.engine.record import move_from_record
from games.models import Table
from games.services import Player, StaleVersion, TableError

#: Frames larger than this are refused unread: no legitimate message comes close.
MAX_FRAME = 2048
#: Messages a connection may send: a burst of ``RATE_BURST``, refilled at ``RATE_PER_SECOND``.
RATE_BURST = 20
RATE_PER_SECOND = 5.0

CLOSE_NOT_FOUND = 4404
CLOSE_FORBIDDEN = 4403


class TokenBucket:
    """A message budget that refills with time: enough for any person, not for a flood."""

    def __init__(self, burst: int, per_second: float) -> None:
        self.burst, self.per_second = burst, per_second
        self.tokens, self.stamp = float(burst), time.monotonic()

    def take(self) -> bool:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.per_second)
        self.stamp = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


def player_of(scope: dict[str, Any]) -> Player:
    """Who is connected (reads the session: call it off the event loop)."""
    return player_for(scope.get("user"), scope.get("session"))


class TableConsumer(AsyncWebsocketConsumer):
    async def connect(self) -> None:
        self.public_id: str = self.scope["url_route"]["kwargs"]["public_id"]
        self.player = await database_sync_to_async(player_of)(self.scope)
        self.bucket = TokenBucket(RATE_BURST, RATE_PER_SECOND)
        self.sent_version = -1
        try:
            self.seat = await self._seat()
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

    async def disconnect(self, code: int) -> None:
        if hasattr(self, "group"):
            await self.channel_layer.group_discard(self.group, self.channel_name)
        if getattr(self, "online", False) and self.seat is not None:
            await database_sync_to_async(services.seat_disconnected)(
                public_id=self.public_id, player=self.player
            )

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        if not self.bucket.take():
            await self._error("Too many messages: slow down.")
            return
        if text_data is None or len(text_data) > MAX_FRAME:
            await self._error("Messages are JSON text of at most 2 KB.")
            return
        try:
            message = json.loads(text_data)
        except ValueError:
            await self._error("That message is not JSON.")
            return
        if not isinstance(message, dict):
            await self._error("A message is a JSON object with a type.")
            return
        await self._handle(message)

    async def table_changed(self, event: dict[str, Any]) -> None:
        """A change was committed: send this seat's view if it is newer than the last sent."""
        if event["version"] > self.sent_version:
            await self._send_state()

    # --- messages ---------------------------------------------------------------------------
    async def _handle(self, message: dict[str, Any]) -> None:
        kind = message.get("type")
        try:
            match kind:
                case "sync":
                    await self._send_state()
                case "hint":
                    suggestion = await database_sync_to_async(services.hint_for)(
                        public_id=self.public_id, player=self.player
                    )
                    await self._send(
                        {
                            "type": "hint",
                            "move": _move_json(suggestion.move),
                            "reason": suggestion.reason,
                        }
                    )
                case "move" | "next_hand" | "undo":
                    await self._act(kind, message)
                case "join":
                    await self._join(message)
                case "rematch":
                    await database_sync_to_async(services.vote_rematch)(
                        public_id=self.public_id, player=self.player
                    )
                case "leave":
                    await database_sync_to_async(services.leave_table)(
                        public_id=self.public_id, player=self.player
                    )
                case "start":
                    await database_sync_to_async(services.start_table)(
                        public_id=self.public_id, player=self.player
                    )
                case _:
                    await self._error(f"Unknown message type {kind!r}.")
        except StaleVersion as error:
            await self._error(str(error))
        except (IllegalMove, TableError) as error:
            await self._error(_sentence(str(error)))

    async def _act(self, kind: str, message: dict[str, Any]) -> None:
        version = message.get("version")
        if not isinstance(version, int) or isinstance(version, bool):
            await self._error("Say which version of the table you acted on.")
            return
        common = {"public_id": self.public_id, "player": self.player, "seen_version": version}
        if kind == "move":
            data = message.get("move")
            if not isinstance(data, dict):
                await self._error("A move is an object: play and end, draw, or pass.")
                return
            try:
                _, move = move_from_record({**data, "seat": -1})
            except (IllegalMove, InvalidTile) as error:
                await self._error(_sentence(str(error)))
                return
            await database_sync_to_async(services.play)(move=move, **common)
        elif kind == "next_hand":
            await database_sync_to_async(services.next_hand)(**common)
        else:
            await database_sync_to_async(services.undo)(**common)

    async def _join(self, message: dict[str, Any]) -> None:
        name = message.get("name")
        if not isinstance(name, str) or not name.strip() or len(name) > 40:
            await self._error("Choose a display name of at most 40 characters.")
            return
        await database_sync_to_async(services.join_table)(
            public_id=self.public_id, player=self.player, name=name.strip()
        )
        self.seat = await self._seat()  # a spectator until now

    # --- replies ----------------------------------------------------------------------------
    @database_sync_to_async
    def _seat(self) -> int | None:
        services.enforce_deadline(public_id=self.public_id)
        table = selectors.table_for(self.public_id)
        seat = selectors.seat_index_of(table, self.player)
        if seat is None and table.kind == Table.Kind.COMPUTER:
            raise services.NotYourSeat
        self.online = table.kind == Table.Kind.ONLINE
        if seat is not None and self.online:
            # Opening the table again is coming back: the seat is the player's again.
            services.seat_connected(public_id=self.public_id, player=self.player)
        return seat

    @database_sync_to_async
    def _state(self) -> dict[str, Any]:
        return selectors.table_state(selectors.table_for(self.public_id), self.seat)

    async def _send_state(self) -> None:
        state = await self._state()
        self.sent_version = max(self.sent_version, state["version"])
        await self._send(state)

    async def _error(self, message: str) -> None:
        await self._send({"type": "error", "message": message, "version": self.sent_version})
        await self._send_state()

    async def _send(self, payload: dict[str, Any]) -> None:
        await self.send(text_data=json.dumps(payload))


def _move_json(move: Move) -> dict[str, Any]:
    """A move as the page sends it: a record's move without the seat."""
    record = move_to_record(0, move)
    del record["seat"]
    return record


def _sentence(text: str) -> str:
    return text[:1].upper() + text[1:] + ("" if text.endswith(".") else ".")
