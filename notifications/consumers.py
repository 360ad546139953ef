"""The bell's socket: one group per person; every message is the bell's whole state.

Its sockets are limited as the table's are, by the same handshake
(:func:`dominoes.socket_limits.admit_or_close`: per account and per address, past a limit an
error in the person's words and close code 4429), under their own count (``BELL_SOCKETS``).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncWebsocketConsumer
from django.utils import translation
from django.utils.translation import gettext

from accounts.players import Player
from dominoes import limits, socket_limits
from dominoes.language import language_of_scope
from notifications import selectors
from notifications.services import group_name

CLOSE_SIGNED_OUT = 4401
#: The page sends nothing; a frame that is not JSON comes from something else, which is told
#: and let go (not a server error).
CLOSE_NOT_JSON = 4400


class NotificationConsumer(AsyncWebsocketConsumer):
    async def connect(self) -> None:
        user = self.scope.get("user")
        if user is None or not user.is_authenticated:
            await self.close(code=CLOSE_SIGNED_OUT)
            return
        # The handshake's language until the account's is read (no database work yet).
        self.language = language_of_scope(self.scope, account=False)
        if not await socket_limits.admit_or_close(
            self, socket_limits.BELL_SOCKETS, language=self.language, identify=self._identify
        ):
            return
        self.group = group_name(user.pk)
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.accept()
        # The state now, after joining the group: nothing told in between is missed.
        state = await database_sync_to_async(selectors.bell_state)(user=user)
        await self._send({"type": "state", **state})

    async def _identify(self) -> tuple[str | None, str]:
        """Whose socket it is, for the socket limits: the account (no session read)."""
        person = limits.person_key(Player(user_id=self.scope["user"].pk, session_key=None))
        self.language = await database_sync_to_async(language_of_scope)(self.scope)
        return person, self.language

    async def __call__(self, scope: dict[str, Any], receive: Callable, send: Callable) -> None:
        try:
            await super().__call__(scope, receive, send)
        finally:
            # channels skips disconnect when the socket dies of an error (the channel layer's
            # Redis went away, say): the lease would be renewed for ever by this process.
            if hasattr(self, "channel_name"):
                await socket_limits.release_socket(self.channel_name)

    async def disconnect(self, code: int) -> None:
        await socket_limits.release_socket(self.channel_name)
        if hasattr(self, "group"):
            await self.channel_layer.group_discard(self.group, self.channel_name)

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        """The page sends nothing; JSON is ignored, anything else closes the socket."""
        try:
            json.loads(text_data if text_data is not None else bytes_data or b"")
        except ValueError:
            with translation.override(self.language):
                await self._send({"type": "error", "message": gettext("That message is not JSON.")})
            await self.close(code=CLOSE_NOT_JSON)

    async def notifications_changed(self, message: dict[str, Any]) -> None:
        await self._send({**message, "type": "state"})

    async def _send(self, payload: dict[str, Any]) -> None:
        await self.send(text_data=json.dumps(payload))
